/** The sample logs shipped with the app: shared data both sides of the protocol read. */

export interface BundledSample {
  /** File name under `public/samples/`; what an `open` of kind 'sample' names. */
  name: string;
  title: string;
  description: string;
}

/** The sample logs shipped with the app (public/samples/). The first one opens by default. */
export const BUNDLED_SAMPLES: readonly BundledSample[] = [
  {
    name: 'demo.jsonl',
    title: 'Demo session',
    description:
      'Three turns: streamed reasoning, text and tool calls, a failed attempt and its retry, a compaction replace, a failed tool, a user abort mid-stream.',
  },
  {
    name: 'long-session.jsonl.gz',
    title: 'Long session (gzip)',
    description:
      'A generated session: 20,000 events in 26 turns, gzip-compressed. Virtualization, packed chunk rows, folded chunk runs.',
  },
];

/**
 * The bundled sample a name means: the one of that name, else the only one whose name starts with
 * it (`?sample=demo` is demo.jsonl); undefined when no sample, or more than one, starts with it.
 */
export function bundledSampleNamed(name: string): BundledSample | undefined {
  const exact = BUNDLED_SAMPLES.find((s) => s.name === name);
  if (exact) return exact;
  const prefixed = name === '' ? [] : BUNDLED_SAMPLES.filter((s) => s.name.startsWith(name));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}
