// @vitest-environment jsdom
/**
 * The player through a fake worker client and a fake clock (animation frames
 * and performance.now move only when the test advances them): pacing at the
 * recorded gaps and at other speeds, idle gaps skipped and announced, the
 * stops (end, problem, user interaction) and windows fetched ahead.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaybackWindow, RequestOf } from '../../worker/protocol';
import { select, useApp } from '../appState';
import { formatDuration } from '../components/format';
import { FakeClient } from '../testing/fakeClient';
import { resetStores, summary } from '../testing/fixtures';
import { Player } from './player';
import { useReplay } from './replayState';

const initialReplay = useReplay.getState();

interface LogTiming {
  /** Per event: playback ms since the previous one. */
  gaps: number[];
  skipped?: Record<number, number>;
  problems?: number[];
  deltas?: Record<number, number>;
}

/** The worker's replayPlan answer for a log with these timings. */
function planFor(log: LogTiming) {
  return (req: RequestOf<'replayPlan'>): PlaybackWindow => {
    const seqs: number[] = [];
    for (let s = req.from; s < Math.min(log.gaps.length, req.from + req.count); s++) seqs.push(s);
    return {
      from: req.from,
      eventCount: log.gaps.length,
      playMs: Float64Array.from(seqs.map((s) => log.gaps[s] ?? 0)),
      skippedMs: Float64Array.from(seqs.map((s) => log.skipped?.[s] ?? 0)),
      deltaLength: Uint32Array.from(seqs.map((s) => log.deltas?.[s] ?? 0)),
      problem: Uint8Array.from(seqs.map((s) => (log.problems?.includes(s) ? 1 : 0))),
    };
  };
}

/** A ready log of these timings, selected at `at`, and a player on a fake client. */
function playerFor(log: LogTiming, at: number | null = 0) {
  const client = new FakeClient({ replayPlan: planFor(log) });
  // A log with recorded times (a log without them always plays uniformly).
  const timed = summary(1, log.gaps.length, { startTime: 1_000, endTime: 2_000 });
  useApp.setState({
    status: 'ready',
    events: log.gaps.length,
    summary: timed,
    selectedSeq: at,
    selectedChunk: null,
  });
  return { client, player: new Player(client) };
}

const seq = () => useApp.getState().selectedSeq;
const playing = () => useReplay.getState().playing;
/** Lets the fake clock run `ms` of wall time, frame by frame. */
const run = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const every = (n: number, ms: number) => [0, ...new Array<number>(n - 1).fill(ms)];

beforeEach(() => {
  resetStores();
  useReplay.setState(initialReplay, true);
  vi.useFakeTimers({
    toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout', 'clearTimeout'],
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Player', () => {
  it('plays at the recorded pace and stops at the last event', async () => {
    const { player, client } = playerFor({ gaps: [0, 100, 300, 100, 100] });
    await player.start();
    expect(client.sent('replayPlan')).toEqual([
      { kind: 'replayPlan', from: 0, count: 2048, pacing: { kind: 'real' } },
    ]);
    expect(playing()).toBe(true);
    await run(50);
    expect(seq()).toBe(0);
    await run(100); // 150 ms in: seq 1 was due at 100
    expect(seq()).toBe(1);
    await run(200); // 350: seq 2 is due at 400
    expect(seq()).toBe(1);
    await run(100); // 450
    expect(seq()).toBe(2);
    await run(1000);
    expect(seq()).toBe(4);
    expect(playing()).toBe(false);
  });

  it('plays from the selected event, and from the start when the selection is at the end', async () => {
    const log = { gaps: every(10, 100) };
    const fromMiddle = playerFor(log, 6);
    await fromMiddle.player.start();
    expect(fromMiddle.client.sent('replayPlan')[0]).toMatchObject({ from: 6 });
    await run(120);
    expect(seq()).toBe(7);
    fromMiddle.player.stop();

    const atEnd = playerFor(log, 9);
    await atEnd.player.start();
    expect(atEnd.client.sent('replayPlan')[0]).toMatchObject({ from: 0 });
    expect(seq()).toBe(0);
  });

  it('runs faster at a higher speed, and a speed change keeps the playhead where it is', async () => {
    useReplay.setState({ speed: 4 });
    const { player } = playerFor({ gaps: every(100, 100) });
    await player.start();
    await run(120); // 480 ms of log time
    expect(seq()).toBe(4);
    useReplay.setState({ speed: 0.5 });
    await run(30); // +15 ms of log time: 495
    expect(seq()).toBe(4);
    await run(100); // 545
    expect(seq()).toBe(5);
    expect(playing()).toBe(true);
  });

  it('asks for uniform pacing when it is chosen', async () => {
    useReplay.setState({ pacing: 'uniform', eventsPerSecond: 50 });
    const { player, client } = playerFor({ gaps: every(5, 20) });
    await player.start();
    expect(client.sent('replayPlan')[0]?.pacing).toEqual({ kind: 'uniform', eventsPerSecond: 50 });
  });

  it('announces an idle gap it skipped', async () => {
    const { player } = playerFor({ gaps: [0, 100, 100], skipped: { 2: 41_000 } });
    await player.start();
    await run(250);
    expect(seq()).toBe(2);
    expect(useReplay.getState().notice?.text).toBe(`Skipped ${formatDuration(41_000)} idle`);
  });

  it('reveals a long delta character by character, not under reduced motion', async () => {
    const log = { gaps: [0, 100, 100], deltas: { 1: 4 } };
    const { player } = playerFor(log);
    await player.start();
    await run(130); // a quarter into the delta's 100 ms
    expect(useApp.getState()).toMatchObject({ selectedSeq: 1, selectedChunk: 2 });
    player.stop();

    useReplay.setState({ reducedMotion: true });
    const still = playerFor(log);
    await still.player.start();
    await run(130);
    expect(useApp.getState()).toMatchObject({ selectedSeq: 1, selectedChunk: null });
  });

  it('stops at the first problem when asked to, and says where', async () => {
    const log = { gaps: every(10, 100), problems: [3, 7] };
    const { player } = playerFor(log);
    await player.start();
    await run(1200);
    expect(seq()).toBe(9);

    useReplay.setState({ stopAtProblems: true });
    const careful = playerFor(log);
    await careful.player.start();
    await run(1200);
    expect(seq()).toBe(3);
    expect(playing()).toBe(false);
    expect(useReplay.getState().notice?.text).toBe('Stopped at a problem: seq 3');
  });

  it('stops when the user takes over: a key, a press outside the controls, or a selection it did not make', async () => {
    const log = { gaps: every(100, 100) };
    const { player } = playerFor(log);
    await player.start();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: ' ' })); // the play key itself
    expect(playing()).toBe(true);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'j' }));
    expect(playing()).toBe(false);

    await player.start();
    const controls = document.createElement('div');
    controls.dataset.replayControls = '';
    document.body.append(controls);
    controls.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(playing()).toBe(true);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(playing()).toBe(false);
    controls.remove();

    await player.start();
    await run(250);
    select(60);
    expect(playing()).toBe(false);
    await run(1000);
    expect(seq()).toBe(60); // nothing moves after a stop
  });

  it('fetches the next window before the playhead reaches the end of what it holds', async () => {
    const { player, client } = playerFor({ gaps: every(3000, 1) });
    await player.start();
    await run(16);
    expect(client.sent('replayPlan').map((r) => [r.from, r.count])).toEqual([
      [0, 2048],
      [2048, 4096],
    ]);
    await run(3100);
    expect(seq()).toBe(2999);
    expect(playing()).toBe(false);
  });

  it('does nothing until a log is ready', async () => {
    const { player, client } = playerFor({ gaps: every(5, 100) });
    useApp.setState({ status: 'loading' });
    await player.start();
    expect(playing()).toBe(false);
    expect(client.sent('replayPlan')).toEqual([]);
  });
});
