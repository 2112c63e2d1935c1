/**
 * The pieces of the sessions row that other core modules compute: the price
 * of a model's usage and the resume check's verdict. One place, so `index`
 * and `stats --json` always use the same ones.
 */
import { DEFAULT_PRICES, costOf, priceFor } from '../../core/cost/prices';
import type { RecordHooks, ResumeVerdict } from '../../core/library/sessionRecord';
import type { SessionLog } from '../../core/log/sessionLog';

/**
 * The resume check's verdict from the diagnostics SessionLog reports for it
 * (core/harness/resumeCheck.ts, spec section 5): refused when any `resume-refused`,
 * repair when the log ends inside a turn (`resume-repair`), else ok; null for another
 * agent's log (the harness never resumes those).
 */
export function resumeVerdict(log: SessionLog): ResumeVerdict {
  if (log.sourceFormat !== undefined && log.sourceFormat !== 'seqscope') return null;
  const codes = new Set<string>(log.diagnostics.items.map((d) => d.code));
  return codes.has('resume-refused') ? 'refused' : codes.has('resume-repair') ? 'repair' : 'ok';
}

export const recordHooks: RecordHooks = {
  costOf: (_provider, model, usage) => costOf(usage, priceFor(DEFAULT_PRICES, model ?? undefined)),
  resumeVerdict,
};
