import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SessionLog } from '../log/sessionLog';
import { notTextMessage, sniffText } from './textSniff';

const enc = new TextEncoder();
const CLEAN = readFileSync(new URL('../../../fixtures/diagnostics/clean.jsonl', import.meta.url));
const CLEAN_EVENTS = 25;

/** Pseudo-random bytes (no line ends), reproducible. */
function noise(n: number, seed = 7): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    const b = x >>> 24;
    out[i] = b === 0x0a ? 0 : b;
  }
  return out;
}

function load(bytes: Uint8Array, pieceBytes = bytes.length): SessionLog {
  const log = new SessionLog();
  for (let i = 0; i < bytes.length; i += pieceBytes) log.push(bytes.subarray(i, i + pieceBytes));
  log.end();
  return log;
}

function cat(...parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts));
}

describe('sniffText', () => {
  it('counts NUL, control and invalid UTF-8 bytes, never valid multi-byte text', () => {
    expect(sniffText(enc.encode('{"text":"héllo 你好 😀\\u0000"}\n\t\r\f\x1b[1m'), true).binary).toBe(0);
    expect(sniffText(new Uint8Array([0x00, 0x01, 0x7f, 0x41]), true)).toEqual({ looked: 4, binary: 3 });
    // A lone continuation byte, an overlong form, a surrogate, a truncated sequence at the end.
    expect(sniffText(new Uint8Array([0x80, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xe4, 0xbd]), true).binary).toBe(8);
    // A sequence cut by the head's end (more input follows) is not counted.
    expect(sniffText(new Uint8Array([0x41, 0xe4, 0xbd]), false).binary).toBe(0);
  });

  it('names known binary types by their magic number', () => {
    const png = cat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), noise(50));
    expect(sniffText(png, true).looksLike).toBe('a PNG image');
    expect(sniffText(cat(enc.encode('SQLite format 3\0'), new Uint8Array(100)), true).looksLike).toBe(
      'an SQLite database',
    );
    expect(
      sniffText(cat(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), new Uint8Array(60)), true).looksLike,
    ).toBe('an ELF executable');
    const utf16 = cat(new Uint8Array([0xff, 0xfe]), new Uint8Array(Buffer.from('{"type":"x"}\n', 'utf16le')));
    expect(notTextMessage(sniffText(utf16, true))).toContain('it looks like UTF-16 text (save it as UTF-8)');
  });

  it('refuses over a tenth binary, or any binary behind a magic number; text with a few odd bytes passes', () => {
    expect(notTextMessage({ looked: 1000, binary: 101 })).toBe(
      'this is not a text log: 101 of its 1000 bytes are binary (NUL, control or invalid UTF-8 bytes). A session log is UTF-8 JSON, one event per line.',
    );
    expect(notTextMessage({ looked: 65_536, binary: 30_000 })).toContain(
      '30000 of the first 64 KiB bytes are binary',
    );
    expect(notTextMessage({ looked: 1000, binary: 100 })).toBeNull();
    expect(notTextMessage({ looked: 1000, binary: 1, looksLike: 'a PDF document' })).toContain(
      'it looks like a PDF document',
    );
    expect(notTextMessage({ looked: 1000, binary: 0, looksLike: 'a Windows executable' })).toBeNull();
  });
});

describe('a binary input through SessionLog', () => {
  it('is refused whole: no event, one not-text diagnostic, the reason', () => {
    for (const piece of [1 << 20, 100]) {
      const log = load(noise(200_000), piece);
      expect(log.eventCount).toBe(0);
      expect(log.notText).toMatch(/^this is not a text log: \d+ of the first 64 KiB bytes are binary/);
      expect(log.diagnosticList.map((d) => d.code)).toEqual(['not-text']);
    }
  });

  it('is judged after decompression', () => {
    const log = load(new Uint8Array(gzipSync(noise(5000))));
    expect(log.notText).toMatch(/^this is not a text log: \d+ of its 5000 bytes are binary/);
    // A gzipped text log is not refused (its compressed bytes are binary, its text is not).
    expect(load(new Uint8Array(gzipSync(CLEAN))).eventCount).toBe(CLEAN_EVENTS);
  });

  it('a text log with one binary line in the middle loses nothing valid', () => {
    const lines = CLEAN.toString('utf8').trimEnd().split('\n');
    const bytes = cat(
      enc.encode(lines.slice(0, 13).join('\n') + '\n'),
      noise(120),
      enc.encode('\n' + lines.slice(13).join('\n') + '\n'),
    );
    // Read whole, and in small pieces (the decision waits for enough bytes to judge by).
    for (const piece of [bytes.length, 64, 7]) {
      const log = load(bytes, piece);
      expect(log.notText).toBeUndefined();
      expect(log.eventCount).toBe(CLEAN_EVENTS);
      expect(log.diagnosticList.find((d) => d.code === 'bad-json')?.line).toBe(14);
    }
  });

  it('binary after the first 64 KiB of text is read as lines, not refused', () => {
    const text = CLEAN.toString('utf8');
    const head = enc.encode(text.repeat(Math.ceil(70_000 / text.length)));
    const log = load(cat(head, noise(100_000), enc.encode('\n')));
    expect(log.notText).toBeUndefined();
    expect(log.eventCount).toBeGreaterThan(CLEAN_EVENTS);
  });
});
