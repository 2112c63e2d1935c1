/**
 * An Inspect sample's `attachment://<hash>` strings, resolved from its `attachments` at any depth,
 * with a budget on the text inlined in all: each reference is resolved on its own, so 1500
 * references to one 1 MB attachment made 1.5 GB (audit R8-11). Past the budget a reference is kept
 * as recorded and one warning says so (not a read limit: every event is still read).
 */
import { isObject, type JsonObject } from '../../validate';
import type { NativeLog } from '../nativeLog';

export class Attachments {
  private chars = 0;

  constructor(
    private readonly attachments: JsonObject,
    /** Attachment text inlined at most (callInput.ts: ATTACHMENT_FLOOR_CHARS, ATTACHMENT_INPUT_RATIO). */
    private readonly budget: number,
    private readonly out: NativeLog,
  ) {}

  /**
   * `v` with its `attachment://<hash>` strings replaced by the attachment's text: a copy made
   * with a work list, not recursion (a value 1000 levels deep, the import's cut, overflowed a
   * browser worker's smaller stack here).
   */
  resolve(v: unknown): unknown {
    const work: [unknown, unknown][] = [];
    const out = this.one(v, work);
    for (let next = work.pop(); next; next = work.pop()) {
      const [src, dst] = next;
      if (Array.isArray(src)) for (const x of src as unknown[]) (dst as unknown[]).push(this.one(x, work));
      else
        for (const [k, x] of Object.entries(src as JsonObject))
          Object.defineProperty(dst, k, {
            value: this.one(x, work),
            enumerable: true,
            writable: true,
            configurable: true,
          });
    }
    return out;
  }

  private one(x: unknown, work: [unknown, unknown][]): unknown {
    if (typeof x === 'string') return this.text(x);
    if (Array.isArray(x) || isObject(x)) {
      const copy = Array.isArray(x) ? [] : {};
      work.push([x, copy]);
      return copy;
    }
    return x;
  }

  private text(x: string): string {
    if (!x.startsWith('attachment://')) return x;
    const a = this.attachments[x.slice('attachment://'.length)];
    if (typeof a !== 'string') return x;
    if (this.chars + a.length > this.budget) {
      if (this.chars !== Infinity)
        this.out.note(
          'import-unmapped',
          `attachments are inlined up to ${Math.round(this.budget / (1024 * 1024))} MB of text in all; later references stay \`attachment://<hash>\``,
        );
      this.chars = Infinity; // one note
      return x;
    }
    this.chars += a.length;
    return a;
  }
}
