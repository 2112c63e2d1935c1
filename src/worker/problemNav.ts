/**
 * Navigation by problem (keys for the next/previous error or diagnostic) and
 * what a problem is, in words ("Stop at problems" names the one it stopped
 * at). Errors follow the one rule of core/view/problems.ts.
 */
import type { OpenLog } from './openLog';
import { nameHead } from '../core/view/bidiControls';

export type ProblemTarget = 'error' | 'diagnostic';

/** The nearest error (failed outcome or error diagnostic) or diagnostic after/before `seq`. */
export function nextProblem(
  session: OpenLog,
  seq: number,
  dir: 1 | -1,
  target: ProblemTarget,
): { seq: number | null; what: string | null } {
  let found = session.diag.nextSeq(seq, dir, target === 'error' ? 'error' : 'info');
  if (target === 'error') {
    for (const s of session.problems.snapshot().errorOutcomes)
      if ((dir > 0 ? s > seq : s < seq) && (found === null || (dir > 0 ? s < found : s > found))) found = s;
  }
  return { seq: found, what: found === null ? null : describeProblem(session, found) };
}

/**
 * What went wrong at `seq`, in words: failed outcomes first, then its diagnostics' codes, in
 * parentheses after an outcome ("failed model call in step 1.2 (failed-attempt)") or alone when
 * there is none; null when nothing.
 */
export function describeProblem(session: OpenLog, seq: number): string | null {
  const st = session.log.structure;
  const parts: string[] = [];
  for (const c of st.toolCalls)
    if (c.isError && c.resultSeq === seq)
      parts.push(`tool error in ${c.name}${c.errorCode ? ` (${c.errorCode})` : ''}`);
  for (const step of st.steps)
    for (const a of step.attempts)
      if (a.failed && a.lastChunkSeq === seq)
        parts.push(`failed model call in step ${step.turn}.${step.step}`);
  for (const t of st.turns)
    if (t.endSeq === seq && t.endReason && t.endReason.kind !== 'completed')
      parts.push(`turn ${t.turn} ${nameHead(t.endReason.kind)}`);
  const codes = [...new Set(session.diag.about(seq).map((d) => d.code))].join(', ');
  if (parts.length === 0) return codes || null;
  return codes ? `${parts.join('; ')} (${codes})` : parts.join('; ');
}
