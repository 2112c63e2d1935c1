/**
 * An .eval whose zip64 end record claims billions of directory entries (audit R7-3): fflate
 * trusted the count and read zeros past the data, one empty entry per 46 bytes, for hours.
 * Refused as "not a readable zip" after at most one entry per 46 bytes of the file. And members
 * whose deflate stream passes their declared size (audit R11-1): cut a step past it, skipped.
 */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { crc32 } from '../../reader/crc32';
import { DEFAULT_READ_LIMITS } from '../../reader/readLimits';
import { readEvalZip } from './evalZip';
import { memberBytes, SizeLie, STEP_OVERSHOOT_BYTES, zipMembers, type ZipMember } from './zipDirectory';

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

/** A zip of deflated (8) or stored (0) members, each declaring `declared` as its size (evalbomb.py's shape). */
function zipOf(entries: { name: string; data: Uint8Array; method: 0 | 8; declared: number }[]): Uint8Array {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc.encode(e.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, e.method, true);
    local.setUint32(18, e.data.length, true);
    local.setUint32(22, e.declared, true);
    local.setUint16(26, name.length, true);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(10, e.method, true);
    central.setUint32(16, crcOf(e.data, e.method), true);
    central.setUint32(20, e.data.length, true);
    central.setUint32(24, e.declared, true);
    central.setUint16(28, name.length, true);
    central.setUint32(42, offset, true);
    locals.push(new Uint8Array(local.buffer), name, e.data);
    centrals.push(new Uint8Array(central.buffer), name);
    offset += 30 + name.length + e.data.length;
  }
  const cdLength = centrals.reduce((n, c) => n + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, cdLength, true);
  end.setUint32(16, offset, true);
  return concat([...locals, ...centrals, new Uint8Array(end.buffer)]);
}

/** The CRC-32 of a member's uncompressed bytes (0 when its deflate stream does not inflate whole). */
function crcOf(data: Uint8Array, method: 0 | 8): number {
  try {
    return crc32(0, method === 0 ? data : new Uint8Array(inflateRawSync(data)));
  } catch {
    return 0;
  }
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('an .eval member that lies about its uncompressed size (audit R11-1)', () => {
  // 64 MiB of spaces deflate to ~64 KB; the member declares 1 KiB (the ratio check passes)
  const REAL = 64 * 1024 * 1024;
  const DECLARED = 1024;
  const bomb = new Uint8Array(deflateRawSync(Buffer.alloc(REAL, 0x20), { level: 9 }));
  const sample = new TextEncoder().encode('{"id":1,"epoch":1,"messages":[]}');
  const bytes = zipOf([
    { name: 'header.json', data: bomb, method: 8, declared: DECLARED },
    { name: 'samples/1_epoch_1.json', data: sample, method: 0, declared: sample.length },
  ]);

  it('is inflated only a step past its declared size, not to its real size', () => {
    const header = zipMembers(bytes).find((m) => m.name === 'header.json');
    expect(header).toMatchObject({ method: 8, declaredSize: DECLARED, compressedSize: bomb.length });
    const lie = (() => {
      try {
        memberBytes(bytes, header as ZipMember);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(lie).toBeInstanceOf(SizeLie);
    const { inflated, message } = lie as SizeLie;
    expect(message).toBe(
      'it inflates to more than the 1.0 KiB its directory declares (a decompression bomb?)',
    );
    expect(inflated).toBeGreaterThan(DECLARED);
    expect(inflated).toBeLessThanOrEqual(DECLARED + STEP_OVERSHOOT_BYTES);
    expect(STEP_OVERSHOOT_BYTES).toBeLessThan(REAL / 16);
  });

  it('is skipped with a note naming it and why; the valid sample still reads', () => {
    const { log, notes } = readEvalZip(bytes, DEFAULT_READ_LIMITS);
    expect(notes).toEqual([
      {
        code: 'import-unmapped',
        message:
          'header.json in the .eval zip cannot be read: it inflates to more than the 1.0 KiB its directory declares (a decompression bomb?); skipped',
        // its bytes in the file: a copy of the events says it misses them (audit R16-1)
        droppedBytes: expect.any(Number) as number,
      },
    ]);
    expect(log?.header).toEqual({});
    expect(log?.samples).toEqual([{ id: 1, epoch: 1, messages: [] }]);
  });
});

describe('.eval members inflated in steps', () => {
  const enc = new TextEncoder();
  const text = JSON.stringify({ eval: { task: 't', pad: Array.from({ length: 200_000 }, (_, i) => i) } });

  it('a deflated member of many steps reads exactly (declared size right, or larger than the real one)', () => {
    const data = new Uint8Array(deflateRawSync(enc.encode(text)));
    expect(data.length).toBeGreaterThan(4 * 64 * 1024);
    for (const declared of [text.length, text.length + 100]) {
      const { log, notes } = readEvalZip(zipOf([{ name: 'header.json', data, method: 8, declared }]));
      expect(notes).toEqual([]);
      expect(JSON.stringify(log?.header)).toBe(text);
    }
  });

  it('a deflate stream cut short is skipped with a note; the other members read', () => {
    const data = new Uint8Array(deflateRawSync(enc.encode(text))).subarray(0, 5000);
    const sample = enc.encode('{"id":1,"epoch":1}');
    const { log, notes } = readEvalZip(
      zipOf([
        { name: 'header.json', data, method: 8, declared: text.length },
        { name: 'samples/1_epoch_1.json', data: sample, method: 0, declared: sample.length },
      ]),
    );
    expect(notes).toEqual([
      {
        code: 'import-unmapped',
        message: 'header.json in the .eval zip cannot be read: unexpected EOF; skipped',
        droppedBytes: data.length,
      },
    ]);
    expect(log?.samples).toEqual([{ id: 1, epoch: 1 }]);
  });
});

describe('a member whose bytes are damaged (audit R16-7)', () => {
  it('fails its CRC-32 check and is skipped with its bytes as unread, where a flipped bit used to inflate to altered text', () => {
    const enc = new TextEncoder();
    const sample = JSON.stringify({
      id: 1,
      epoch: 1,
      messages: [],
      note: 'x'.repeat(40) + 'the quick brown fox'.repeat(50),
    });
    const good = zipSync({ 'samples/1_epoch_1.json': enc.encode(sample) }, { level: 6 });
    expect(readEvalZip(good).notes).toEqual([]);
    // flip bits in the deflate data until one inflates whole to other text (what a CRC must catch)
    const [m] = zipMembers(good);
    if (!m) throw new Error('no member');
    const dataAt = m.headerOffset + 30 + 'samples/1_epoch_1.json'.length;
    let altered: Uint8Array | undefined;
    for (let at = dataAt + 2; at < dataAt + m.compressedSize - 2 && !altered; at++)
      for (let bit = 0; bit < 8 && !altered; bit++) {
        const bad = good.slice();
        bad[at] = (bad[at] as number) ^ (1 << bit);
        try {
          const text = new TextDecoder().decode(
            inflateRawSync(bad.subarray(dataAt, dataAt + m.compressedSize)),
          );
          if (text.length === sample.length && text !== sample) altered = bad;
        } catch {
          // this flip does not inflate: not the case under test
        }
      }
    if (!altered) throw new Error('no single-bit flip inflated whole');
    expect(() => memberBytes(altered, m)).toThrow('it fails its CRC-32 check (the file is damaged)');
    const { notes } = readEvalZip(altered);
    expect(notes).toEqual([
      {
        code: 'import-unmapped',
        message:
          'samples/1_epoch_1.json in the .eval zip cannot be read: it fails its CRC-32 check (the file is damaged); skipped',
        droppedBytes: m.compressedSize,
      },
    ]);
  });
});
