import { describe, expect, it } from 'vitest';
import { boundedMatches } from './boundedList';
import { NameIndex, nameIndexOf } from './nameIndex';

type Item = { name: string; count: number };
const nameOf = (t: Item) => t.name;
const byCount = (a: Item, b: Item) => b.count - a.count;

/** Names with upper case, non-ASCII letters (a final sigma, a dotted I) and bidi controls. */
function items(n: number): Item[] {
  const parts = ['Tool', 'ΣΟΦΙΑ', 'İstanbul', 'x\u202e/', 'Chunk', 'ß', 'aBc'];
  return Array.from({ length: n }, (_, i) => ({
    name: `${parts[i % parts.length]}/${i}${parts[(i * 3 + 1) % parts.length]}`,
    count: (i * 31) % 17,
  }));
}

describe('NameIndex', () => {
  const list = items(3000);
  // Typed in order (each extends the one before, then a fresh start), with case and spaces.
  const queries = [
    't',
    'to',
    'too',
    'tool',
    'tool/1',
    'x',
    ' X\u202e ',
    'σ',
    'σο',
    'İ',
    'i̇',
    'ss',
    'ß',
    'abc',
    'zz',
    '1',
    '12',
    '2',
  ];

  it('matches exactly what the plain path matches, whatever part of it is built', () => {
    for (const built of [0, 1, 1234, list.length]) {
      const index = new NameIndex(list, nameOf);
      index.buildSome(built);
      for (const q of queries) {
        const plain = boundedMatches(list, nameOf, q, byCount, 50);
        const indexed = boundedMatches(list, nameOf, q, byCount, 50, index);
        expect(indexed).toEqual(plain);
        index.buildSome(700); // the build goes on between keys
      }
    }
  });

  it('lower-cases no name on a key once built, and searches only the last matches for a query that extends it', () => {
    let named = 0;
    const counted = (t: Item) => (named++, t.name);
    const index = new NameIndex(list, counted);
    index.buildSome(list.length);
    named = 0;
    for (const q of ['t', 'to', 'too', 'tool']) boundedMatches(list, counted, q, byCount, 50, index);
    expect(named).toBe(0);
    const all = index.matching('tool');
    expect(index.scanned).toBe(list.filter((t) => t.name.toLowerCase().includes('too')).length);
    expect(index.scanned).toBeLessThan(list.length / 2);
    expect(all.length).toBe(list.filter((t) => t.name.toLowerCase().includes('tool')).length);
    // Deleting a character (a shorter query) searches the whole list again.
    expect(index.matching('too').length).toBe(all.length);
    expect(index.scanned).toBe(list.length);
    expect(index.matching('tool/12').map(nameOf)).toEqual(
      list.filter((t) => t.name.toLowerCase().includes('tool/12')).map(nameOf),
    );
  });

  it('is built in slices of a count, and is one per list', () => {
    const index = nameIndexOf(list, nameOf);
    expect(nameIndexOf(list, nameOf)).toBe(index);
    expect(nameIndexOf(items(3), nameOf)).not.toBe(index);
    let slices = 0;
    while (!index.buildSome(1000)) slices++;
    expect(slices + 1).toBe(3);
    expect(index.built).toBe(list.length);
  });

  it('is ignored for another list', () => {
    const other = items(10);
    const index = new NameIndex(list, nameOf);
    expect(boundedMatches(other, nameOf, 'tool', byCount, 5, index)).toEqual(
      boundedMatches(other, nameOf, 'tool', byCount, 5),
    );
  });
});
