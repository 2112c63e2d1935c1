/**
 * The replay bar under the panes: transport (Play/Pause, one event
 * back/forward), speed, pacing (real time or N events per second), "stop at
 * problems", the scrubber's axis (seq or wall clock), a live line for
 * playback notices, the position readout, and the scrubber itself.
 */
import { useEffect } from 'react';
import { SPEEDS } from '../../core/replay/pacing';
import { Scrubber } from '../scrubber/Scrubber';
import { ScrubberLegend } from '../scrubber/ScrubberLegend';
import { useApp } from '../appState';
import { useServices } from '../services/context';
import { PROBLEM_RULE } from './player';
import { effectiveReplay, logIsTimed, useReplay } from './replayState';

const seg = 'h-6 px-2 text-[11px] transition-colors';
const segOn = 'bg-tint/12 text-fg-strong';
const segOff = 'text-fg-muted hover:bg-tint/5 hover:text-fg';

export function ReplayBar() {
  const status = useApp((s) => s.status);
  const events = useApp((s) => s.events);
  const playing = useReplay((s) => s.playing);
  const speed = useReplay((s) => s.speed);
  // A log without timestamps has no real time to play or scrub by: uniform and seq, the others disabled.
  const timed = useApp((s) => logIsTimed(s.summary));
  const pacing = useReplay((s) => effectiveReplay(s, timed).pacing);
  const eventsPerSecond = useReplay((s) => s.eventsPerSecond);
  const stopAtProblems = useReplay((s) => s.stopAtProblems);
  const axis = useReplay((s) => effectiveReplay(s, timed).axis);
  const notice = useReplay((s) => s.notice);
  const position = useReplay((s) => s.position);
  const hoverTip = useReplay((s) => s.hoverTip);
  const dragReadout = useReplay((s) => s.dragReadout);
  const { player, replay } = useServices();
  useEffect(() => replay.follow(), [replay]);
  // Nothing to play or step through: a log that failed to load, or that had no readable event.
  const ready = status === 'ready' && events > 0;

  return (
    <section
      aria-label="Replay"
      data-replay-controls
      className="shrink-0 border-t border-line bg-panel px-3 pt-1.5 pb-2 text-xs"
    >
      <div className="mb-1.5 flex min-h-7 flex-wrap items-center gap-x-2 gap-y-1 whitespace-nowrap">
        <div className="flex shrink-0 items-center overflow-hidden rounded border border-line-strong">
          <button
            type="button"
            onClick={() => void replay.move('event', -1)}
            disabled={!ready}
            className="flex h-6 w-7 items-center justify-center text-fg-soft hover:bg-tint/10 disabled:opacity-40"
            title="Back one event (H)"
            aria-label="Back one event"
          >
            <svg viewBox="0 0 12 12" className="h-3 w-3" aria-hidden>
              <path d="M2 2v8M10 2 4 6l6 4z" fill="currentColor" stroke="currentColor" strokeWidth="1.2" />
            </svg>
          </button>
          <button
            type="button"
            onClick={player.toggle}
            disabled={!ready}
            data-testid="play"
            className={`flex h-6 w-[4.5rem] items-center justify-center gap-1.5 border-x border-line-strong font-medium disabled:opacity-40 ${playing ? 'bg-sky-500/25 text-sky-100 hover:bg-sky-500/35' : 'text-fg-strong hover:bg-tint/10'}`}
            title={playing ? 'Pause (Space or Shift+K)' : 'Play from the selected event (Space or Shift+K)'}
          >
            {playing ? (
              <svg viewBox="0 0 12 12" className="h-3 w-3" aria-hidden>
                <path d="M3 2h2v8H3zM7 2h2v8H7z" fill="currentColor" />
              </svg>
            ) : (
              <svg viewBox="0 0 12 12" className="h-3 w-3" aria-hidden>
                <path d="M3 1.5v9l7.5-4.5z" fill="currentColor" />
              </svg>
            )}
            {playing ? 'Pause' : 'Play'}
          </button>
          <button
            type="button"
            onClick={() => void replay.move('event', 1)}
            disabled={!ready}
            className="flex h-6 w-7 items-center justify-center text-fg-soft hover:bg-tint/10 disabled:opacity-40"
            title="Forward one event (L)"
            aria-label="Forward one event"
          >
            <svg viewBox="0 0 12 12" className="h-3 w-3" aria-hidden>
              <path d="M10 2v8M2 2l6 4-6 4z" fill="currentColor" stroke="currentColor" strokeWidth="1.2" />
            </svg>
          </button>
        </div>

        <label className="flex items-center gap-1 text-fg-subtle" title="Playback speed">
          <span className="sr-only">Speed</span>
          <select
            value={speed}
            onChange={(e) => useReplay.setState({ speed: Number(e.target.value) })}
            aria-label="Speed"
            className="h-6 rounded border border-line-strong bg-canvas px-1 font-mono text-[11px] text-fg"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>

        <div
          className="flex shrink-0 items-center overflow-hidden rounded border border-line-strong"
          role="group"
          aria-label="Pacing"
        >
          <button
            type="button"
            aria-pressed={pacing === 'real'}
            onClick={() => useReplay.setState({ pacing: 'real' })}
            disabled={!timed && ready}
            className={`${seg} ${pacing === 'real' ? segOn : segOff} disabled:opacity-40`}
            title={
              !timed && ready
                ? 'This log records no times (every time is 0 or missing): it plays one event at a time, uniformly'
                : "Real time: the recorded pace from the events' times; idle gaps over 2 s are skipped"
            }
          >
            Real time
          </button>
          <button
            type="button"
            aria-pressed={pacing === 'uniform'}
            onClick={() => useReplay.setState({ pacing: 'uniform' })}
            className={`${seg} border-l border-line-strong ${pacing === 'uniform' ? segOn : segOff}`}
            title="Uniform: the same time for every event"
          >
            Uniform
          </button>
        </div>
        {pacing === 'uniform' && (
          <label className="flex items-center gap-1 text-fg-muted">
            <input
              type="number"
              min={1}
              max={1000}
              value={eventsPerSecond}
              onChange={(e) => {
                const v = Math.round(Number(e.target.value));
                if (Number.isFinite(v) && v >= 1 && v <= 1000) useReplay.setState({ eventsPerSecond: v });
              }}
              aria-label="Events per second"
              className="h-6 w-14 rounded border border-line-strong bg-canvas px-1 text-right font-mono text-[11px] text-fg"
            />
            <span className="text-[11px]">events/s</span>
          </label>
        )}

        <label
          className="flex cursor-pointer items-center gap-1.5 text-fg-muted hover:text-fg"
          title={PROBLEM_RULE}
        >
          <input
            type="checkbox"
            checked={stopAtProblems}
            onChange={(e) => useReplay.setState({ stopAtProblems: e.target.checked })}
            className="accent-amber-500"
          />
          Stop at problems
        </label>

        <div
          className="flex shrink-0 items-center overflow-hidden rounded border border-line-strong"
          role="group"
          aria-label="Scrubber axis"
        >
          <button
            type="button"
            aria-pressed={axis === 'seq'}
            onClick={() => useReplay.setState({ axis: 'seq' })}
            className={`${seg} ${axis === 'seq' ? segOn : segOff}`}
            title="One slot per event"
          >
            Seq
          </button>
          <button
            type="button"
            aria-pressed={axis === 'time'}
            onClick={() => useReplay.setState({ axis: 'time' })}
            disabled={!timed && ready}
            className={`${seg} border-l border-line-strong ${axis === 'time' ? segOn : segOff} disabled:opacity-40`}
            title="Wall clock from the events' times; idle gaps (over 2 s, or over 5 % of the log's time span if that is longer) compressed and hatched"
          >
            Time
          </button>
        </div>

        <span
          aria-live="polite"
          className={`min-w-0 truncate text-[11px] ${notice?.tone === 'warn' ? 'text-amber-300' : 'text-sky-300'}`}
          data-testid="replay-notice"
        >
          {notice?.text ?? ''}
        </span>

        <span
          className="ml-auto font-mono text-[11px] text-fg-muted"
          data-testid="replay-position"
          title={position?.valuetext}
        >
          {dragReadout !== null ? (
            dragReadout
          ) : hoverTip !== null ? (
            <span data-testid="scrubber-hover" className="text-fg">
              {hoverTip}
            </span>
          ) : position ? (
            readout(position.valuetext)
          ) : (
            ''
          )}
        </span>
      </div>
      <Scrubber />
      <ScrubberLegend />
    </section>
  );
}

/** "seq 1204 of 50,311, turn 12, step 3, text-delta" as a compact readout (its numbers as the core wrote them). */
function readout(valuetext: string): string {
  return valuetext.split(', ').join(' · ');
}
