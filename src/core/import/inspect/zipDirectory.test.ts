/**
 * An .eval whose zip64 end record claims billions of directory entries (audit R7-3): fflate
 * trusted the count and read zeros past the data, one empty entry per 46 bytes, for hours.
 * Refused as "not a readable zip" after at most one entry per 46 bytes of the file.
 */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readEvalZip } from './evalZip';

/** A local-header magic (the sniff says zip), a zip64 end record claiming `entries`, its locator, an end record. */
function lyingZip(entries: number): Uint8Array {
  const local = new Uint8Array(30);
  new DataView(local.buffer).setUint32(0, 0x04034b50, true);
  const z64 = new DataView(new ArrayBuffer(56));
  z64.setUint32(0, 0x06064b50, true);
  z64.setBigUint64(4, 44n, true);
  z64.setUint16(12, 45, true);
  z64.setUint16(14, 45, true);
  z64.setBigUint64(24, BigInt(entries), true);
  z64.setBigUint64(32, BigInt(entries), true);
  const loc = new DataView(new ArrayBuffer(20));
  loc.setUint32(0, 0x07064b50, true);
  loc.setBigUint64(8, 30n, true);
  loc.setUint32(16, 1, true);
  const eocd = new DataView(new ArrayBuffer(22));
  eocd.setUint32(0, 0x06054b50, true);
  eocd.setUint16(8, 0xffff, true);
  eocd.setUint16(10, 0xffff, true);
  eocd.setUint32(12, 0xffffffff, true);
  eocd.setUint32(16, 0xffffffff, true);
  const out = new Uint8Array(30 + 56 + 20 + 22);
  out.set(local, 0);
  out.set(new Uint8Array(z64.buffer), 30);
  out.set(new Uint8Array(loc.buffer), 86);
  out.set(new Uint8Array(eocd.buffer), 106);
  return out;
}

describe('an .eval zip whose directory lies about its entry count', () => {
  it.each([1_000_000, 0xffffffff])('%i entries claimed in 128 bytes: not a readable zip', (entries) => {
    const bytes = lyingZip(entries);
    expect(bytes.length).toBe(128);
    const { log, notes } = readEvalZip(bytes);
    expect(log).toBeUndefined();
    expect(notes).toEqual([
      {
        code: 'import-unmapped',
        message:
          "the .eval file is not a readable zip (its directory claims more entries than the file's 128 bytes hold)",
      },
    ]);
  });

  it('a real .eval of many members is read', () => {
    const enc = new TextEncoder();
    const members: Record<string, Uint8Array> = { 'header.json': enc.encode('{"eval":{"task":"t"}}') };
    for (let i = 1; i <= 300; i++) members[`samples/${i}_epoch_1.json`] = enc.encode(`{"id":${i},"epoch":1}`);
    const { log, notes } = readEvalZip(zipSync(members, { level: 0 }));
    expect(notes).toEqual([]);
    expect(log?.samples).toHaveLength(300);
    expect(log?.header).toEqual({ eval: { task: 't' } });
  });
});
