import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LogHost } from './host';
import {
  ALL_EVENTS,
  type HistoryDiffPage,
  type Push,
  type RequestEnvelope,
  type ResponseMessage,
  type WorkerMessage,
} from './protocol';
import { userMessageLine } from '../core/testing/userMessageLine';

const SAMPLES = resolve(__dirname, '../../../shared/samples');
const instructions = readFileSync(resolve(SAMPLES, 'dsh/agent-instructions.jsonl'), 'utf8');

function host() {
  const posted: WorkerMessage[] = [];
  const h = new LogHost((m) => posted.push(m));
  let id = 0;
  const send = (
    req: RequestEnvelope extends infer E ? (E extends { id: number } ? Omit<E, 'id'> : never) : never,
  ) => {
    const env = { id: ++id, ...req };
    const done = h.receive(env).then(() => {
      const answer = posted.find((m): m is ResponseMessage => m.type === 'response' && m.id === env.id);
      if (!answer) throw new Error(`no answer to ${env.kind}`);
      return answer;
    });
    return { id: env.id, done };
  };
  const ask = (req: Parameters<typeof send>[0]) => send(req).done;
  const pushes = () => posted.flatMap((m): Push[] => (m.type === 'push' ? [m.push] : []));
  return { ask, send, pushes };
}

function value<T>(r: ResponseMessage): T {
  if (!r.result.ok) throw new Error(`${r.kind}: ${r.result.error.code} ${r.result.error.message}`);
  return r.result.value as T;
}

async function opened() {
  const h = host();
  value(
    await h.ask({ kind: 'open', loadId: 1, source: { kind: 'text', text: instructions, name: 'a.jsonl' } }),
  );
  return h;
}

describe('worker: search', () => {
  it('a pattern too costly to finish stops at the string it cannot afford: hits before it stand, said (audit R25-M8)', async () => {
    const h = host();
    const text = [
      userMessageLine(0, 'short aab'),
      userMessageLine(1, 'a'.repeat(200_000)),
      userMessageLine(2, 'late aab'),
    ].join('\n');
    value(await h.ask({ kind: 'open', loadId: 1, source: { kind: 'text', text, name: 'cost.jsonl' } }));
    const answer = value<{ count: number; hits: { seq: number }[]; stopped?: string; error?: string }>(
      await h.ask({
        kind: 'search',
        searchId: 1,
        query: '(a|aa){1,1000}b',
        regex: true,
        caseSensitive: false,
        limit: 100,
        scope: ALL_EVENTS,
      }),
    );
    expect(answer.hits.map((hit) => hit.seq)).toEqual([0]);
    expect(answer.error).toBeUndefined();
    expect(answer.stopped).toMatch(/^stopped searching at seq 1: this pattern costs about [\d,]+ times/);
  });

  it('streams hits with a running count, then answers with them all', async () => {
    const { ask, pushes } = await opened();
    const q = {
      searchId: 1,
      query: 'agents.md',
      regex: false,
      caseSensitive: false,
      limit: 100,
      scope: ALL_EVENTS,
    };
    const answer = value<{ count: number; hits: { seq: number; path: string }[] }>(
      await ask({ kind: 'search', ...q }),
    );
    expect(answer.count).toBe(5);
    expect(answer.hits).toHaveLength(5);
    expect(answer.hits.every((h, i) => i === 0 || h.seq > (answer.hits[i - 1] as { seq: number }).seq)).toBe(
      true,
    );
    const progress = pushes().filter((p) => p.kind === 'searchHits');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ count: 5 });
    expect(progress.flatMap((p) => (p.kind === 'searchHits' ? p.hits.map((h) => h.seq) : []))).toEqual(
      answer.hits.map((h) => h.seq),
    );
  });

  it('past the limit, pushes the seqs of the hits it does not list (every hit is a scrubber tick)', async () => {
    const { ask, pushes } = await opened();
    const q = { searchId: 9, query: 'agents.md', regex: false, caseSensitive: false, scope: ALL_EVENTS };
    const all = value<{ hits: { seq: number }[] }>(await ask({ kind: 'search', ...q, limit: 100 }));
    const capped = value<{ count: number; hits: { seq: number }[] }>(
      await ask({ kind: 'search', ...q, searchId: 10, limit: 2 }),
    );
    expect(capped.hits).toHaveLength(2);
    const mine = pushes().filter((p) => p.kind === 'searchHits' && p.searchId === 10);
    const listed = mine.flatMap((p) => (p.kind === 'searchHits' ? p.hits.map((h) => h.seq) : []));
    const more = mine.flatMap((p) => (p.kind === 'searchHits' ? (p.moreSeqs ?? []) : []));
    expect([...listed, ...more]).toEqual(all.hits.map((h) => h.seq));
    expect(more).toHaveLength(capped.count - 2);
  });

  it('combines with the scope (types), caps hits at the limit, and says a bad regex plainly', async () => {
    const { ask } = await opened();
    const scoped = value<{ count: number; hits: { type: string }[] }>(
      await ask({
        kind: 'search',
        searchId: 2,
        query: 'agents.md',
        regex: false,
        caseSensitive: false,
        limit: 1,
        scope: { types: ['user/message'], errorsOnly: false },
      }),
    );
    expect(scoped.hits).toHaveLength(1);
    expect(scoped.hits.every((h) => h.type === 'user/message')).toBe(true);
    expect(scoped.count).toBeLessThan(5);
    const bad = value<{ error?: string }>(
      await ask({
        kind: 'search',
        searchId: 3,
        query: '(',
        regex: true,
        caseSensitive: false,
        limit: 10,
        scope: ALL_EVENTS,
      }),
    );
    expect(bad.error).toMatch(/^bad regular expression/);
    // A pattern that matches the empty string is said inline too, not "0 events match" (R17-2).
    const everything = value<{ error?: string; count: number }>(
      await ask({
        kind: 'search',
        searchId: 4,
        query: 'ask|^',
        regex: true,
        caseSensitive: false,
        limit: 10,
        scope: ALL_EVENTS,
      }),
    );
    expect(everything.error).toMatch(/^the pattern matches the empty string, so it would match every event/);
    expect(everything.count).toBe(0);
  });

  it('a newer search supersedes the running one', async () => {
    const { send } = await opened();
    const q = { searchId: 4, query: 'a', regex: true, caseSensitive: false, limit: 10, scope: ALL_EVENTS };
    const first = send({ kind: 'search', ...q, query: 'instruction' });
    const second = send({ kind: 'search', ...q, query: 'snapshot' });
    const [a, b] = await Promise.all([first.done, second.done]);
    expect(a.result).toMatchObject({ ok: false, error: { code: 'superseded' } });
    expect(b.result.ok).toBe(true);
  });
});

describe('worker: diffs, metrics and run profile', () => {
  it('diff between two seqs and the call input diff', async () => {
    const { ask } = await opened();
    const d = value<HistoryDiffPage>(await ask({ kind: 'diff', from: 10, to: 20 }));
    expect(d.counts.changed).toBe(1);
    const changed = d.items.flatMap((it) => (it.kind === 'row' && it.row.kind === 'changed' ? [it.row] : []));
    expect(changed.map(({ from, to }) => ({ from, to }))).toEqual([{ from: 5, to: 17 }]);
    const bad = await ask({ kind: 'diff', from: 0, to: 999 });
    expect(bad.result).toMatchObject({ ok: false, error: { code: 'out-of-range' } });
    const call = value<{ call: number; calls: number; from: number; to: number }>(
      await ask({ kind: 'callDiff', seq: 30 }),
    );
    expect(call).toMatchObject({ call: 1, calls: 3, from: 9, to: 23 });
  });

  it('metrics: one entry per step; the profile has an input digest per step', async () => {
    const { ask } = await opened();
    const m = value<{ steps: unknown[]; compactions: { seq: number; kind: string }[] }>(
      await ask({ kind: 'metrics' }),
    );
    expect(m.steps).toHaveLength(3);
    expect(m.compactions).toEqual([{ seq: 17, kind: 'compaction', hidden: 1, stepIndex: 0 }]);
    const p = value<{ steps: { inputDigest: string | null }[] }>(await ask({ kind: 'runProfile' }));
    expect(p.steps.map((s) => typeof s.inputDigest)).toEqual(['string', 'string', 'string']);
    const digests = value<string[]>(await ask({ kind: 'inputDigests', seq: 23 }));
    expect(digests.length).toBeGreaterThan(0);
  });
});
