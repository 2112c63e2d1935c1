/**
 * The worker's answers about very many messages stay bounded: a compaction that hid 120,000
 * messages (R10-5, R10-6: what the Inspector and the messages pane are posted of the hidden seqs,
 * the hidden originals a page at a time) and an input diff of 90,000 added messages (R10-4).
 */
import { describe, expect, it, vi } from 'vitest';
import { AnswerQueries } from './answerQueries';
import { DIFF_PAGE } from './protocol';
import { OpenLog } from './openLog';
import { Queries } from './queries';
import { REPLACED_PAGE } from './protocol';
import { SEQ_RUNS_MAX } from '../core/view/seqRuns';

/** `n` user messages at seqs 0..n-1, every other one followed by a note (so no two are consecutive), then a summary replacing them all. */
function bigCompaction(n: number): { queries: Queries; summary: number; hidden: number[] } {
  const lines: string[] = [];
  const hidden: number[] = [];
  let seq = 0;
  for (let i = 0; i < n; i++) {
    hidden.push(seq);
    lines.push(
      JSON.stringify({
        type: 'user/message',
        seq: seq++,
        data: { role: 'user', content: [{ type: 'text', text: `m${i}` }] },
        surfaceOp: 'append',
      }),
    );
    lines.push(JSON.stringify({ type: 'note', seq: seq++, data: { i } }));
  }
  const summary = seq;
  lines.push(
    JSON.stringify({
      type: 'user/message',
      seq: summary,
      data: { role: 'user', content: [{ type: 'text', text: 'summary' }] },
      surfaceOp: { op: 'replace', start: 0, end: summary - 2 },
      sourceEventSeqs: hidden,
    }),
  );
  return { queries: new Queries(opened(lines)), summary, hidden };
}

function opened(lines: string[]): OpenLog {
  const session = new OpenLog(1, 'file', 'big.jsonl');
  session.push(new TextEncoder().encode(lines.join('\n') + '\n'));
  session.end();
  return session;
}

describe('a compaction that hid 120,000 messages', () => {
  const n = 120_000;
  const { queries, summary, hidden } = bigCompaction(n);

  it('the Inspector is posted at most SEQ_RUNS_MAX runs of the hidden seqs, and their count', () => {
    const replaces = queries.event(summary).replaces;
    expect(replaces?.count).toBe(n);
    expect(replaces?.runs.length).toBe(SEQ_RUNS_MAX);
    expect(replaces?.runs[0]).toEqual([0, 0]);
    expect(replaces?.rest).toBe(n - SEQ_RUNS_MAX);
  });

  it('the messages pane is posted the same bounded runs', () => {
    const m = queries.messages(summary, 0, 1).messages[0];
    expect(m?.seq).toBe(summary);
    expect(m?.replaces?.count).toBe(n);
    expect(m?.replaces?.runs.length).toBeLessThanOrEqual(SEQ_RUNS_MAX);
  });

  it('the hidden originals come a page at a time, the last page short', () => {
    const first = queries.replaced(summary);
    expect(first.total).toBe(n);
    expect(first.messages.map((m) => m.seq)).toEqual(hidden.slice(0, REPLACED_PAGE));
    const next = queries.replaced(summary, REPLACED_PAGE);
    expect(next.offset).toBe(REPLACED_PAGE);
    expect(next.messages.map((m) => m.seq)).toEqual(hidden.slice(REPLACED_PAGE, 2 * REPLACED_PAGE));
    const last = queries.replaced(summary, n - 10);
    expect(last.messages.map((m) => m.seq)).toEqual(hidden.slice(-10));
    // An offset past the end (or not a whole number) is clamped, never an error.
    expect(queries.replaced(summary, n + 5)).toMatchObject({ offset: n, messages: [] });
    expect(queries.replaced(summary, 1.5).offset).toBe(0);
  });
});

describe('an input diff of 90,000 added messages (R10-4)', () => {
  const n = 90_000;
  const session = opened(
    Array.from({ length: n }, (_, seq) =>
      JSON.stringify({
        type: 'user/message',
        seq,
        data: { role: 'user', content: [{ type: 'text', text: `m${seq}` }] },
        surfaceOp: 'append',
      }),
    ),
  );
  const answers = new AnswerQueries(session);

  it('answers the counts and one page of DIFF_PAGE rows', () => {
    const page = answers.diff(0, n - 1);
    expect(page.counts).toEqual({ removed: 0, added: n - 1, changed: 0 });
    expect(page.total).toBe(1 + (n - 1)); // the kept first message, then every added one
    expect(page.items).toHaveLength(DIFF_PAGE);
  });

  it('a next page is a slice of the diff kept, never a new diff', () => {
    answers.diff(0, n - 1);
    const reads = vi.spyOn(session.log, 'messagesAt');
    const page = answers.diff(0, n - 1, n - 5);
    expect(reads).not.toHaveBeenCalled();
    expect(page.items).toHaveLength(5);
    expect(page.items.at(-1)).toMatchObject({ kind: 'row', row: { kind: 'added', to: n - 1 } });
    reads.mockRestore();
  });
});
