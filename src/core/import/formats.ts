/**
 * The log formats Seqscope opens, and how each is recognized: by content,
 * never by file name. The harness's own JSONL needs no importer; every other
 * format has one (one folder per format) that re-tells it as harness events
 * (nativeLog.ts).
 *
 * Detection reads the first record (the first line, or the opening bytes of
 * a pretty-printed JSON document or a zip). Anything not recognized is read
 * as the harness's format, whose reader reports what it cannot parse.
 */
import { isObject, type JsonObject } from '../validate';

export type SourceFormat =
  'seqscope' | 'claude-code' | 'codex' | 'pi' | 'inspect-json' | 'inspect-eval' | 'json-array';

/** The names shown to people (CLI `check`, the start page, the README). */
export const FORMAT_LABELS: Readonly<Record<SourceFormat, string>> = {
  seqscope: 'DeepSeek Harness session log (JSONL)',
  'claude-code': 'Claude Code transcript (JSONL)',
  codex: 'OpenAI Codex CLI rollout (JSONL)',
  pi: 'pi coding agent session (JSONL)',
  'inspect-json': 'Inspect AI eval log (.json)',
  'inspect-eval': 'Inspect AI eval log (.eval zip)',
  'json-array': 'a JSON array of session events (not JSONL)',
};

/** The other agents whose logs open, as the start page lists them. */
export const OTHER_AGENTS_OPENED = 'Claude Code, Codex CLI, pi and Inspect AI (.eval, .json)';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function isZip(head: Uint8Array): boolean {
  return ZIP_MAGIC.every((b, i) => head[i] === b);
}

/**
 * The format of a decoded (decompressed) text prefix, or undefined when the
 * prefix is too short to tell (no complete first line yet and not at the end).
 */
export function detectTextFormat(prefix: string, atEnd: boolean): SourceFormat | undefined {
  let s = prefix.charCodeAt(0) === 0xfeff ? prefix.slice(1) : prefix;
  s = s.replace(/^\s+/, '');
  if (s === '') return atEnd ? 'seqscope' : undefined;
  // The harness's events as one JSON array (an export), read element by element (json-array/).
  // `[` then what starts no JSON value (`[INFO] starting`) is a log line before JSONL (R13-4)
  if (s[0] === '[') return /^\[\s*([^\s{["\-0-9tfn\]])/.test(s) ? 'seqscope' : 'json-array';
  if (s[0] !== '{') return 'seqscope';
  const nl = s.indexOf('\n');
  const firstLine = nl < 0 ? (atEnd ? s : undefined) : s.slice(0, nl);
  if (firstLine !== undefined) {
    let first: unknown;
    try {
      first = JSON.parse(firstLine);
    } catch {
      first = undefined;
    }
    if (isObject(first)) return formatOfRecord(first);
  }
  // Not one object per line: a pretty-printed JSON document (Inspect AI writes these).
  if (/^\{\s*"version"\s*:\s*\d+\s*,\s*"status"\s*:/.test(s) || /^\{\s*"eval"\s*:\s*\{/.test(s))
    return 'inspect-json';
  if (firstLine === undefined && s.length < 1 << 16 && !atEnd) return undefined;
  // A first line longer than the prefix (a pasted image, long instructions): decide on its first members.
  if (nl < 0) return formatOfRecord(recordPrefix(s));
  return 'seqscope';
}

/**
 * The top-level members of an object cut short, as far as they are readable:
 * strings and numbers whole, an object or array value as an empty one (its
 * kind is what the format test needs), stopping at the first member cut.
 */
function recordPrefix(s: string): JsonObject {
  const out: JsonObject = {};
  let i = 1;
  const space = () => {
    while (i < s.length && /\s/.test(s[i] as string)) i++;
  };
  const string = (): string | undefined => {
    let j = i + 1;
    while (j < s.length && s[j] !== '"') j += s[j] === '\\' ? 2 : 1;
    if (j >= s.length) return undefined;
    const text = s.slice(i, (i = j + 1));
    try {
      return JSON.parse(text) as string;
    } catch {
      return undefined; // a bad escape: not a record this test can read
    }
  };
  for (;;) {
    space();
    const key = s[i] === '"' ? string() : undefined;
    space();
    if (key === undefined || s[i++] !== ':') return out;
    space();
    const c = s[i];
    if (c === '"') {
      const v = string();
      if (v === undefined) return out;
      out[key] = v;
    } else if (c === '{' || c === '[') {
      out[key] = c === '{' ? {} : [];
      return out; // its end is past a 64 KiB prefix more often than not; nothing after it is needed
    } else {
      const m = /^[^,}\s]+/.exec(s.slice(i, i + 64));
      if (!m) return out;
      i += m[0].length;
      out[key] = m[0] === 'true' || m[0] === 'false' || m[0] === 'null' ? JSON.parse(m[0]) : Number(m[0]);
    }
    space();
    if (s[i++] !== ',') return out;
  }
}

/** Claude Code record types that may open a transcript (the harness's types all contain a slash). */
const CLAUDE_CODE_TYPES = new Set([
  'user',
  'assistant',
  'system',
  'summary',
  'attachment',
  'progress',
  'file-history-snapshot',
  'permission-mode',
  'last-prompt',
  'queue-operation',
  'custom-title',
  'agent-name',
]);

function formatOfRecord(r: JsonObject): SourceFormat {
  const type = r.type;
  // The harness: `{type:"session", version:0, createdAt}` header, or events with `data`.
  if (type === 'session') {
    const piLike =
      typeof r.timestamp === 'string' &&
      r.createdAt === undefined &&
      (r.version === undefined || r.version !== 0);
    return piLike ? 'pi' : 'seqscope';
  }
  if (typeof type === 'string' && typeof r.timestamp === 'string' && isObject(r.payload)) return 'codex';
  if ('parentUuid' in r || (typeof type === 'string' && CLAUDE_CODE_TYPES.has(type) && !('data' in r)))
    return 'claude-code';
  if (isObject(r.eval) && ('samples' in r || 'version' in r)) return 'inspect-json';
  return 'seqscope';
}
