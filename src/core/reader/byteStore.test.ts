import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADOPT_MIN_BYTES, ByteStore, InputChanged } from './byteStore';
import { splitBytes } from './testing';

const bytes = (n: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 0xff);

describe('ByteStore', () => {
  it('keeps appended bytes in blocks that double from initialCapacity up to blockSize', () => {
    const store = new ByteStore(8, { initialCapacity: 2 });
    const data = bytes(30);
    for (const piece of splitBytes(data, [3, 1, 7])) store.append(piece);
    expect(store.length).toBe(30);
    expect(Array.from({ length: store.blockCount }, (_, i) => store.block(i).length)).toEqual([
      2, 4, 8, 8, 8,
    ]);
    expect(Array.from({ length: store.blockCount }, (_, i) => store.blockStart(i))).toEqual([
      0, 2, 6, 14, 22,
    ]);
    expect([0, 1, 2, 5, 6, 13, 14, 29].map((o) => store.blockIndexOf(o))).toEqual([0, 0, 1, 1, 2, 2, 3, 4]);
    expect(store.slice(0, 30)).toEqual(data);
  });

  it('adopts a handed-over chunk as its own block (no copy), after cutting a partly used last block', () => {
    const store = new ByteStore(4 * ADOPT_MIN_BYTES);
    const small = bytes(100);
    const big = bytes(ADOPT_MIN_BYTES + 5);
    store.adopt(small); // too small to be a block: copied
    store.adopt(big);
    store.append(small);
    expect(store.length).toBe(200 + ADOPT_MIN_BYTES + 5);
    expect(store.blockCount).toBe(3);
    expect(store.block(0).length).toBe(100); // cut to its used bytes
    expect(store.block(1)).toBe(big); // the very chunk
    expect(store.blockStart(2)).toBe(100 + big.length);
    const all = new Uint8Array(store.length);
    all.set(small, 0);
    all.set(big, 100);
    all.set(small, 100 + big.length);
    expect(store.slice(0, store.length)).toEqual(all);
    // Larger than a block: copied into blocks as append does.
    const tiny = new ByteStore(ADOPT_MIN_BYTES);
    tiny.adopt(bytes(3 * ADOPT_MIN_BYTES));
    expect(tiny.blockCount).toBeGreaterThan(1);
    expect(tiny.slice(0, tiny.length)).toEqual(bytes(3 * ADOPT_MIN_BYTES));
  });

  it('returns a view inside one block and a copy across blocks', () => {
    const store = new ByteStore(8);
    store.append(bytes(20));
    const inside = store.slice(9, 5);
    expect(inside.buffer).toBe(store.block(1).buffer);
    expect(inside).toEqual(bytes(20).subarray(9, 14));
    const spanning = store.slice(6, 12);
    expect(spanning.buffer).not.toBe(store.block(0).buffer);
    expect(spanning).toEqual(bytes(20).subarray(6, 18));
  });

  it('copies on append, so the caller may reuse its buffer', () => {
    const store = new ByteStore(4);
    const buf = new Uint8Array([1, 2, 3]);
    store.append(buf);
    buf.fill(9);
    expect(store.slice(0, 3)).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('never reallocates a block while loading, and trims a mostly empty last block at the end', () => {
    const store = new ByteStore(1 << 20, { initialCapacity: 4 });
    store.append(bytes(5));
    const first = store.block(0);
    store.append(bytes(100));
    expect(store.block(0)).toBe(first);
    expect(Array.from({ length: store.blockCount }, (_, i) => store.block(i).length)).toEqual([
      4, 8, 16, 32, 45,
    ]);
    const before = store.slice(0, 105);
    store.trim();
    expect(store.slice(0, 105)).toEqual(before);
    store.append(bytes(3)); // still appendable after trim
    expect(store.slice(105, 3)).toEqual(bytes(3));
  });

  it('answers byteAt and refuses out-of-range slices', () => {
    const store = new ByteStore(4);
    store.append(bytes(10));
    expect(store.byteAt(5)).toBe(bytes(10)[5]);
    expect(store.byteAt(10)).toBeUndefined();
    expect(store.slice(10, 0)).toEqual(new Uint8Array(0));
    expect(() => store.slice(8, 3)).toThrow(RangeError);
    expect(() => store.slice(-1, 1)).toThrow(RangeError);
  });

  it('slices equal the appended bytes for any block size and chunking', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.nat(),
        (data, blockSize, sizes, a, b) => {
          const store = new ByteStore(blockSize, { initialCapacity: 1 });
          for (const piece of splitBytes(data, sizes)) store.append(piece);
          const offset = a % data.length;
          const length = b % (data.length - offset + 1);
          expect(store.slice(offset, length)).toEqual(data.subarray(offset, offset + length));
        },
      ),
    );
  });
  it('holds bytes given to `over` without copying them, and appends after them', () => {
    const data = bytes(10);
    const store = ByteStore.over(data, 4);
    expect(store.length).toBe(10);
    expect(store.blockCount).toBe(1);
    expect(store.slice(2, 5).buffer).toBe(data.buffer); // a view, not a copy
    expect(store.byteAt(9)).toBe(data[9]);
    store.append(bytes(6));
    expect(store.length).toBe(16);
    expect(store.slice(8, 4)).toEqual(new Uint8Array([...data.subarray(8), ...bytes(6).subarray(0, 2)]));
    store.trim();
    expect(store.slice(0, 10)).toEqual(data);
    expect(ByteStore.over(new Uint8Array(0)).length).toBe(0);
  });

  it('lets go of blocks wholly before an offset when it has a source, and reads them again from it', () => {
    const data = bytes(100);
    const reads: [number, number][] = [];
    const source = {
      readAt: (offset: number, length: number) => (
        reads.push([offset, length]),
        data.slice(offset, offset + length)
      ),
    };
    const store = new ByteStore(8, { initialCapacity: 8, source });
    store.append(data);
    store.release(21); // blocks 0 and 1 end at 8 and 16; block 2 holds 21
    expect(store.heldBytes).toBe(100 - 16);
    expect(reads).toEqual([]);
    expect(store.slice(3, 10)).toEqual(data.subarray(3, 13)); // wholly released: exactly these bytes
    expect(reads).toEqual([[3, 10]]);
    expect(store.slice(12, 10)).toEqual(data.subarray(12, 22)); // released, then held
    expect(store.byteAt(9)).toBe(data[9]);
    expect(store.block(1)).toEqual(data.subarray(8, 16)); // read back whole
    expect(store.slice(0, 100)).toEqual(data);
    store.release(1000); // never the last block
    expect(store.heldBytes).toBe(4);
    expect(store.slice(90, 10)).toEqual(data.subarray(90, 100));
    // A source that gives fewer bytes than asked: the input changed (not a line that does not parse).
    const short = new ByteStore(8, { initialCapacity: 8, source: { readAt: () => data.slice(0, 2) } });
    short.append(data);
    short.release(50);
    expect(() => short.slice(0, 5)).toThrow(InputChanged);
    expect(() => short.slice(0, 5)).toThrow('bytes 0..5 could not be read again (2 read)');
    // Without a source nothing is let go.
    const plain = new ByteStore(8);
    plain.append(data);
    plain.release(100);
    expect(plain.heldBytes).toBe(100);
  });
});
