/**
 * TurnEndReason (spec 3.2) for display: one `kind` from a small vocabulary,
 * a one-line `detail`, and the original value. Legacy forms are folded in:
 * `{kind:"disposed"}` is aborted (disposed); `{kind:"aborted"}` without a
 * reason is aborted (legacy); `{kind:"error", step, message, code?}` and
 * `{kind:"error", step, failure}` are errors. Unknown kinds pass through.
 */
import { jsonText } from '../deepJson';

export interface EndReasonInfo {
  /** 'completed' | 'aborted' | 'blocked' | 'error' | 'max-tokens' | 'interrupted', or an unknown kind as written. */
  kind: string;
  /** E.g. the abort origin ("user", "disposed", "legacy") or "CODE: message" of an error. */
  detail?: string;
  raw: unknown;
}

export function normalizeTurnEndReason(raw: unknown): EndReasonInfo {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { kind: 'unknown', detail: jsonText(raw) ?? 'missing', raw };
  const r = raw as Record<string, unknown>;
  const kind = typeof r.kind === 'string' ? r.kind : 'unknown';
  switch (kind) {
    case 'disposed':
      return { kind: 'aborted', detail: 'disposed', raw };
    case 'aborted': {
      const reason = asObject(r.reason);
      if (!reason) return { kind: 'aborted', detail: 'legacy', raw };
      const origin = typeof reason.kind === 'string' ? reason.kind : 'unknown';
      const why = typeof reason.message === 'string' ? `: ${reason.message}` : '';
      return { kind: 'aborted', detail: origin + why, raw };
    }
    case 'error': {
      // Current: {error:{message, code}}; legacy: {step, message, code?} or {step, failure}.
      const e = asObject(r.error) ?? asObject(r.failure) ?? r;
      const code = typeof e.code === 'string' ? e.code : undefined;
      const message = typeof e.message === 'string' ? e.message : undefined;
      const step = typeof r.step === 'number' ? ` (step ${r.step})` : '';
      const detail = [code, message].filter((x) => x !== undefined).join(': ');
      return detail || step
        ? { kind: 'error', detail: (detail || 'error') + step, raw }
        : { kind: 'error', raw };
    }
    default:
      return { kind, raw };
  }
}

function asObject(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}
