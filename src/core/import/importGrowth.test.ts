/**
 * An import writes about what it reads (audit R22): a value read once and copied into every later
 * event is cut as a name, or stops the import at its budget (emitBudget.ts) with every event
 * before kept; a model in force is not parsed again per step.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLogFromBytes } from '../log/load';
import { SessionLog } from '../log/sessionLog';
import { DEFAULT_READ_LIMITS, liftLimits } from '../reader/readLimits';
import { EmitBudget } from './emitBudget';
import { importForeign } from './importers';
import { importCodex } from './codex/codex';
import { NAME_MAX_CHARS } from '../view/bidiControls';

const MiB = 1024 * 1024;
const TS = '2025-01-01T00:00:00.000Z';
const bytesOf = (lines: unknown[]) =>
  new TextEncoder().encode(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
const codexRecord = (type: string, payload: unknown) => ({ timestamp: TS, type, payload });

/** A Codex rollout: a system prompt of `systemChars`, then `contexts` turn_context lines alternating the model. */
function codexContexts(systemChars: number, contexts: number): Uint8Array {
  const lines: unknown[] = [
    codexRecord('session_meta', { id: 's', cwd: '/w', base_instructions: { text: 's'.repeat(systemChars) } }),
  ];
  for (let i = 0; i < contexts; i++) {
    lines.push(codexRecord('turn_context', { model: i % 2 === 0 ? 'm1' : 'm2', cwd: '/w' }));
    lines.push(
      codexRecord('response_item', {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: 'q' }],
      }),
    );
  }
  return bytesOf(lines);
}

/** One long model name set once, then `n` assistant messages naming none (mkmodelamp.mjs's shape). */
function modelOnce(format: 'cc' | 'pi' | 'codex', model: string, n: number): Uint8Array {
  const lines: unknown[] = [];
  if (format === 'cc') {
    const base = { cwd: '/w', sessionId: 's', version: '1.0.0', timestamp: TS };
    let parent: string | null = null;
    const add = (o: object, id: string) => {
      lines.push({ ...base, parentUuid: parent, uuid: id, ...o });
      parent = id;
    };
    add({ type: 'user', message: { role: 'user', content: 'go' } }, 'ux');
    add(
      {
        type: 'assistant',
        message: { id: 'm', role: 'assistant', model, content: [{ type: 'text', text: 'a' }] },
      },
      'uy',
    );
    for (let i = 0; i < n; i++)
      add(
        {
          type: 'assistant',
          message: { id: `m${i}`, role: 'assistant', content: [{ type: 'text', text: 'a' }] },
        },
        `u${i}`,
      );
  } else if (format === 'pi') {
    lines.push({ type: 'session', version: 3, id: 's', timestamp: TS, cwd: '/w' });
    let parent: string | null = null;
    const add = (o: object, id: string) => {
      lines.push({ ...o, id, parentId: parent, timestamp: TS });
      parent = id;
    };
    add({ type: 'model_change', provider: 'p', modelId: model }, 'e');
    for (let i = 0; i < n; i++)
      add(
        {
          type: 'message',
          message: { role: 'assistant', content: [{ type: 'text', text: 'a' }], stopReason: 'stop' },
        },
        `e${i}`,
      );
  } else {
    lines.push(codexRecord('session_meta', { id: 's', cwd: '/w' }), codexRecord('turn_context', { model }));
    for (let i = 0; i < n; i++)
      lines.push(
        codexRecord('response_item', {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'a' }],
        }),
        codexRecord('response_item', {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'b' }],
        }),
      );
  }
  return bytesOf(lines);
}

afterEach(() => vi.restoreAllMocks());

describe('what an import writes', () => {
  it('a system prompt copied into every request/header stops the import at its growth limit, keeping what came before', () => {
    const input = codexContexts(1 * MiB, 100); // 1 MiB read, 100 MiB of headers to write
    const log = loadLogFromBytes(input);
    expect(log.limitHit?.kind).toBe('import-growth');
    const stop = log.diagnostics.items.filter((d) => d.code === 'read-limit');
    expect(stop).toHaveLength(1);
    expect(stop[0]?.message).toMatch(
      /^Stopped importing at line \d+: the import would write more than 64\.0 MiB from 1\.0 MiB of input/,
    );
    // every header up to the budget is loaded: some 64 of the 100
    const headers = log.types.indexOf('request/header');
    let count = 0;
    for (let s = 0; s < log.eventCount; s++) if (log.typeIdOf(s) === headers) count++;
    expect(count).toBeGreaterThan(50);
    expect(count).toBeLessThan(100);
  }, 30_000);

  it('the budget is the smaller of the growth limit and maxDecodedBytes; lifting the growth leaves the size limit', () => {
    const input = codexContexts(256 * 1024, 40); // 10 MiB of headers
    const small = { ...DEFAULT_READ_LIMITS, maxDecodedBytes: 4 * MiB };
    const cut = importForeign('codex', input, { limits: small });
    expect(cut.stopped?.kind).toBe('decoded-size');
    expect(cut.events.length).toBeGreaterThan(0);
    const whole = importForeign('codex', input, {
      limits: liftLimits(DEFAULT_READ_LIMITS, ['import-growth']),
    });
    expect(whole.stopped).toBeUndefined();
    expect(whole.events.filter((e) => e.type === 'request/header')).toHaveLength(40);
    const budget = new EmitBudget(MiB, liftLimits(DEFAULT_READ_LIMITS, ['import-growth']));
    expect(budget.limit).toEqual({ bytes: DEFAULT_READ_LIMITS.maxDecodedBytes, kind: 'decoded-size' });
  });

  it('Codex parses the header once per turn_context, not once per step (audit R22-1)', () => {
    const meta = codexRecord('session_meta', { id: 's', base_instructions: { text: 'S'.repeat(200_000) } });
    const steps: unknown[] = [meta, codexRecord('turn_context', { model: 'gpt' })];
    for (let i = 0; i < 300; i++)
      steps.push(
        codexRecord('response_item', { type: 'function_call', name: 'f', arguments: '{}', call_id: `c${i}` }),
        codexRecord('response_item', { type: 'function_call_output', call_id: `c${i}`, output: 'ok' }),
      );
    const parse = vi.spyOn(JSON, 'parse');
    const out = importCodex(new TextDecoder().decode(bytesOf(steps)));
    const longParses = parse.mock.calls.filter(([t]) => typeof t === 'string' && t.length > 100_000);
    expect(longParses.length).toBeLessThanOrEqual(1); // the session_meta line itself
    const models = out.events.filter((e) => e.type === 'assistant/message');
    expect(models).toHaveLength(300);
    expect(models.every((e) => JSON.stringify(e.data).includes('"model":"gpt"'))).toBe(true);
  });

  for (const format of ['cc', 'pi', 'codex'] as const)
    it(`a 200 KB model name set once is cut, not copied whole into 300 messages (${format}, audit R22-5)`, () => {
      const log = loadLogFromBytes(modelOnce(format, 'm'.repeat(200_000), 300));
      expect(log.limitHit).toBeUndefined();
      let assistants = 0;
      for (let s = 0; s < log.eventCount; s++) {
        if (log.typeOf(s) !== 'assistant/message') continue;
        assistants++;
        const model = (log.event(s).data as { message: { source: { model: string } } }).message.source.model;
        expect(Array.from(model).length).toBeLessThanOrEqual(NAME_MAX_CHARS + 1);
      }
      expect(assistants).toBeGreaterThanOrEqual(300);
      const notes = log.diagnostics.items.filter((d) => d.message.startsWith('the model name'));
      expect(notes).toHaveLength(1);
      expect(notes[0]?.message).toContain('200,000 characters');
    });

  it('a subagent named by a record with 300 tool results is described once, its id cut (audit R22-4)', () => {
    const base = { cwd: '/w', sessionId: 's', version: '1.0.0', timestamp: TS };
    const calls = Array.from({ length: 300 }, (_, i) => ({
      type: 'tool_use',
      id: `t${i}`,
      name: 'Task',
      input: {},
    }));
    const results = calls.map((c) => ({ type: 'tool_result', tool_use_id: c.id, content: 'done' }));
    const log = loadLogFromBytes(
      bytesOf([
        { ...base, type: 'user', uuid: 'a', parentUuid: null, message: { role: 'user', content: 'go' } },
        {
          ...base,
          type: 'assistant',
          uuid: 'b',
          parentUuid: 'a',
          message: { id: 'm', role: 'assistant', model: 'c', content: calls },
        },
        {
          ...base,
          type: 'user',
          uuid: 'c',
          parentUuid: 'b',
          message: { role: 'user', content: results },
          toolUseResult: { agentId: 'x'.repeat(200_000), status: 'completed' },
        },
      ]),
    );
    const descriptors: { agentId: string; callId: string }[] = [];
    for (let s = 0; s < log.eventCount; s++)
      if (log.typeOf(s) === 'subagent/descriptor')
        descriptors.push(log.event(s).data as { agentId: string; callId: string });
    expect(descriptors).toHaveLength(1);
    expect(descriptors[0]?.callId).toBe('t0');
    expect(Array.from(descriptors[0]?.agentId ?? '').length).toBe(NAME_MAX_CHARS + 1);
  });

  it('300 off-branch records of a fork point with a 200 KB uuid carry it cut (audit R22-7)', () => {
    const big = 'u'.repeat(200_000);
    const base = { cwd: '/w', sessionId: 's', version: '1.0.0', timestamp: TS, type: 'user' };
    const lines: unknown[] = [
      { ...base, parentUuid: null, uuid: big, message: { role: 'user', content: 'root' } },
    ];
    let parent = big;
    for (let i = 0; i < 300; i++) {
      lines.push({ ...base, parentUuid: parent, uuid: `o${i}`, message: { role: 'user', content: 'x' } });
      parent = `o${i}`;
    }
    lines.push({ ...base, parentUuid: big, uuid: 'leaf', message: { role: 'user', content: 'leaf' } });
    const log = loadLogFromBytes(bytesOf(lines));
    const forks = new Set<string>();
    let rows = 0;
    for (let s = 0; s < log.eventCount; s++)
      if (log.typeOf(s) === 'claude-code/other-branch') {
        rows++;
        forks.add((log.event(s).data as { forkedFrom: string }).forkedFrom);
      }
    expect(rows).toBe(300);
    expect([...forks].map((f) => Array.from(f).length)).toEqual([NAME_MAX_CHARS + 1]);
  });

  it('pi notes 300 malformed entries of a kind as 20 named and one count (audit R22-11)', () => {
    const lines: unknown[] = [{ type: 'session', version: 3, id: 's', timestamp: TS, cwd: '/w' }];
    let parent: string | null = null;
    for (let i = 0; i < 300; i++) {
      lines.push({ type: 'message', id: `e${i}`, parentId: parent, timestamp: TS });
      parent = `e${i}`;
    }
    const log = loadLogFromBytes(bytesOf(lines));
    const notes = log.diagnostics.items.filter((d) => d.message.includes('without a message'));
    expect(notes).toHaveLength(21);
    expect(notes[20]?.message).toBe('280 more lines are message entries without a message: kept as rows');
  });

  it('a followed Codex rollout read piece by piece stops at its budget too, showing every event before', () => {
    const input = codexContexts(256 * 1024, 40);
    const log = new SessionLog({ limits: { ...DEFAULT_READ_LIMITS, maxDecodedBytes: 4 * MiB } });
    const half = input.indexOf(10, input.length >> 1) + 1;
    log.push(input.subarray(0, half));
    log.checkpoint();
    const shown = log.eventCount;
    log.push(input.subarray(half));
    log.checkpoint();
    log.end();
    const said = log.diagnostics.items.filter((d) => d.code === 'read-limit' || d.code === 'import-unmapped');
    expect(said.map((d) => d.message.slice(0, 27))).toEqual(['Stopped importing at line 3']);
    expect(log.eventCount).toBeGreaterThan(shown);
    let headers = 0;
    for (let s = 0; s < log.eventCount; s++) if (log.typeOf(s) === 'request/header') headers++;
    expect(headers).toBeGreaterThan(10);
    expect(headers).toBeLessThan(40);
    // the stop is the log's read-limit hit, as in a whole import: the app offers "Load anyway"
    expect(log.limitHit).toMatchObject({ kind: 'decoded-size', limit: 4 * MiB });
  });
});
