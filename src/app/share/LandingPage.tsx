/**
 * The page a link to a local file shows when this browser does not have the
 * file: what the link points to (file name, size, fingerprint, event) and a
 * drop zone for it. See landing.ts for the checks.
 */
import { formatBytes } from '../components/format';
import { useApp } from '../appState';
import { FILE_INPUT_ID } from '../views/Header';
import { dismissLanding, useLanding } from './landing';
import { formatSeq } from '../../core/view/seqText';

export function LandingPage() {
  const expect = useLanding((s) => s.expect);
  const phase = useLanding((s) => s.phase);
  const refusal = useLanding((s) => s.refusal);
  const checking = useLanding((s) => s.checking);
  const status = useApp((s) => s.status);
  const error = useApp((s) => s.error);
  const progress = useApp((s) => s.progress);
  if (!expect) return null;
  const name = expect.name ?? 'the log file';

  const fraction = progress?.totalBytes ? Math.min(1, progress.bytes / progress.totalBytes) : null;
  const failed =
    (phase === 'checking' || phase === 'looking') && status === 'error' && error ? error.message : null;

  if (phase === 'looking' && !failed) {
    return (
      <main
        className="flex flex-1 flex-col items-center justify-center gap-2 text-xs text-fg-muted"
        data-testid="landing"
        data-state="looking"
      >
        <span>Opening {name} from this browser…</span>
        {status === 'loading' && <Progress fraction={fraction} />}
      </main>
    );
  }

  const reading = phase === 'checking' && status === 'loading';

  return (
    <main className="min-h-0 flex-1 overflow-auto bg-canvas" data-testid="landing" data-state={phase}>
      <div className="mx-auto flex max-w-2xl flex-col gap-5 p-8">
        <div>
          <h1 className="text-base font-medium text-fg-strong">This link points into a local file</h1>
          <p className="mt-1 text-xs text-fg-muted">
            The log is not kept in this browser. Drop it here (or choose it) to open it
            {expect.seq !== undefined ? ` at ${formatSeq(expect.seq)}` : ''}: it is read on your machine,
            nothing is uploaded, and its fingerprint must match the link’s.
          </p>
        </div>

        <dl
          className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 rounded-lg border border-line bg-panel/60 p-4 text-xs"
          data-testid="landing-target"
        >
          <dt className="text-fg-subtle">File</dt>
          <dd className="font-mono break-all text-fg-strong" data-testid="landing-name">
            {expect.name ?? <span className="text-fg-subtle">(not named in the link)</span>}
          </dd>
          <dt className="text-fg-subtle">Size</dt>
          <dd className="font-mono text-fg" data-testid="landing-size">
            {expect.size !== undefined ? (
              <>
                {formatBytes(expect.size)}{' '}
                <span className="text-fg-subtle">({expect.size.toLocaleString('en-US')} bytes)</span>
              </>
            ) : (
              <span className="text-fg-subtle">unknown</span>
            )}
          </dd>
          <dt className="text-fg-subtle">Fingerprint</dt>
          <dd className="font-mono text-fg" data-testid="landing-fingerprint">
            {expect.fingerprint}{' '}
            <span className="font-sans text-fg-subtle">first 16 hex of SHA-256 of the file</span>
          </dd>
          <dt className="text-fg-subtle">Event</dt>
          <dd className="font-mono text-fg" data-testid="landing-event">
            {expect.seq !== undefined
              ? `${formatSeq(expect.seq)}${expect.chunk !== undefined ? `, ${expect.chunk} characters into its delta` : ''}`
              : 'the end of the log'}
          </dd>
        </dl>

        <label
          htmlFor={FILE_INPUT_ID}
          data-testid="landing-drop"
          className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-sky-500/40 bg-sky-500/[0.04] px-6 py-10 text-center hover:border-sky-400/70 hover:bg-sky-500/[0.08]"
        >
          <span className="text-sm font-medium text-fg-strong">
            Drop <span className="font-mono">{name}</span> here
          </span>
          <span className="text-xs text-fg-muted">
            or <span className="text-sky-400 underline">choose it</span>
          </span>
        </label>

        {reading && (
          <div className="flex items-center gap-3 text-xs text-sky-200" data-testid="landing-checking">
            <span>Checking {checking}…</span>
            <Progress fraction={fraction} />
          </div>
        )}
        {(refusal ?? failed) && (
          <p
            role="alert"
            data-testid="landing-refused"
            className="rounded border border-red-500/40 bg-red-500/10 px-3 py-2 text-xs text-red-100"
          >
            {refusal ?? `Could not read the file: ${failed}`}
          </p>
        )}

        <button
          type="button"
          onClick={() => {
            dismissLanding();
            useApp.setState({ startPageOpen: true });
          }}
          className="self-start text-xs text-sky-400 hover:underline"
        >
          Open something else instead
        </button>
      </div>
    </main>
  );
}

function Progress({ fraction }: { fraction: number | null }) {
  return (
    <div className="relative h-1.5 w-48 overflow-hidden rounded bg-tint/10">
      <div
        className={`absolute inset-y-0 left-0 bg-sky-500 ${fraction === null ? 'w-1/3 animate-pulse' : ''}`}
        style={fraction === null ? undefined : { width: `${fraction * 100}%` }}
      />
    </div>
  );
}
