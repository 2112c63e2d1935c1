/**
 * Secrets the rules masked somewhere, masked everywhere else too. A key is often written once
 * where a rule can tell it is one (`export OPENAI_API_KEY=...`, a `password` field) and used
 * elsewhere where nothing says so (`curl -H "X-Key: ..."`, a tool's output that echoes it, a
 * line earlier in the same text): the issue's promise is that no masked value survives
 * anywhere in the copy. So each value a secret rule masked is remembered (with its JSON-escaped
 * forms, as it appears inside a JSON text), and a second pass masks its other occurrences with
 * a mask of the same length and kind.
 *
 * The search is one pass over each string with a rolling hash of its first HEAD units (a
 * Rabin-Karp filter): linear in the text whatever the number of secrets; a candidate is
 * compared only where its head's hash occurs.
 */
import { looksRandom } from './labels';
import { maskOf, type RedactionKind } from './rules';

/** Kinds whose shape alone says the value is a credential: remembered whatever they look like. */
const SHAPED_KINDS: ReadonlySet<RedactionKind> = new Set([
  'private-key',
  'jwt',
  'bearer-token',
  'api-key',
  'cloud-key',
]);
/**
 * Kinds a label gave (`password`, `secret`): remembered when the value also looks random. A
 * label can be wrong about code (`litellmApiKey: isLiteLLM ? ...` in a real Codex log): masked
 * there, but spread everywhere it would hide an identifier from every line that uses it.
 */
const LABELLED_KINDS: ReadonlySet<RedactionKind> = new Set(['password', 'secret']);

/**
 * The longest value remembered, and how many characters of forms in all: a hostile log of a
 * million masked megabyte values must not hold them all again (a PEM key, ~3,300, fits).
 */
const LONGEST = 64 * 1024;
const MOST_CHARS = 64 * 1024 * 1024;
/** Units hashed: also the shortest value remembered (a shorter one would be masked in words). */
const HEAD = 8;
const BASE = 0x01000193;
/** BASE ** (HEAD - 1), mod 2^32: what the unit leaving the window weighed. */
const OUTGOING = (() => {
  let p = 1;
  for (let i = 1; i < HEAD; i++) p = Math.imul(p, BASE);
  return p;
})();

function headHash(s: string, from: number): number {
  let h = 0;
  for (let i = from; i < from + HEAD; i++) h = (Math.imul(h, BASE) + s.charCodeAt(i)) | 0;
  return h;
}

export class KnownSecrets {
  /** Each form (the value, its JSON-escaped spellings) and the kind it was masked as. */
  private readonly kinds = new Map<string, RedactionKind>();
  /** The forms by the hash of their head, longest first. */
  private readonly byHead = new Map<number, string[]>();
  /** Characters of the forms held (MOST_CHARS at most). */
  private chars = 0;
  /** Occurrences masked by `mask`, per kind. */
  readonly counts: Record<string, number> = {};

  get size(): number {
    return this.kinds.size;
  }

  /** Remembers a value a rule masked as `kind` (when it is a credential of HEAD units or more). */
  note(value: string, kind: RedactionKind): void {
    if (value.length < HEAD || value.length > LONGEST || this.chars >= MOST_CHARS || this.kinds.has(value))
      return;
    if (!SHAPED_KINDS.has(kind) && !(LABELLED_KINDS.has(kind) && looksRandom(value))) return;
    // as a JSON text spells it, and a JSON text inside a JSON string; as Go's encoder (`&<>` as
    // \u00XX) and PHP's (`\/`) spell it
    const once = JSON.stringify(value).slice(1, -1);
    const twice = JSON.stringify(once).slice(1, -1);
    const go = once.replace(/[&<>]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
    const php = once.replaceAll('/', '\\/');
    for (const form of new Set([value, once, twice, go, php])) {
      if (this.kinds.has(form)) continue;
      this.kinds.set(form, kind);
      this.chars += form.length;
      const h = headHash(form, 0);
      const forms = this.byHead.get(h);
      if (forms === undefined) this.byHead.set(h, [form]);
      else {
        forms.push(form);
        forms.sort((a, b) => b.length - a.length);
      }
    }
  }

  /** Whether a remembered value occurs in s. */
  occursIn(s: string): boolean {
    return this.next(s, 0) !== null;
  }

  /** s with every remembered value in it masked (same length, its kind); counted. */
  mask(s: string): string {
    let out = '';
    let at = 0;
    for (let hit = this.next(s, 0); hit !== null; hit = this.next(s, hit.to)) {
      out += s.slice(at, hit.from) + maskOf(hit.kind, hit.to - hit.from);
      at = hit.to;
      this.counts[hit.kind] = (this.counts[hit.kind] ?? 0) + 1;
    }
    return at === 0 ? s : out + s.slice(at);
  }

  /** The first occurrence of a remembered form at or after `from` (the longest there). */
  private next(s: string, from: number): { from: number; to: number; kind: RedactionKind } | null {
    if (this.byHead.size === 0 || s.length - from < HEAD) return null;
    let h = headHash(s, from);
    for (let i = from; ; i++) {
      const forms = this.byHead.get(h);
      if (forms !== undefined)
        for (const form of forms)
          if (s.startsWith(form, i))
            return { from: i, to: i + form.length, kind: this.kinds.get(form) as RedactionKind };
      if (i + HEAD >= s.length) return null;
      h = (Math.imul(h - Math.imul(s.charCodeAt(i), OUTGOING), BASE) + s.charCodeAt(i + HEAD)) | 0;
    }
  }
}
