/**
 * What a scan learnt of its last few long strings. A packed `tool-call-chunks` row gives its id
 * and name to every member (core/reader/packedRows.ts, as the spec writes it): a 1 MB name was
 * read again for each of 100,000 members by search and by the timeline filter (audit R23-6).
 * The members of one row share the row's strings, so `===` finds them by pointer, and what was
 * learnt of one is what reading it again would learn. Both scans keep their memo here.
 */

/** Strings this long or longer are remembered (short ones cost little to read again). */
export const LONG_STRING = 1024;
/** How many are remembered: a packed member's id, name and arguments alternate, with room. */
const REMEMBERED = 8;

export class LongStringMemo<T> {
  private readonly keys: string[] = [];
  private readonly strings: string[] = [];
  private readonly learnt: T[] = [];
  private nextSlot = 0;

  /**
   * What `learn` says of `value` (a string of at least LONG_STRING units), from memory when the
   * same string was seen lately under the same `key` (a field name, or '' where there is none).
   */
  recall(key: string, value: string, learn: () => T): T {
    for (let i = 0; i < this.strings.length; i++)
      if (this.strings[i] === value && this.keys[i] === key) return this.learnt[i] as T;
    const result = learn();
    this.keys[this.nextSlot] = key;
    this.strings[this.nextSlot] = value;
    this.learnt[this.nextSlot] = result;
    this.nextSlot = (this.nextSlot + 1) % REMEMBERED;
    return result;
  }
}
