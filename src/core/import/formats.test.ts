/** Detection by content: the first record decides, whatever the file is called or compressed with. */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes } from '../log/load';
import { detectTextFormat } from './formats';

describe('format detection', () => {
  it('a [ that opens no JSON value is a log line before JSONL, not an array (audit R13-4)', () => {
    expect(detectTextFormat('[INFO] harness starting\n{"type":"session"}\n', false)).toBe('seqscope');
    expect(detectTextFormat('[ WARN ] x\n', false)).toBe('seqscope');
    for (const array of [
      '[{"type":"session"}',
      '[\n  {',
      '[]',
      '[1, 2]',
      '["a"]',
      '[null]',
      '[-1]',
      '[',
      '[\n',
    ])
      expect(detectTextFormat(array, false), array).toBe('json-array');
  });

  it('names each format from its first record', () => {
    expect(detectTextFormat('{"type":"session","version":0,"id":"x","createdAt":1}\n', false)).toBe(
      'seqscope',
    );
    expect(
      detectTextFormat('{"type":"session_event","sessionId":"s","event":{"type":"turn/start"}}\n', false),
    ).toBe('seqscope');
    expect(detectTextFormat('{"type":"turn/start","seq":0,"data":{"turn":1}}\n', false)).toBe('seqscope');
    expect(
      detectTextFormat(
        '{"type":"session","version":3,"id":"x","timestamp":"2026-01-01T00:00:00Z","cwd":"/"}\n',
        false,
      ),
    ).toBe('pi');
    expect(
      detectTextFormat(
        '{"type":"session","id":"x","timestamp":"2026-01-01T00:00:00Z","provider":"a","modelId":"m"}\n',
        false,
      ),
    ).toBe('pi');
    expect(
      detectTextFormat(
        '{"timestamp":"2026-01-01T00:00:00Z","type":"session_meta","payload":{"id":"r"}}\n',
        false,
      ),
    ).toBe('codex');
    expect(
      detectTextFormat('{"type":"permission-mode","permissionMode":"default","sessionId":"s"}\n', false),
    ).toBe('claude-code');
    expect(detectTextFormat('{"type":"summary","summary":"t","leafUuid":"u"}\n', false)).toBe('claude-code');
    expect(detectTextFormat('{"parentUuid":null,"type":"user","message":{}}\n', false)).toBe('claude-code');
    expect(detectTextFormat('{\n  "version": 2,\n  "status": "success",\n  "eval": {', false)).toBe(
      'inspect-json',
    );
    // Undecided until the first line is complete; plain text is the harness reader's to judge.
    expect(detectTextFormat('{"type":"sess', false)).toBeUndefined();
    expect(detectTextFormat('not json at all\n', false)).toBe('seqscope');
  });

  it('detects a gzip-compressed Claude Code transcript, whatever its name', () => {
    const raw = readFileSync('../shared/samples/other/claude-code/agentlogs-compact.jsonl');
    const log = loadLogFromBytes(new Uint8Array(gzipSync(raw)), { chunkSize: 1000 });
    expect(log.sourceFormat).toBe('claude-code');
    expect(log.messagesAt(log.eventCount - 1).count).toBe(4);
  });

  it('a first record over 64 KiB still names its format (audit R8-10: read as the harness, 0 events)', () => {
    const padded = (path: string, pad: (first: Record<string, unknown>) => void) => {
      const [first, ...rest] = readFileSync(path, 'utf8').split('\n');
      const record = JSON.parse(first as string) as Record<string, unknown>;
      pad(record);
      return [JSON.stringify(record), ...rest].join('\n');
    };
    const big = 'x'.repeat(200_000);
    const cases = [
      {
        path: '../shared/samples/other/claude-code/agentlogs-compact.jsonl',
        format: 'claude-code',
        pad: (r: Record<string, unknown>) => (r.pastedImage = big),
      },
      {
        path: '../shared/samples/other/codex/rollout-2026-02-23T12-54-34-019c8a59-e9dd-71f0-9ae3-4079fe9726a9.jsonl',
        format: 'codex',
        pad: (r: Record<string, unknown>) => ((r.payload as Record<string, unknown>).base_instructions = big),
      },
    ];
    for (const c of cases) {
      const plain = loadLogFromBytes(new Uint8Array(readFileSync(c.path)));
      const text = padded(c.path, c.pad);
      expect(text.indexOf('\n')).toBeGreaterThan(1 << 16);
      expect(detectTextFormat(text.slice(0, 1 << 16), true), c.path).toBe(c.format);
      const log = loadLogFromBytes(new TextEncoder().encode(text), { chunkSize: 10_000 });
      expect(log.sourceFormat).toBe(c.format);
      expect(log.messagesAt(log.eventCount - 1).count).toBe(plain.messagesAt(plain.eventCount - 1).count);
    }
    // A harness event cut the same way stays the harness's.
    expect(detectTextFormat(`{"type":"user/message","seq":0,"data":{"text":"${big}`, true)).toBe('seqscope');
  });

  it('reads a harness log byte for byte, in any chunking', () => {
    const raw = readFileSync('../shared/samples/design-card-example.jsonl');
    for (const chunkSize of [1, 7, 1 << 20]) {
      const log = loadLogFromBytes(new Uint8Array(raw), { chunkSize });
      expect(log.sourceFormat).toBe('seqscope');
      expect(log.eventCount).toBe(10);
    }
  });
});
