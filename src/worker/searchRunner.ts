/**
 * The worker side of search: runs an EventSearch in batches over the loaded
 * log, pushes each batch's hits with the running count, and yields between
 * batches so scrolling and scrubbing requests are answered meanwhile. The
 * newest search wins: starting one cancels the one before.
 */
import { turnAt } from '../core/analysis/structureIndex';
import { compileSearchQuery } from '../core/search/query';
import { EventSearch, stoppedSearchMessage, type SearchHit } from '../core/search/search';
import type { LoadedLog } from './loadedLog';
import { yieldToEvents } from './loader';
import type { Push, Result, SearchAnswer, SearchQuery, SearchScope } from './protocol';

/** Bytes per batch in the worker: small enough that another request never waits long. */
const WORKER_BATCH_BYTES = 2 << 20;

export class SearchRunner {
  private active: { cancelled: boolean } | null = null;

  constructor(private readonly push: (p: Push) => void) {}

  cancel(): void {
    if (this.active) this.active.cancelled = true;
    this.active = null;
  }

  async run(q: SearchQuery, c: LoadedLog, current: () => LoadedLog | null): Promise<Result<SearchAnswer>> {
    this.cancel();
    const token = { cancelled: false };
    this.active = token;
    const compiled = compileSearchQuery(q);
    if (!compiled.ok) return { ok: true, value: { count: 0, hits: [], searched: 0, error: compiled.error } };
    const log = c.log.log;
    const accept = acceptFor(c, q.scope);
    const search = new EventSearch(log, compiled, {
      ...(accept ? { accept } : {}),
      batchBytes: WORKER_BATCH_BYTES,
    });
    const total = log.eventCount;
    const kept: SearchHit[] = [];
    while (!search.done) {
      const hits = search.step();
      const room = Math.max(0, q.limit - kept.length);
      const sent = hits.slice(0, room);
      kept.push(...sent);
      const more = hits.length > sent.length ? hits.slice(sent.length).map((h) => h.seq) : null;
      this.push({
        kind: 'searchHits',
        loadId: c.log.loadId,
        searchId: q.searchId,
        hits: sent,
        ...(more ? { moreSeqs: more } : {}),
        count: search.count,
        searched: search.searched,
        total,
      });
      await yieldToEvents();
      if (token.cancelled || current() !== c)
        return { ok: false, error: { code: 'superseded', message: 'A newer search replaced this one' } };
    }
    if (this.active === token) this.active = null;
    const stopped =
      search.stoppedAt === null
        ? {}
        : { stopped: stoppedSearchMessage(search.stoppedAt, compiled, search.stoppedBy ?? 'work') };
    return { ok: true, value: { count: search.count, hits: kept, searched: search.searched, ...stopped } };
  }
}

/** The scope as a per-seq test (undefined: every event), cheap columns first. */
function acceptFor(c: LoadedLog, scope: SearchScope): ((seq: number) => boolean) | undefined {
  const log = c.log.log;
  const tests: ((seq: number) => boolean)[] = [];
  if (scope.types !== null) {
    const listed = new Set(scope.types);
    const exclude = scope.excludeTypes === true;
    tests.push((seq) => listed.has(log.typeOf(seq)) !== exclude);
  }
  const structure = log.structure;
  if (scope.turns) {
    const { from, to } = scope.turns;
    tests.push((seq) => {
      const t = turnAt(structure, seq);
      return t !== undefined && t.turn >= from && t.turn <= to;
    });
  }
  if (scope.tool) {
    const seqs = new Set<number>();
    for (const call of structure.toolCalls) {
      if (call.name !== scope.tool) continue;
      if (call.callSeq !== null) seqs.add(call.callSeq);
      if (call.resultSeq !== null) seqs.add(call.resultSeq);
    }
    tests.push((seq) => seqs.has(seq));
  }
  if (scope.errorsOnly) {
    // The timeline's errors-only rule (core/view/problems.ts), as of this search.
    const problems = c.log.problems;
    const snap = problems.snapshot();
    tests.push((seq) => problems.isError(seq, snap));
  }
  if (tests.length === 0) return undefined;
  return (seq) => tests.every((t) => t(seq));
}
