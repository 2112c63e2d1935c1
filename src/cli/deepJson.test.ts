/**
 * Every `--json` output at any depth: a log may nest a value 10 000 deep (a tool schema in a
 * request header, a message's extra field), which JSON.parse reads and JSON.stringify cannot
 * write ("Maximum call stack size exceeded"). search, diff, compare, check and stats print
 * valid JSON of such a log, like derive.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLogFromText } from '../core/log/load';
import { requestChangeAt } from '../core/harness/requestView';
import {
  DEEP,
  inspectLog,
  inspectSample,
  nestedArray,
  nestedObject,
  withDeep,
} from '../core/testing/nestedJson';
import { spawnSync } from 'node:child_process';
import { BIN, ROOT, ensureBuiltCli, runCli } from './testSupport';

beforeAll(ensureBuiltCli, 60_000);

const DEPTH = 10_000;
const deep = nestedObject(DEPTH, '0');
const text = `${[
  `{"type":"request/header","seq":0,"time":1760000000000,"data":{"header":{"config":{"provider":"p","model":"m"},"system":"S","tools":[{"name":"t","description":"d","parameters":${deep}}]},"reason":"fallback"}}`,
  '{"type":"turn/start","seq":1,"time":1760000000001,"data":{"turn":1}}',
  '{"type":"step/start","seq":2,"time":1760000000002,"data":{"turn":1,"step":1}}',
  `{"type":"user/message","seq":3,"time":1760000000003,"data":{"role":"user","content":[{"type":"text","text":"hi needle"}],"extra":${deep}},"surfaceOp":"append"}`,
  `{"type":"request/header","seq":4,"time":1760000000004,"data":{"header":{"config":{"provider":"p","model":"m2","deep":${deep}},"system":"S2","tools":[{"name":"t","description":"d","parameters":{"a":1}}]},"reason":"fallback"}}`,
  `{"type":"assistant/message","seq":5,"time":1760000000005,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"text","text":"needle back"}],"extra":{"b":${deep}}}},"surfaceOp":"append"}`,
  '{"type":"step/end","seq":6,"time":1760000000006,"data":{"turn":1,"step":1}}',
  '{"type":"turn/end","seq":7,"time":1760000000007,"data":{"turn":1,"reason":{"kind":"completed"}}}',
].join('\n')}\n`;
const dir = mkdtempSync(join(tmpdir(), 'seqscope-deep-'));
const file = join(dir, 'deep.jsonl');
writeFileSync(file, text);

describe('JSON output at any depth', () => {
  it('the core: a request header change over a schema 10 000 deep', () => {
    const change = requestChangeAt(loadLogFromText(text), 4);
    expect(change).toMatchObject({ previousSeq: 0, changedTools: ['t'], configKeys: ['model', 'deep'] });
  });

  for (const args of [
    ['search', file, 'needle', '--json'],
    ['diff', file, '--from', '0', '--to', '7', '--json'],
    ['diff', file, '--from', '3', '--to', '5', '--json'],
    ['compare', file, file, '--json'],
    ['check', file, '--json'],
    ['stats', file, '--json'],
    ['derive', file, '--at', '5', '--with-request'],
  ])
    it(args.filter((a) => a !== file).join(' '), { timeout: 60_000 }, () => {
      const r = runCli(args);
      expect(r.err).not.toMatch(/internal error|Maximum call stack/);
      expect(r.code).toBe(0);
      expect(() => JSON.parse(r.out) as unknown).not.toThrow();
    });

  it('what they print is the data: the diff names the changed tool and config', () => {
    const out = JSON.parse(runCli(['diff', file, '--from', '0', '--to', '7', '--json']).out) as {
      request: { changedTools?: string[]; configKeys?: string[] };
    };
    expect(JSON.stringify(out.request)).toContain('"t"');
    const hits = JSON.parse(runCli(['search', file, 'needle', '--json']).out) as { count: number };
    expect(hits.count).toBe(2);
  });
});

describe('a system prompt and a message field nested 20,000 deep (audit R19-1, R19-2)', () => {
  // Indented JSON of such a value was 2·depth² characters: diff and compare died with "Invalid
  // string length", derive printed 800 MB for a 46 KB log.
  const deepLog = (system: string) =>
    `${[
      `{"type":"request/header","seq":0,"time":1760000000000,"data":{"header":{"config":{"provider":"p","model":"m"},"system":${nestedArray(20_000)},"tools":[]},"reason":"fallback"}}`,
      '{"type":"turn/start","seq":1,"time":1760000000001,"data":{"turn":1}}',
      `{"type":"user/message","seq":2,"time":1760000000002,"data":{"role":"user","content":[{"type":"text","text":"hi","extra":${nestedArray(20_000)}}]},"surfaceOp":"append"}`,
      `{"type":"request/header","seq":3,"time":1760000000003,"data":{"header":{"config":{"provider":"p","model":"m"},"system":${system},"tools":[]},"reason":"fallback"}}`,
      '{"type":"step/start","seq":4,"time":1760000000004,"data":{"turn":1,"step":1}}',
      '{"type":"assistant/message","seq":5,"time":1760000000005,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"text","text":"ok"}]}},"surfaceOp":"append"}',
      '{"type":"step/end","seq":6,"time":1760000000006,"data":{"turn":1,"step":1}}',
      '{"type":"turn/end","seq":7,"time":1760000000007,"data":{"turn":1,"reason":{"kind":"completed"}}}',
    ].join('\n')}\n`;
  const a = join(dir, 'deep-system-a.jsonl');
  const b = join(dir, 'deep-system-b.jsonl');
  writeFileSync(a, deepLog(nestedArray(20_000, '2')));
  writeFileSync(b, deepLog('"S"'));

  for (const args of [
    ['diff', a, '--from', '0', '--to', '7'],
    ['diff', a, '--from', '0', '--to', '7', '--json'],
    ['compare', a, b],
    ['compare', b, a, '--json'],
    ['derive', a, '--with-request'],
    ['derive', b, '--at', '2', '--with-request'],
  ])
    it(args.map((x) => (x === a ? 'A' : x === b ? 'B' : x)).join(' '), { timeout: 60_000 }, () => {
      const r = runCli(args);
      expect(r.err).not.toMatch(/internal error|Invalid string length/);
      expect(r.code).toBe(0);
      expect(r.out.length).toBeLessThan(500_000); // linear: the logs are 120 KB
      if (args.includes('--json') || args[0] === 'derive')
        expect(() => JSON.parse(r.out) as unknown).not.toThrow();
    });
});

describe('an Inspect AI .json log nested 200,000 deep', () => {
  it('check, stats and derive read it (the deep value cut on import, with a note), no internal error', () => {
    const n = 200_000;
    const file = join(dir, 'deep-inspect.json');
    writeFileSync(
      file,
      withDeep(
        JSON.stringify(
          inspectLog([{ id: 1, messages: [{ role: 'user', content: 'hi' }] }], { task: 't', model: DEEP }),
        ),
        nestedObject(n),
      ),
    );
    const check = runCli(['check', file]);
    expect(check.err).not.toMatch(/internal error|Maximum call stack/);
    expect(check.code).toBe(0);
    expect(check.out).toContain('a value nested deeper than 1000 levels was cut on import');
    for (const args of [
      ['stats', file],
      ['derive', file],
    ]) {
      const r = runCli(args);
      expect(r.err, args[0]).not.toMatch(/internal error|Maximum call stack/);
      expect(r.code, args[0]).toBe(0);
    }
  });
});

describe('an Inspect AI .json with arrays nested 1,000,000 deep inside a sample', () => {
  it("keeps the events and cuts the deep values, even on a stack as small as a browser worker's", () => {
    const n = 1_000_000;
    const sample = inspectSample({ task: DEEP, answer: 'a.txt is there', init: false });
    const file = join(dir, 'deep-sample.json');
    writeFileSync(file, withDeep(JSON.stringify(inspectLog([sample], { task: 't' })), nestedArray(n)));
    // Chromium's worker has a far smaller stack than Node's main thread: --stack-size=150 stands in for it.
    for (const node of [[], ['--stack-size=150']]) {
      const r = spawnSync(process.execPath, [...node, BIN, 'check', file], { encoding: 'utf8' });
      expect(r.stderr, node.join(' ')).toBe('');
      expect(r.stdout).toContain('a value nested deeper than 1000 levels was cut on import');
      expect(r.stdout).not.toMatch(/import-unmapped|Maximum call stack/);
      expect(r.stdout).toMatch(/^[1-9]\d* events/m);
    }
  });
});

describe('Claude Code, Codex and pi logs with a value nested 5,000 and 200,000 deep', () => {
  const OTHER = join(ROOT, '../shared/samples/other');
  const head = (file: string, lines: number) =>
    readFileSync(join(OTHER, file), 'utf8').split('\n').slice(0, lines).join('\n') + '\n';
  const logs = (n: number) => ({
    codex: `${head('codex/agentlogs-crud.jsonl', 6)}{"timestamp":"2026-01-25T10:32:01.000Z","type":"event_msg","payload":{"type":"weird","x":${nestedArray(n)}}}\n`,
    pi: `${head('pi/agentlogs-v3-branched.jsonl', 4)}{"type":"custom_thing","id":"zz1","parentId":null,"timestamp":"2026-02-03T22:03:09.000Z","data":${nestedObject(n)}}\n`,
    'claude-code': `${head('claude-code/agentlogs-compact.jsonl', 4)}{"type":"user","uuid":"deep-1","parentUuid":null,"sessionId":"s","timestamp":"2026-01-01T00:00:00.000Z","message":{"role":"user","content":"deep"},"extra":${nestedObject(n)}}\n`,
  });

  for (const n of [5_000, 200_000])
    for (const [format, text] of Object.entries(logs(n)))
      it(`${format}, ${n} deep: check, stats, derive and a redacted export read it; the value cut with a note`, () => {
        const file = join(dir, `${format}-deep-${n}.jsonl`);
        writeFileSync(file, text);
        // A smaller stack than Node's default (a browser worker's is smaller too) still reads it.
        const check = spawnSync(process.execPath, ['--stack-size=400', BIN, 'check', file], {
          encoding: 'utf8',
        });
        expect(check.stderr).toBe('');
        expect(check.stdout).toContain('a value nested deeper than 1000 levels was cut on import');
        expect(check.stdout).toMatch(/^[1-9]\d* events/m);
        for (const args of [
          ['stats', file],
          ['derive', file],
          ['export', file, '--format', 'jsonl', '--redact', '--out', join(dir, `${format}-${n}.red.jsonl`)],
        ]) {
          const r = runCli(args);
          expect(r.err, args[0]).not.toMatch(/internal error|Maximum call stack/);
          expect(r.code, args[0]).toBe(0);
        }
      });
});
