/**
 * The header's account of what failed in the run: tool errors, failed
 * model-call attempts, turns that ended in an error or were aborted. Each is
 * a button to the first of them. The counts are the worker's (LogSummary's
 * `problems`, from core/view/problems.ts, the rule "errors only" uses).
 */
import type { ProblemSummary } from '../../core/view/problems';
import { useServices } from '../services/context';
import { formatSeq } from '../../core/view/seqText';

const KINDS: {
  key: keyof ProblemSummary;
  one: string;
  many: string;
  what: string;
  tone: 'error' | 'warn';
}[] = [
  {
    key: 'toolErrors',
    one: 'tool error',
    many: 'tool errors',
    what: 'tool results reported an error',
    tone: 'error',
  },
  {
    key: 'failedAttempts',
    one: 'failed call',
    many: 'failed calls',
    what: 'model-call attempts failed (finished with an error, no message)',
    tone: 'error',
  },
  {
    key: 'errorTurns',
    one: 'turn error',
    many: 'turn errors',
    what: 'turns ended in an error',
    tone: 'error',
  },
  { key: 'abortedTurns', one: 'aborted', many: 'aborted', what: 'turns were aborted', tone: 'warn' },
];

const TONE = {
  error: 'border-red-500/40 bg-red-500/15 text-red-200 hover:bg-red-500/25',
  warn: 'border-amber-500/40 bg-amber-500/10 text-amber-200 hover:bg-amber-500/20',
} as const;

export function HeaderProblems({
  problems,
  errorDiagnostics,
  events,
}: {
  problems: ProblemSummary;
  /** Error diagnostics of the log: with any, the run is not called clean (no green tick). */
  errorDiagnostics: number;
  /** Events loaded: a log of none (empty, or nothing in it readable) is no clean run either. */
  events: number;
}) {
  const { url } = useServices();
  const shown = KINDS.filter((k) => problems[k.key].count > 0);
  if (events === 0)
    return (
      <span
        data-testid="run-problems"
        data-clean="false"
        className="font-mono text-[11px] whitespace-nowrap text-fg-muted"
        title="No event was loaded, so there is no run to call clean or failed"
      >
        no events
      </span>
    );
  if (shown.length === 0 && errorDiagnostics > 0)
    return (
      <span
        data-testid="run-problems"
        data-clean="false"
        className="font-mono text-[11px] whitespace-nowrap text-fg-muted"
        title="No tool result reported an error, no model call failed, no turn ended in an error or was aborted; but the log has error diagnostics"
      >
        no failed calls
      </span>
    );
  if (shown.length === 0)
    return (
      <span
        data-testid="run-problems"
        data-clean="true"
        className="font-mono text-[11px] whitespace-nowrap text-emerald-300"
        title="No tool result reported an error, no model call failed, no turn ended in an error or was aborted"
      >
        ✓ no failures
      </span>
    );
  return (
    <span data-testid="run-problems" className="flex flex-wrap items-center gap-1">
      {shown.map((k) => {
        const tally = problems[k.key];
        const first = tally.firstSeq;
        return (
          <button
            key={k.key}
            type="button"
            data-problem={k.key}
            data-count={tally.count}
            disabled={first === null}
            onClick={() => first !== null && url.jumpTo(first)}
            className={`rounded border px-1 font-mono text-[11px] whitespace-nowrap ${TONE[k.tone]}`}
            title={`${tally.count.toLocaleString('en-US')} ${k.what}${first !== null ? `: go to the first (${formatSeq(first)})` : ''}`}
          >
            {tally.count.toLocaleString('en-US')} {tally.count === 1 ? k.one : k.many}
          </button>
        );
      })}
    </span>
  );
}
