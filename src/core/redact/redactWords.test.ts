/** A user's redaction pattern never masks the log's own words (audit R12-4). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { compileLinearRegex, type LinearRegex } from '../search/linearRegex';
import { redactLogText } from './redactLog';
import { resumeCheck } from '../harness/resumeCheck';
import { requestInForceAt, requestJson } from '../harness/requestInForce';

function pattern(source: string): LinearRegex {
  const re = compileLinearRegex(source);
  if ('error' in re) throw new Error(re.error);
  return re;
}

const SAMPLE = resolve(__dirname, '../../../../shared/samples/dsh/pty-tools.jsonl');

describe("a user's pattern and the log's own words (R12-4)", () => {
  it('`art` masks a name in the text but leaves turn/start, step/start and header keys alone: the copy checks as clean as the original', () => {
    const text = readFileSync(SAMPLE, 'utf8');
    const before = loadLogFromText(text);
    const r = redactLogText(`${text.trimEnd()}\n`, { patterns: [pattern('art')] });
    const after = loadLogFromText(r.text);
    expect(after.eventCount).toBe(before.eventCount);
    expect(after.diagnostics.items.map((d) => d.code)).toEqual(before.diagnostics.items.map((d) => d.code));
    const types = (t: string) => t.split('\n').flatMap((l) => /"type":"([^"]*)"/.exec(l)?.slice(1) ?? []);
    expect(types(r.text)).toEqual(types(`${text.trimEnd()}\n`));
    expect(r.text).toContain('"turn/start"');
  });

  it('the pattern still masks the same word in a value, and a built-in secret in a key is still masked', () => {
    const line = JSON.stringify({
      type: 'user/message',
      seq: 0,
      time: 0,
      data: { turn: 1, text: 'ask Art about the start', ['sk-ant-api03-' + 'a'.repeat(40)]: 1 },
    });
    const r = redactLogText(line, { patterns: [pattern('(?i)art')] });
    expect(r.text).not.toContain('Art about');
    expect(r.text).not.toContain('a'.repeat(40));
    expect(r.text).toContain('"type":"user/message"');
    expect(r.counts.custom).toBeGreaterThanOrEqual(2);
    expect(r.counts['api-key']).toBe(1);
  });
});

const SAMPLES = resolve(__dirname, '../../../../shared/samples/dsh');

/** The sample's text, its load, and its redacted copy's load under `patterns`. */
function redactSample(name: string, patterns: string[]) {
  const text = `${readFileSync(resolve(SAMPLES, name), 'utf8').trimEnd()}\n`;
  const r = redactLogText(text, { patterns: patterns.map(pattern) });
  return { text, r, before: loadLogFromText(text), after: loadLogFromText(r.text) };
}

describe("the log's own words are its spec's words, not every key (R13-2, R13-3)", () => {
  it.each([['ant'], ['app'], ['pen'], ['end'], ['sis'], ['replace'], ['e']])(
    '`%s` leaves roles and surface ops alone: the copy has the original diagnostics and the same transcript',
    (p) => {
      for (const name of ['agent-instructions.jsonl', 'pty-tools.jsonl']) {
        const { r, before, after } = redactSample(name, [p]);
        expect(after.eventCount).toBe(before.eventCount);
        expect(after.diagnostics.items.map((d) => d.code)).toEqual(
          before.diagnostics.items.map((d) => d.code),
        );
        const roles = (log: typeof before) =>
          log.messagesAt(log.eventCount - 1).messages.map((m) => [m.seq, m.message.role]);
        expect(roles(after)).toEqual(roles(before));
        if (name === 'agent-instructions.jsonl') expect(r.keptWords).toBeGreaterThan(0);
      }
    },
  );

  it("a user's pattern masks keys and `type` values inside free-form payloads: a tool schema, a structured result", () => {
    const lines = [
      {
        type: 'request/header',
        seq: 0,
        time: 0,
        data: {
          tools: [
            {
              name: 'db',
              parameters: {
                type: 'object',
                properties: {
                  'hooli-prod-db-01.hooli.internal': { type: 'string' },
                  nucleus: { type: 'hooli-secret' },
                },
              },
            },
          ],
        },
      },
      {
        type: 'tool/result',
        seq: 1,
        time: 1,
        data: {
          turn: 1,
          step: 1,
          callId: 'c1',
          message: {
            role: 'user',
            content: [{ type: 'json', json: { customers: { 'Gavin Belson': { plan: 'hooli' } } } }],
          },
          meta: { structured: { 'hooli.internal': { 'Gavin Belson': 1 } } },
        },
      },
    ];
    const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
    const r = redactLogText(text, { patterns: [pattern('(?i)hooli'), pattern('Gavin Belson')] });
    expect(r.text).not.toMatch(/hooli/i);
    expect(r.text).not.toContain('Gavin Belson');
    expect(r.counts.custom).toBeGreaterThanOrEqual(6);
    // the spec's own keys and types around them are kept
    expect(r.text).toContain('"type":"tool/result"');
    expect(r.text).toContain('"role":"user"');
  });

  it('two keys that mask to the same text both stay in the copy, the later one numbered (R13-L1)', () => {
    const line = JSON.stringify({
      type: 'request/header',
      seq: 0,
      time: 0,
      data: { properties: { 'alice@example.com': { d: 'A' }, 'bobby@example.com': { d: 'B' } } },
    });
    const r = redactLogText(line);
    const copy = JSON.parse(r.text) as { data: { properties: Record<string, { d: string }> } };
    const kept = Object.entries(copy.data.properties);
    expect(kept.map(([, v]) => v.d)).toEqual(['A', 'B']);
    expect(kept[1]?.[0]).toBe(`${kept[0]?.[0]}#2`);
    expect(r.text).not.toContain('example.com');
  });
});

describe("a user's pattern reaches short strings (audit R14-1)", () => {
  it('a whole value or key of under 5 characters ("Ann", "Bob", "4821") is masked and counted', () => {
    const line = JSON.stringify({
      type: 'tool/result',
      seq: 0,
      time: 0,
      data: {
        callId: 'c1',
        content: [
          { type: 'text', text: '4821' },
          { type: 'json', json: { owner: 'Bob', pin: '4821', Ann: 1 } },
        ],
      },
    });
    const r = redactLogText(line, { patterns: [pattern('Ann'), pattern('Bob'), pattern('4821')] });
    expect(r.text).not.toMatch(/Ann|Bob|4821/);
    expect(r.counts.custom).toBe(4);
    expect(r.text).toContain('"type":"tool/result"');
  });
});

describe("a packed row's own keys (audit R15-L1)", () => {
  it('`seq`, `time`, `0` leave seq0 and time0 of a packed row alone: its events keep their seqs and times', () => {
    const row = JSON.stringify({
      type: 'text-chunks',
      seq0: 5,
      time0: 100,
      data: { turn: 1, step: 1, index: 0, dt: [0, 1], texts: ['a seq', 'b time0'] },
    });
    for (const p of ['seq', 'time', '0']) {
      const r = redactLogText(row, { patterns: [pattern(p)] });
      expect(r.text, p).toContain('"seq0":5');
      expect(r.text, p).toContain('"time0":100');
    }
    expect(redactLogText(row, { patterns: [pattern('seq')] }).text).not.toContain('a seq');
  });
});

describe('the request in force and the resume check survive a pattern that hits their words (audit R16-5)', () => {
  const lines = (...ls: object[]) => ls.map((l) => JSON.stringify(l)).join('\n') + '\n';
  const turn = [
    { type: 'turn/start', seq: 1, time: 1, data: { turn: 1 } },
    {
      type: 'request/header',
      seq: 2,
      time: 2,
      data: {
        header: { config: { provider: 'p', model: 'm' }, system: 'be brief', tools: [{ name: 't' }] },
        reason: 'fallback',
      },
    },
    { type: 'step/start', seq: 3, time: 3, data: { turn: 1, step: 1 } },
    {
      type: 'tool/result',
      seq: 4,
      time: 4,
      data: {
        turn: 1,
        step: 1,
        message: {
          role: 'user',
          content: [{ type: 'tool-result', toolCallId: 'c1', content: [], isError: true }],
          source: { kind: 'tool', callId: 'c1' },
        },
        error: { code: 'TOOL_OUTCOME_UNKNOWN', message: 'crash repair' },
      },
      surfaceOp: 'append',
    },
  ];
  const header = {
    type: 'session',
    version: 0,
    id: 's',
    createdAt: 0,
    cwd: '/w',
    delegationDepth: 0,
    sandboxMode: 'x',
    approvalPolicy: 'y',
  };
  const text = lines(header, ...turn);
  const findings = (t: string) => {
    const log = loadLogFromText(t);
    const codes = log.diagnostics.items.map((d) => d.code);
    const resume = resumeCheck(log).refusals.map((r) => r.reason);
    const request = requestInForceAt(log, 4);
    return { codes, resume, request: request === null ? null : requestJson(request) };
  };
  const before = findings(text);

  it('the original: the header in force, three refusals and the crash-repair placeholder', () => {
    expect(before.request).toMatchObject({ config: { provider: 'p', model: 'm' }, system: 'be brief' });
    expect(before.resume).toEqual(expect.arrayContaining(['legacy-form:request/header:fallback']));
    expect(before.resume.length).toBeGreaterThanOrEqual(3);
    expect(before.codes).toContain('repair-placeholder');
  });

  it.each([
    'header',
    'config',
    'tools',
    'system',
    'sandbox',
    'Mode',
    'approval',
    'fallback',
    'back',
    'UNKNOWN',
  ])('`%s`: the copy has the same request in force, refusals and diagnostics', (p) => {
    const r = redactLogText(text, { patterns: [pattern(p)] });
    expect(findings(r.text)).toEqual(before);
  });
});
