// @vitest-environment jsdom
/**
 * Problem navigation's notice ("Next error: seq 12 · tool error in bash") speaks about one
 * selection: it stays while the selection does and goes as soon as anything else moves it
 * (End, a step move, a click), while notices about no selection only time out.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimelineRow } from '../worker/protocol';
import { select, selectPosition, useApp } from './appState';
import { replayNotice, useReplay } from './playback/replayState';
import { FakeClient } from './testing/fakeClient';
import { resetStores } from './testing/fixtures';
import { TimelineNav } from './timelineNav';

const EVENTS = 50;
const ERRORS = [12, 30];

function row(seq: number): TimelineRow {
  return {
    row: seq,
    seq,
    coverEnd: seq,
    kind: 'event',
    depth: 1,
    type: 'user/message',
    summary: '',
    tone: 'normal',
    diagnostics: 0,
  };
}

/** A log of EVENTS rows (row = seq) with errors at ERRORS, and navigation over it. */
function navOverLog() {
  const client = new FakeClient({
    problemNav: ({ seq, dir }) => {
      const next = dir > 0 ? ERRORS.find((s) => s > seq) : [...ERRORS].reverse().find((s) => s < seq);
      return next === undefined
        ? { seq: null, what: null }
        : { seq: next, what: 'tool error in bash (exit-1)' };
    },
    rows: ({ from }) => ({ from, rows: [row(from)], rowCount: EVENTS, rowsVersion: 1 }),
    locate: ({ seq }) => ({ row: seq, visible: true, rowCount: EVENTS, rowsVersion: 1 }),
    nav: ({ seq, dir }) => ({ seq: Math.max(0, Math.min(EVENTS - 1, seq + dir * 5)) }),
  });
  useApp.setState({ status: 'ready', rowCount: EVENTS, selectedSeq: 0, selectedChunk: null });
  return new TimelineNav(client);
}

const notice = () => useReplay.getState().notice?.text ?? null;
const selected = () => useApp.getState().selectedSeq;

beforeEach(() => {
  resetStores();
  useReplay.setState({ notice: null });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the problem navigation notice', () => {
  it('says where e went and stays while the selection stays there', async () => {
    const nav = navOverLog();
    await nav.moveProblem('error', 1);
    expect(selected()).toBe(12);
    expect(notice()).toBe('Next error: seq 12 · tool error in bash (exit-1)');
    select(12);
    expect(notice()).toBe('Next error: seq 12 · tool error in bash (exit-1)');
    await vi.advanceTimersByTimeAsync(5000);
    expect(notice()).toBeNull();
  });

  it('goes at once when End moves the selection', async () => {
    const nav = navOverLog();
    await nav.moveProblem('error', 1);
    await nav.selectEdge('last');
    expect(selected()).toBe(EVENTS - 1);
    expect(notice()).toBeNull();
  });

  it('goes at once when a step move, a click or a scrubber position moves the selection', async () => {
    const nav = navOverLog();
    await nav.moveProblem('error', 1);
    await nav.moveSpan('step', 1);
    expect(selected()).toBe(17);
    expect(notice()).toBeNull();

    await nav.moveProblem('error', 1);
    expect(notice()).toBe('Next error: seq 30 · tool error in bash (exit-1)');
    select(20);
    expect(notice()).toBeNull();

    await nav.moveProblem('error', -1);
    expect(notice()).toBe('Previous error: seq 12 · tool error in bash (exit-1)');
    selectPosition(12, 40); // further into the same event: still about seq 12
    expect(notice()).not.toBeNull();
    selectPosition(13, 0);
    expect(notice()).toBeNull();
  });

  it('"No error after seq N" goes when the selection leaves N', async () => {
    const nav = navOverLog();
    select(40);
    await nav.moveProblem('error', 1);
    expect(selected()).toBe(40);
    expect(notice()).toBe('No error after seq 40');
    await nav.moveRow(-1);
    expect(selected()).toBe(39);
    expect(notice()).toBeNull();
  });

  it('a notice about no particular selection only times out', async () => {
    navOverLog();
    replayNotice('No search matches: press / to search every event');
    select(7);
    expect(notice()).toBe('No search matches: press / to search every event');
    await vi.advanceTimersByTimeAsync(2500);
    expect(notice()).toBeNull();
  });
});

describe('moves answered late', () => {
  /** Holds every answer of the named kinds until `release()`: a busy worker. */
  function heldNav(kinds: ('locate' | 'rows' | 'nav' | 'problemNav')[]) {
    const nav = navOverLog();
    const client = (nav as unknown as { client: FakeClient }).client;
    const waiting: (() => void)[] = [];
    for (const kind of kinds) {
      const answer = client.handlers[kind] as (req: never) => unknown;
      (client.handlers as Record<string, unknown>)[kind] = (req: never) =>
        new Promise((resolve) => waiting.push(() => resolve(answer(req))));
    }
    const release = async () => {
      for (let i = 0; i < 20; i++) {
        waiting.splice(0).forEach((go) => go());
        await vi.advanceTimersByTimeAsync(0);
      }
    };
    return { nav, release };
  }

  it('two quick presses move two rows, not one', async () => {
    const { nav, release } = heldNav(['locate']);
    select(10);
    const first = nav.moveRow(1);
    const second = nav.moveRow(1);
    await release();
    await Promise.all([first, second]);
    expect(selected()).toBe(12);
  });

  it('a row move does not land once Back or a click moved the selection', async () => {
    const { nav, release } = heldNav(['rows']);
    select(10);
    const move = nav.moveRow(1);
    await vi.advanceTimersByTimeAsync(0);
    select(3); // the user went Back while the worker was answering
    await release();
    await move;
    expect(selected()).toBe(3);
    // The next press moves from where the user is.
    const next = nav.moveRow(1);
    await release();
    await next;
    expect(selected()).toBe(4);
  });

  it('step, edge and problem moves answered after the selection moved are dropped', async () => {
    const { nav, release } = heldNav(['nav', 'rows', 'problemNav']);
    select(20);
    const moves = [nav.moveSpan('step', 1), nav.selectEdge('last'), nav.moveProblem('error', 1)];
    select(5);
    await release();
    await Promise.all(moves);
    expect(selected()).toBe(5);
    expect(notice()).toBeNull();
  });
});

describe('row moves from a selection no row shows (a filter hides it)', () => {
  /** Rows are the even seqs (row r = seq 2r); an odd seq is hidden, located after row (seq - 1) / 2. */
  function navOverEvenRows() {
    const client = new FakeClient({
      rows: ({ from }) => ({
        from,
        rows: [{ ...row(2 * from), row: from }],
        rowCount: EVENTS,
        rowsVersion: 1,
      }),
      locate: ({ seq }) => ({
        row: Math.floor(seq / 2),
        visible: seq % 2 === 0,
        rowCount: EVENTS,
        rowsVersion: 1,
      }),
    });
    useApp.setState({ status: 'ready', rowCount: EVENTS, selectedChunk: null });
    return new TimelineNav(client);
  }

  it.each([
    [1, 22], // down: the row after the one it sits after
    [-1, 20], // up: the row it sits after
    [10, 40], // a page down: ten rows on, not one
    [-10, 2], // a page up: ten rows, the one it sits after the first of them
  ])('a move of %i rows from hidden seq 21 selects seq %i', async (delta, seq) => {
    const nav = navOverEvenRows();
    select(21);
    await nav.moveRow(delta);
    expect(selected()).toBe(seq);
  });
});
