/**
 * The player (playback): plays the log from the selected
 * position at the recorded pace (real time, idle gaps over 2 s skipped and
 * announced) or uniformly (N events per second), times a speed of 0.25x to
 * 16x, revealing long deltas code point by code point (not under
 * prefers-reduced-motion).
 *
 * Drift-free: every animation frame derives the playhead from a fixed origin
 * (playhead = originP + (now - originWall) * speed, in 1x ms) and looks the
 * position up in the PlanBuffer; nothing accumulates per event. A speed
 * change re-anchors the origin at the current playhead.
 *
 * Timing comes from the worker in windows of a few thousand events, fetched
 * ahead of the playhead and trimmed behind it. Playback stops at the end of
 * the log, at the first problem (PROBLEM_RULE) when "stop at problems" is on, and when the user interacts (a pointer press, a key, the
 * wheel, or any selection it did not make) outside the replay controls.
 */
import { clampSpeed } from '../../core/replay/pacing';
import type { Pacing } from '../../worker/protocol';
import { formatDuration } from '../components/format';
import { selectPosition, useApp } from '../appState';
import type { WorkerClient } from '../services/workerClient';
import { PlanBuffer } from './planBuffer';
import { effectiveReplay, logIsTimed, replayNotice, useReplay } from './replayState';
import { formatSeq } from '../../core/view/seqText';

/** Events fetched when playback starts, and per later window. */
const FIRST_WINDOW = 2048;
const NEXT_WINDOW = 4096;
/** Fetch more when fewer events than this, or less wall time than LOOKAHEAD_MS, are buffered ahead. */
const LOOKAHEAD_EVENTS = 2048;
const LOOKAHEAD_MS = 3000;
/** Played events kept before trimming. */
const KEEP_BEHIND = 64;

/** Keys that toggle playback (the interaction watch must not stop what they start). */
export function isPlayToggleKey(e: KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  return e.key === ' ' || e.key === 'K' || (e.key === 'k' && isSlider(e.target));
}

function isSlider(target: EventTarget | null): boolean {
  return target instanceof Element && target.getAttribute('role') === 'slider';
}

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);

function insideControls(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[data-replay-controls]') !== null;
}

export function currentPacing(): Pacing {
  const r = useReplay.getState();
  const { pacing } = effectiveReplay(r, logIsTimed(useApp.getState().summary));
  return pacing === 'uniform' ? { kind: 'uniform', eventsPerSecond: r.eventsPerSecond } : { kind: 'real' };
}

/** What "stop at problems" stops at (the worker's PlaybackWindow.problem flags); the checkbox's tooltip. */
export const PROBLEM_RULE =
  'Stop playback at the next problem: an error or warning diagnostic, a failed attempt, an interrupted message, a tool result with an error, or a turn that ended in an error, aborted or interrupted';

export class Player {
  private buf: PlanBuffer | null = null;
  private raf = 0;
  private generation = 0;
  private originWall = 0;
  private originP = 0;
  private speed = 1;
  private lastSeq = -1;
  private lastChunk: number | null = null;
  private fetching = false;
  private cleanup: (() => void)[] = [];

  constructor(private readonly client: WorkerClient) {}

  get playing(): boolean {
    return useReplay.getState().playing;
  }

  readonly toggle = (): void => {
    if (this.playing) this.stop();
    else void this.start();
  };

  /** Stops playback if it runs (the user took over). */
  readonly stopIfPlaying = (): void => {
    if (this.playing) this.stop();
  };

  async start(): Promise<void> {
    const app = useApp.getState();
    const n = app.events;
    if (app.status !== 'ready' || n === 0) return;
    let seq = Math.min(app.selectedSeq ?? 0, n - 1);
    let chunk = app.selectedSeq === null ? null : app.selectedChunk;
    // At the end: play again from the start.
    if (seq >= n - 1 && chunk === null) {
      seq = 0;
      chunk = null;
    }
    this.halt();
    const gen = ++this.generation;
    // A notice from the last run ("Stopped at a problem: seq 13") is stale once playback starts again.
    useReplay.setState({ playing: true, notice: null });
    const r = await this.client.request({
      kind: 'replayPlan',
      from: seq,
      count: FIRST_WINDOW,
      pacing: currentPacing(),
    });
    if (gen !== this.generation) return;
    if (!r.ok) {
      this.stop();
      return;
    }
    const buf = new PlanBuffer(seq);
    buf.append(r.value);
    this.buf = buf;
    this.lastSeq = seq;
    this.lastChunk = chunk;
    selectPosition(seq, chunk);
    this.originP = buf.offsetOfPosition(chunk === null ? { seq } : { seq, chunk });
    this.originWall = performance.now();
    this.speed = clampSpeed(useReplay.getState().speed);
    this.watch(gen);
    this.raf = requestAnimationFrame(this.frame);
  }

  stop(reason?: { problemSeq?: number }): void {
    this.halt();
    this.generation++;
    if (useReplay.getState().playing) useReplay.setState({ playing: false });
    const seq = reason?.problemSeq;
    if (seq !== undefined) {
      replayNotice(`Stopped at a problem: ${formatSeq(seq)}`, { tone: 'warn', ms: 6000, atSeq: seq });
      // Then say which problem it is (the worker knows: a tool error in bash, a failed model call, a diagnostic ...).
      const loadId = useApp.getState().loadId;
      void this.client.request({ kind: 'problemAt', seq }).then((r) => {
        const notice = useReplay.getState().notice;
        if (!r.ok || !r.value.what || useApp.getState().loadId !== loadId) return;
        if (notice?.text !== `Stopped at a problem: ${formatSeq(seq)}`) return; // something newer was said since
        replayNotice(`Stopped at a problem: ${formatSeq(seq)} · ${r.value.what}`, {
          tone: 'warn',
          ms: 6000,
          atSeq: seq,
        });
      });
    }
  }

  /** Cancels the frame loop and the watchers (the playing flag is the caller's). */
  private halt(): void {
    cancelAnimationFrame(this.raf);
    this.raf = 0;
    for (const c of this.cleanup) c();
    this.cleanup = [];
    this.buf = null;
    this.fetching = false;
  }

  /** Stops on user interaction; follows speed and pacing changes. */
  private watch(gen: number): void {
    const onPointer = (e: Event) => {
      if (!insideControls(e.target)) this.stop();
    };
    const onKey = (e: KeyboardEvent) => {
      if (MODIFIERS.has(e.key) || isPlayToggleKey(e)) return;
      this.stop();
    };
    window.addEventListener('pointerdown', onPointer, true);
    window.addEventListener('wheel', onPointer, { capture: true, passive: true });
    window.addEventListener('keydown', onKey, true);
    this.cleanup.push(() => {
      window.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('wheel', onPointer, true);
      window.removeEventListener('keydown', onKey, true);
    });
    // A selection the player did not make (a timeline click, the hash, a diagnostic link) takes over.
    this.cleanup.push(
      useApp.subscribe((s) => {
        if (gen !== this.generation) return;
        if (s.selectedSeq !== this.lastSeq || s.selectedChunk !== this.lastChunk || s.status !== 'ready')
          this.stop();
      }),
    );
    this.cleanup.push(
      useReplay.subscribe((s, prev) => {
        if (gen !== this.generation) return;
        if (s.speed !== prev.speed) {
          const now = performance.now();
          this.originP = this.playhead(now);
          this.originWall = now;
          this.speed = clampSpeed(s.speed);
        }
        // Another pacing means another clock: start again from here.
        if (
          s.pacing !== prev.pacing ||
          (s.pacing === 'uniform' && s.eventsPerSecond !== prev.eventsPerSecond)
        )
          queueMicrotask(() => void this.start());
      }),
    );
  }

  private playhead(now: number): number {
    return this.originP + (now - this.originWall) * this.speed;
  }

  private readonly frame = (now: number): void => {
    const buf = this.buf;
    if (!buf) return;
    const gen = this.generation;
    const p = this.playhead(now);
    if (!buf.complete && !this.fetching) {
      const aheadEvents = buf.end - this.lastSeq;
      const aheadMs = (buf.lastOffset - p) / this.speed;
      if (aheadEvents < LOOKAHEAD_EVENTS || aheadMs < LOOKAHEAD_MS) void this.fetchMore(buf, gen);
    }
    const replay = useReplay.getState();
    const pos = buf.positionAt(p, !replay.reducedMotion);
    if (replay.stopAtProblems) {
      const problem = buf.firstProblem(this.lastSeq, pos.seq);
      if (problem !== null) {
        this.show(problem, null);
        this.stop({ problemSeq: problem });
        return;
      }
    }
    const skipped = buf.skippedBetween(this.lastSeq, pos.seq);
    if (skipped > 0) replayNotice(`Skipped ${formatDuration(skipped)} idle`);
    this.show(pos.seq, pos.chunk ?? null);
    if (buf.complete && pos.seq === buf.end - 1 && pos.chunk === undefined) {
      this.stop();
      return;
    }
    if (pos.seq - buf.first > NEXT_WINDOW) buf.trimBefore(pos.seq - KEEP_BEHIND);
    this.raf = requestAnimationFrame(this.frame);
  };

  private show(seq: number, chunk: number | null): void {
    if (seq === this.lastSeq && chunk === this.lastChunk) return;
    this.lastSeq = seq;
    this.lastChunk = chunk;
    selectPosition(seq, chunk);
  }

  private async fetchMore(buf: PlanBuffer, gen: number): Promise<void> {
    this.fetching = true;
    const r = await this.client.request({
      kind: 'replayPlan',
      from: buf.end,
      count: NEXT_WINDOW,
      pacing: currentPacing(),
    });
    if (gen !== this.generation) return;
    this.fetching = false;
    if (r.ok) buf.append(r.value);
  }
}
