/**
 * One-line summaries of the log-only rows importers keep (`claude-code/*`,
 * `codex/*`, `pi/*`, `inspect/*`): the field that says what happened, not the
 * record's first keys. Used by the timeline's summaries (view/summary.ts).
 */
import { isObject } from '../validate';

export const IMPORTED_ROW_FAMILIES = ['claude-code', 'codex', 'pi', 'inspect'];

type Data = Record<string, unknown>;

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v.replace(/\s+/g, ' ') : typeof v === 'number' ? String(v) : undefined;

/** The summary text of an imported row, or undefined when the type is not one. */
export function importedRowSummary(type: string, d: Data): { text: string; warn: boolean } | undefined {
  const slash = type.indexOf('/');
  if (slash < 0 || !IMPORTED_ROW_FAMILIES.includes(type.slice(0, slash))) return undefined;
  const kind = type.slice(slash + 1);
  if (kind === 'other-branch') {
    const r = isObject(d.record) ? d.record : isObject(d.entry) ? d.entry : {};
    const m = isObject(r.message) ? r.message : {};
    return {
      text: `on another branch · ${text(r.type) ?? 'record'} ${text(m.role) ?? ''} ${firstText(m.content) ?? ''}`.trim(),
      warn: false,
    };
  }
  if (kind === 'token_count') {
    const info = isObject(d.info) ? d.info : undefined;
    const last = info && isObject(info.last_token_usage) ? info.last_token_usage : undefined;
    return {
      text: last
        ? `tokens: ${text(last.input_tokens) ?? 0} in · ${text(last.output_tokens) ?? 0} out`
        : 'rate limits',
      warn: false,
    };
  }
  if (kind === 'exec_command_end') {
    const code = typeof d.exit_code === 'number' ? d.exit_code : undefined;
    // Never String() an element: an object whose toString is not a function throws.
    const cmd = Array.isArray(d.command) ? d.command.map((w) => text(w) ?? '?').join(' ') : text(d.command);
    return { text: `exit ${code ?? '?'} · ${cmd ?? ''}`, warn: code !== undefined && code !== 0 };
  }
  const attachment = isObject(d.attachment) ? d.attachment : undefined;
  const detail =
    text(d.subtype) ??
    (attachment ? [text(attachment.type), text(attachment.hookName)].filter(Boolean).join(' ') : undefined) ??
    text(d.message) ??
    text(d.text) ??
    text(d.summary) ??
    text(d.thinkingLevel) ??
    text(d.content) ??
    text(d.type) ??
    '';
  const extra = text(d.content) && text(d.subtype) ? ` · ${text(d.content)}` : '';
  return {
    text: `${kind}${detail !== '' && detail !== kind ? ` · ${detail}` : ''}${extra}`,
    warn: d.level === 'error' || text(d.subtype) === 'api_error',
  };
}

function firstText(content: unknown): string | undefined {
  if (typeof content === 'string') return text(content);
  if (!Array.isArray(content)) return undefined;
  for (const b of content) if (isObject(b) && typeof b.text === 'string') return text(b.text);
  return undefined;
}
