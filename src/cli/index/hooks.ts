/**
 * The pieces of the sessions row that other core modules compute: the price
 * of a model's usage and the resume check's verdict. One place, so `index`
 * and `stats --json` always use the same ones.
 */
import { DEFAULT_PRICES, costOf, priceFor } from '../../core/cost/prices';
import { SEVERITY } from '../../core/diagnostics';
import type { RecordHooks, ResumeVerdict } from '../../core/library/sessionRecord';
import type { SessionLog } from '../../core/log/sessionLog';

/** Whether the core runs the resume check (its diagnostics are in the catalogue). */
const RESUME_CHECKED = 'resume-refused' in SEVERITY && 'resume-repair' in SEVERITY;

/**
 * The resume check's verdict from its diagnostics (spec section 5): refused when any
 * `resume-refused`, repair when the log ends inside a turn (`resume-repair`), else ok;
 * null while the core does not run the check.
 */
export function resumeVerdict(log: SessionLog): ResumeVerdict {
  if (!RESUME_CHECKED) return null;
  const codes = new Set<string>(log.diagnostics.items.map((d) => d.code));
  return codes.has('resume-refused') ? 'refused' : codes.has('resume-repair') ? 'repair' : 'ok';
}

export const recordHooks: RecordHooks = {
  costOf: (_provider, model, usage) => costOf(usage, priceFor(DEFAULT_PRICES, model ?? undefined)),
  resumeVerdict,
};
