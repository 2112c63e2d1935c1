/**
 * A long list of seqs (the nodes a compaction hid: 120,000 of them) as the worker posts it and the
 * panes draw it: runs of consecutive seqs ("seq 5–40004"), at most a bound of them, and the count
 * of seqs past the last run listed. Listing every seq as a link was a 2.8 s task (R10-6).
 */

/** The most runs a posted list carries (the app's LIST_BOUND: the most items a list draws). */
export const SEQ_RUNS_MAX = 200;

export interface SeqRuns {
  /** How many seqs the whole list has. */
  count: number;
  /** Runs [first, last] of consecutive seqs, in list order (first === last for a lone seq). */
  runs: [first: number, last: number][];
  /** Seqs after the last run listed (0 when every seq is in `runs`). */
  rest: number;
}

/** `seqs` folded into runs of consecutive seqs, the first `max` runs kept (O(seqs), no copy). */
export function seqRuns(seqs: readonly number[], max = SEQ_RUNS_MAX): SeqRuns {
  const runs: [number, number][] = [];
  let covered = 0;
  for (const s of seqs) {
    const last = runs.at(-1);
    if (last && s === last[1] + 1) last[1] = s;
    else if (runs.length < max) runs.push([s, s]);
    else break;
    covered++;
  }
  return { count: seqs.length, runs, rest: seqs.length - covered };
}

/** Two runs lists say the same (a message re-posted for the same replace renders nothing again). */
export function sameSeqRuns(a: SeqRuns | undefined, b: SeqRuns | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.count !== b.count || a.rest !== b.rest || a.runs.length !== b.runs.length) return false;
  return a.runs.every((r, i) => r[0] === b.runs[i]?.[0] && r[1] === b.runs[i]?.[1]);
}
