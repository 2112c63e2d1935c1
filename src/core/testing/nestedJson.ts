/**
 * TEST-ONLY builders of deeply nested JSON, and of the Inspect AI logs the tests hide it in.
 * A value thousands of levels deep is written as text: JSON.stringify of it would overflow the
 * stack it is meant to test. So a log is built as an object with `"DEEP"` placeholders, turned
 * to text, and the deep values put in their place (`withDeep`).
 * Pure TypeScript, for Node tests and e2e specs alike.
 */

/** `[[[1]]]`, `n` levels deep around `inner`. */
export const nestedArray = (n: number, inner = '1'): string => `${'['.repeat(n)}${inner}${']'.repeat(n)}`;

/** `{"a":{"a":1}}`, `n` levels deep around `inner`, each level one `key`. */
export const nestedObject = (n: number, inner = '1', key = 'a'): string =>
  `${`{"${key}":`.repeat(n)}${inner}${'}'.repeat(n)}`;

/** The JSON string that marks where `withDeep` puts a deep value. */
export const DEEP = 'DEEP';

/**
 * `text` with its `"DEEP"` strings replaced: by `values` in order, or every one of them by
 * the single value given.
 */
export function withDeep(text: string, ...values: string[]): string {
  const mark = JSON.stringify(DEEP);
  if (values.length === 1) return text.replaceAll(mark, values[0] as string);
  return values.reduce((out, v) => out.replace(mark, v), text);
}

/** An ISO time `t` seconds after 2026-01-01T00:00:00Z. */
export const isoAt = (t: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, t)).toISOString();

export interface InspectSampleSpec {
  id?: number;
  /** The user's task (the sample's first message). */
  task: string;
  /** What the model was sent; the task when not given. */
  input?: string;
  /** The model's answer. */
  answer: string;
  /** With a `sample_init` event before the model call (true when not given). */
  init?: boolean;
  /** More fields of the sample (metadata, ...). */
  extra?: Record<string, unknown>;
}

/** One Inspect sample: the task and one model call that answers it. */
export function inspectSample(s: InspectSampleSpec): Record<string, unknown> {
  const model = {
    event: 'model',
    timestamp: isoAt(1),
    completed: isoAt(2),
    model: 'm',
    input: [{ role: 'user', content: s.input ?? s.task }],
    output: { choices: [{ message: { role: 'assistant', content: s.answer }, stop_reason: 'stop' }] },
  };
  return {
    id: s.id ?? 1,
    epoch: 1,
    messages: [{ role: 'user', content: s.task }],
    events: s.init === false ? [model] : [{ event: 'sample_init', timestamp: isoAt(0) }, model],
    ...s.extra,
  };
}

/** An Inspect AI `.json` log as an object (JSON.stringify it, pretty or not): a header and its samples. */
export function inspectLog(
  samples: unknown[],
  evalFields: Record<string, unknown> = { task: 't', model: 'm' },
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { version: 2, status: 'success', eval: evalFields, samples, ...extra };
}
