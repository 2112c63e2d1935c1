/** `seqscope search`, `diff` and `compare`: the JSON shapes, human output and usage errors. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDuration } from '../core/view/duration';
import { formatUsd } from '../core/view/usd';
import { IN_LEGEND, runCompareCommand } from './compareCommand';
import { runDiffCommand } from './diffCommand';
import { runSearchCommand } from './searchCommand';

const SAMPLES = resolve(__dirname, '../../../shared/samples');
const DESIGN = resolve(SAMPLES, 'design-card-example.jsonl');
const INSTRUCTIONS = resolve(SAMPLES, 'dsh/agent-instructions.jsonl');
const STEERING = resolve(SAMPLES, 'dsh/steering.jsonl');
const CLAUDE = resolve(SAMPLES, 'other/claude-code/fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl');

async function cli(run: typeof runSearchCommand, args: string[]) {
  let out = '';
  let err = '';
  const code = await run(
    args,
    (s) => (out += s),
    (s) => (err += s),
  );
  return { code, out, err };
}

describe('seqscope search', () => {
  it('--json prints {count, hits: [{seq, type, path, snippet}]}, one hit per event', async () => {
    const r = await cli(runSearchCommand, [DESIGN, 'RUNOOB', '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as { count: number; hits: Record<string, unknown>[] };
    expect(json.count).toBe(json.hits.length);
    expect(json.hits[0]).toEqual({
      seq: 2,
      type: 'user/message',
      path: 'data.content[0].text',
      snippet: 'Fix the typo in the runoob README.',
    });
    expect(new Set(json.hits.map((h) => h.seq)).size).toBe(json.hits.length);
    for (const h of json.hits) expect(Object.keys(h)).toEqual(['seq', 'type', 'path', 'snippet']);
  });

  it('--limit caps the hits, not the count; --case matches case', async () => {
    const all = JSON.parse((await cli(runSearchCommand, [DESIGN, 'runoob', '--json'])).out) as {
      count: number;
    };
    const r = JSON.parse((await cli(runSearchCommand, [DESIGN, 'runoob', '--json', '--limit', '1'])).out) as {
      count: number;
      hits: unknown[];
    };
    expect(r.hits).toHaveLength(1);
    expect(r.count).toBe(all.count);
    const cased = JSON.parse((await cli(runSearchCommand, [DESIGN, 'RUNOOB', '--case', '--json'])).out) as {
      count: number;
    };
    expect(cased.count).toBe(0);
  });

  it('--regex, and a bad regex is a clear error with exit 2', async () => {
    const r = await cli(runSearchCommand, [DESIGN, 'grep\\s+runoob', '--regex', '--json']);
    expect((JSON.parse(r.out) as { count: number }).count).toBeGreaterThan(0);
    const bad = await cli(runSearchCommand, [DESIGN, 'a(', '--regex']);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe('seqscope: bad regular expression: missing closing ): `a(`\n');
  });

  it('a regex starting with a (?...) group counts what the bare pattern counts (R17-1)', async () => {
    const PTY = resolve(SAMPLES, 'dsh/pty-tools.jsonl');
    const count = async (...args: string[]) =>
      (
        JSON.parse((await cli(runSearchCommand, [PTY, ...args, '--regex', '--json'])).out) as {
          count: number;
        }
      ).count;
    const error = await count('error');
    expect(error).toBeGreaterThan(0);
    expect(await count('(?:error)')).toBe(error);
    expect(await count('(?i)TOOL', '--case')).toBe(await count('tool'));
  });

  it('a regex that matches the empty string is refused like a bad one, and says why (R17-2)', async () => {
    for (const pattern of ['.*', 'a*', '^', 'ask|^', '(?:ask)?']) {
      const r = await cli(runSearchCommand, [STEERING, pattern, '--regex']);
      expect(r.code, pattern).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toBe(
        'seqscope: the pattern matches the empty string, so it would match every event: not searched\n',
      );
    }
  });

  it('prints one line per hit and a count, and usage errors exit 2', async () => {
    const r = await cli(runSearchCommand, [DESIGN, 'runoob', '--limit', '2']);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toBe('2\tuser/message\tdata.content[0].text\tFix the typo in the runoob README.');
    expect(lines.at(-1)).toMatch(/^\d+ events match \(2 shown\)$/);
    expect((await cli(runSearchCommand, [DESIGN])).code).toBe(2);
    expect((await cli(runSearchCommand, [DESIGN, 'x', '--limit', 'many'])).code).toBe(2);
  });
});

describe('seqscope diff', () => {
  it('--json prints exactly {from, to, removed, added, changed, request} over the sample with a replace', async () => {
    const r = await cli(runDiffCommand, [INSTRUCTIONS, '--from', '10', '--to', '20', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      from: 10,
      to: 20,
      removed: [{ seq: 5, role: 'user' }],
      added: [
        { seq: 17, role: 'user' },
        { seq: 15, role: 'assistant' },
        { seq: 18, role: 'user' },
      ],
      changed: [{ from: 5, to: 17 }],
      request: {},
    });
  });

  it('prints the aligned rows with marks, and rejects a seq beyond the log', async () => {
    const r = await cli(runDiffCommand, [INSTRUCTIONS, '--from=10', '--to=20']);
    expect(r.out).toContain('~ user      seq 5 -> 17: ');
    expect(r.out).toContain('+ assistant seq 15\n');
    expect(r.out).toContain('1 removed, 3 added, 1 changed\n');
    const beyond = await cli(runDiffCommand, [INSTRUCTIONS, '--from', '0', '--to', '999']);
    expect(beyond.code).toBe(2);
    expect(beyond.err).toMatch(/seq 999 is beyond the last event/);
    expect((await cli(runDiffCommand, [INSTRUCTIONS, '--from', '1'])).code).toBe(2);
  });
});

describe('seqscope compare', () => {
  it('--json prints the first divergence and a per-step table', async () => {
    const r = await cli(runCompareCommand, [INSTRUCTIONS, STEERING, '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as {
      firstDivergence: { turn: number; step: number; messageIndex: number } | null;
      steps: { turn: number; step: number; a: Record<string, unknown> | null; b: unknown }[];
    };
    expect(json.firstDivergence).toMatchObject({ turn: 1, step: 1, messageIndex: 0 });
    expect(json.steps.map((s) => [s.turn, s.step])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
    ]);
    expect(json.steps[2]?.b).toBeNull();
    expect(Object.keys(json.steps[0]?.a ?? {})).toEqual([
      'stepIndex',
      'inputSeq',
      'model',
      'totalInputTokens',
      'inputTokens',
      'cacheReadTokens',
      'cacheWriteTokens',
      'outputTokens',
      'reasoningTokens',
      'durationMs',
      'streamMs',
      'toolMs',
      'cost',
    ]);
  });

  it("prints time and cost in the app's formats, and the app's dash where a run has no value", async () => {
    const side = (r: { out: string }) =>
      (JSON.parse(r.out) as { steps: { a: Step | null; b: Step | null }[] }).steps;
    type Step = { durationMs: number | null; cost: number | null };
    const json = side(await cli(runCompareCommand, [DESIGN, STEERING, '--json']));
    const table = (await cli(runCompareCommand, [DESIGN, STEERING])).out.trim().split('\n').slice(1, -1);
    expect(table[0]?.trim().split(/\s+/)).toEqual([
      'turn',
      'step',
      'in',
      'A',
      'in',
      'B',
      'out',
      'A',
      'out',
      'B',
      'time',
      'A',
      'time',
      'B',
      'cost',
      'A',
      'cost',
      'B',
    ]);
    const rows = table.slice(1).map((line) => line.trim().split(/\s{2,}/));
    expect(rows).toHaveLength(json.length);
    const time = (m: Step | null) => (m?.durationMs == null ? '—' : formatDuration(m.durationMs));
    const usd = (m: Step | null) => (m?.cost == null ? '—' : formatUsd(m.cost));
    rows.forEach((cells, i) => {
      const s = json[i] as { a: Step | null; b: Step | null };
      expect(cells.slice(6)).toEqual([time(s.a), time(s.b), usd(s.a), usd(s.b)]);
    });
    // Step 1.1 of the design card took 70 ms; step 1.2 exists only in run B (tokens, time, cost: —);
    // a cost under a cent keeps two significant digits ("$0.0001" rounded it to four places).
    expect(rows[0]?.[6]).toBe('70 ms');
    // Its "in" is all 7,980 input tokens (172 uncached, the rest from the cache), as the header counts.
    expect(rows[1]?.slice(2)).toEqual([
      '—',
      '7980',
      '—',
      '41',
      '—',
      '—',
      '—',
      expect.stringMatching(/^\$0\.0000\d\d$/),
    ]);
  });

  it('"in" counts every input token (the cache too), as the app does, and says so under the table', async () => {
    type Side = {
      totalInputTokens: number;
      inputTokens: number;
      cacheReadTokens: number | null;
      cacheWriteTokens: number | null;
    };
    const json = JSON.parse((await cli(runCompareCommand, [CLAUDE, CLAUDE, '--json'])).out) as {
      steps: { a: Side }[];
    };
    const lines = (await cli(runCompareCommand, [CLAUDE, CLAUDE])).out.trim().split('\n');
    expect(lines.at(-1)).toBe(IN_LEGEND);
    expect(IN_LEGEND).toMatch(/^in: all input tokens \(uncached \+ cache read \+ cache write\)/);
    const rows = lines.slice(2, -1).map((line) => line.trim().split(/\s{2,}/));
    expect(rows).toHaveLength(json.steps.length);
    // Claude Code reads most of its input from the cache: "in" showed the uncached few only.
    expect(json.steps.some((s) => (s.a.cacheReadTokens ?? 0) > 10 * s.a.inputTokens)).toBe(true);
    rows.forEach((cells, i) => {
      const a = json.steps[i]?.a as Side;
      expect(a.totalInputTokens).toBe(a.inputTokens + (a.cacheReadTokens ?? 0) + (a.cacheWriteTokens ?? 0));
      expect(cells.slice(2, 4)).toEqual([String(a.totalInputTokens), String(a.totalInputTokens)]);
    });
  });

  it('a run compared with itself has no divergence', async () => {
    const r = await cli(runCompareCommand, [INSTRUCTIONS, INSTRUCTIONS]);
    expect(r.out.split('\n')[0]).toBe('the model saw the same input at every step of both runs');
    expect((await cli(runCompareCommand, [INSTRUCTIONS])).code).toBe(2);
  });
});
