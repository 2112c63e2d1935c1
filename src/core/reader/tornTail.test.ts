/**
 * Torn tails (spec section 1): a last line without a newline, and a zstd
 * stream whose last frame a crash cut short. The spec's wording is the
 * oracle: the harness cuts an unterminated last line off on resume, parsed or
 * not; the viewer keeps a line that parses and says what the harness would do.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readBytes, readText } from './testing';
import { createDecompressor } from './decompress';

const enc = new TextEncoder();
const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const zst = fixture('harness-frames.jsonl.zst');
const plain = new TextDecoder().decode(fixture('harness-frames.jsonl'));
/** Frame sizes of the fixture (fixtures/README.md): header frame, frame 2, frame 3. */
const FRAME1 = 109;
const FRAME2 = 209;

const codes = (r: { diagnostics: { code: string; severity: string; seq?: number }[] }) =>
  r.diagnostics.map((d) => [d.code, d.severity, d.seq]);

describe('a last line without a newline', () => {
  const turnStart = '{"type":"turn/start","data":{"turn":1}}';
  const userMsg = '{"type":"user/message","data":{"role":"user","content":[]},"surfaceOp":"append"}';

  it('that parses: is loaded, and one torn-tail warning says the harness would cut it off on resume', () => {
    const r = readText(`${turnStart}\n${userMsg}`);
    expect(r.events.map((e) => e.type)).toEqual(['turn/start', 'user/message']);
    const torn = r.diagnostics.filter((d) => d.code === 'torn-tail');
    expect(torn).toHaveLength(1);
    expect(torn[0]).toMatchObject({ severity: 'warning', seq: 1, line: 2 });
    expect(torn[0]?.message).toMatch(/has no newline: shown as read, but the harness cuts .* on resume/);
    expect(torn[0]?.message).toContain('seq 1');
  });

  it('that does not parse: is dropped, with one torn-tail warning', () => {
    const r = readText(`${turnStart}\n{"type":"user/mess`);
    expect(r.events.map((e) => e.type)).toEqual(['turn/start']);
    expect(codes(r).filter(([c]) => c === 'torn-tail')).toEqual([['torn-tail', 'warning', undefined]]);
    expect(r.diagnostics.find((d) => d.code === 'torn-tail')?.message).toMatch(
      /dropped, as the harness drops it/,
    );
    // How much was dropped, for the app's note (TornTailNote.tsx): the cut line's bytes.
    expect(r.diagnostics.find((d) => d.code === 'torn-tail')?.droppedBytes).toBe(
      enc.encode('{"type":"user/mess').length,
    );
  });

  it('a packed row without a newline: every member it expands to is named', () => {
    const row = JSON.stringify({
      type: 'text-chunks',
      data: { turn: 1, step: 1, index: 0, dt: [1], texts: ['a', 'b'] },
    });
    const r = readText(`${turnStart}\n${row}`);
    expect(r.events).toHaveLength(3);
    expect(r.diagnostics.find((d) => d.code === 'torn-tail')).toMatchObject({ seq: 1 });
    expect(r.diagnostics.find((d) => d.code === 'torn-tail')?.message).toContain('seqs 1..2');
  });

  it('a terminated last line is no torn tail', () => {
    expect(codes(readText(`${turnStart}\n`)).filter(([c]) => c === 'torn-tail')).toEqual([]);
  });
});

describe('zstd as the harness writes it (header alone in frame 1, frames end on lines)', () => {
  it('reads the whole fixture with no diagnostics but the seq ones', () => {
    const r = readBytes(zst);
    expect(r.header?.header.id).toBe('s-zstd');
    expect(r.events).toHaveLength(6);
    expect(r.diagnostics).toEqual([]);
  });

  it('a last frame cut short is a torn-tail warning, not bad-compression; complete lines are kept', () => {
    const completeLines = plain.split('\n').filter(Boolean).length - 1; // minus the header
    for (let cut = FRAME1 + FRAME2 + 1; cut < zst.length; cut += 7) {
      const r = readBytes(zst.subarray(0, cut));
      const where = `cut at ${cut} of ${zst.length}`;
      expect(codes(r), where).toEqual([['torn-tail', 'warning', undefined]]);
      expect(r.diagnostics[0]?.message, where).toMatch(/the last zstd frame is cut short/);
      // Frame 2's three events always; frame 3's only whole lines (all of them when only the checksum is cut).
      expect(r.events.length, where).toBeGreaterThanOrEqual(3);
      expect(r.events.length, where).toBeLessThanOrEqual(completeLines);
      r.events.forEach((ev, i) => expect(ev.seq, where).toBe(i));
    }
  });

  it('a stream cut inside frame 2 keeps frame 1 (the header) and reports one torn tail', () => {
    const r = readBytes(zst.subarray(0, FRAME1 + 40), [13]);
    expect(r.header?.header.id).toBe('s-zstd');
    expect(codes(r)).toEqual([['torn-tail', 'warning', undefined]]);
  });

  it('a cut that leaves only the checksum short keeps every line', () => {
    const r = readBytes(zst.subarray(0, zst.length - 2));
    expect(r.events).toHaveLength(6);
    expect(codes(r)).toEqual([['torn-tail', 'warning', undefined]]);
    expect(r.diagnostics[0]?.message).toMatch(/every line decoded is kept/);
  });

  it('a frame that fails in the middle of the file is bad-compression (error)', () => {
    const broken = zst.slice();
    broken[FRAME1 + 3] = 0x00; // frame 2's magic number
    const r = readBytes(broken);
    expect(r.diagnostics.map((d) => d.code)).toContain('bad-compression');
    expect(r.diagnostics.map((d) => d.code)).not.toContain('torn-tail');
  });

  it('bytes after the last frame that are no frame at all are bad-compression', () => {
    const d = createDecompressor();
    d.push(new Uint8Array([...zst, ...enc.encode('garbage!')]));
    d.end();
    expect(d.error).toMatch(/zstd data is corrupt or truncated/);
    expect(d.truncated).toBeUndefined();
  });
});
