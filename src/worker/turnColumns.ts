/**
 * A log's turns as typed-array columns for the page (protocol TurnColumns), built by the replay
 * axis and the structure answer. Audit 28 N2: both posted one object per turn on every loading
 * update, and a log of 750k-3M turns froze the main thread for 0.3-2.7 s per update deserializing
 * them (quadratic over the load); columns are transferred, not cloned, and never hold objects.
 */
import type { TurnInfo } from '../core/analysis/structureIndex';
import { nameHead } from '../core/view/bidiControls';
import { TURN_REASON_OTHER, type TurnColumns } from './protocol';

/** The harness's end reasons (core/analysis/endReason.ts), named first so a flood of unknown kinds never pushes them out. */
const KNOWN_REASONS = ['completed', 'aborted', 'blocked', 'error', 'max-tokens', 'interrupted', 'unknown'];
/** Reasons fit a Uint8Array: 0 is none, so 255 names, the last kept for TURN_REASON_OTHER. */
const MAX_NAMES = 255;

export function turnColumns(turns: readonly TurnInfo[]): TurnColumns {
  const n = turns.length;
  const turnNums = new Int32Array(n);
  const turnSeqs = new Int32Array(2 * n);
  const turnReasons = new Uint8Array(n);
  const turnReasonNames = [...KNOWN_REASONS];
  const codes = new Map(turnReasonNames.map((name, i) => [name, i + 1]));
  const codeOf = (kind: string): number => {
    const name = nameHead(kind);
    const named = codes.get(name);
    if (named !== undefined) return named;
    // Past the last free slot, a kind not named is TURN_REASON_OTHER (which takes that slot).
    const kept = turnReasonNames.length < MAX_NAMES - 1 ? name : TURN_REASON_OTHER;
    let code = codes.get(kept);
    if (code === undefined) {
      turnReasonNames.push(kept);
      code = turnReasonNames.length;
      codes.set(kept, code);
    }
    return code;
  };
  for (let i = 0; i < n; i++) {
    const t = turns[i] as TurnInfo;
    turnNums[i] = t.turn;
    turnSeqs[2 * i] = t.startSeq;
    turnSeqs[2 * i + 1] = t.lastSeq;
    if (t.endReason) turnReasons[i] = codeOf(t.endReason.kind);
  }
  return { turnNums, turnSeqs, turnReasons, turnReasonNames };
}
