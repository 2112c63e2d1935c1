/**
 * ReplayPosition.follow: the worker's description of the selection (the slider's
 * aria-valuetext, the bar's readout) is asked for each move of the selection, but not for the
 * positions a scrubber drag passes over: once, where the drag ends.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReplayPositionView } from '../../worker/protocol';
import { select, useApp } from '../appState';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import { Player } from './player';
import { ReplayPosition } from './replayPosition';
import { useReplay } from './replayState';

const settle = async () => {
  for (let i = 0; i < 8; i++) await Promise.resolve();
};

let stop: () => void = () => {};
beforeEach(() => {
  resetStores();
  useReplay.setState({ scrubbing: false, position: null });
  useApp.setState({ status: 'ready', events: 100, selectedSeq: 0 });
});
afterEach(() => stop());

function follow() {
  const client = new FakeClient({
    replayMove: (r): ReplayPositionView =>
      ({ seq: r.seq, valuetext: `seq ${r.seq} of 100` }) as ReplayPositionView,
  });
  stop = new ReplayPosition(client, new Player(client)).follow();
  return client;
}

describe('ReplayPosition.follow', () => {
  it('describes each move of the selection', async () => {
    const client = follow();
    await settle();
    select(5);
    await settle();
    select(6);
    await settle();
    expect(client.sent('replayMove').map((r) => r.seq)).toEqual([0, 5, 6]);
    expect(useReplay.getState().position?.valuetext).toBe('seq 6 of 100');
  });

  it('asks nothing while a drag moves the selection; describes where it ends', async () => {
    const client = follow();
    await settle();
    useReplay.setState({ scrubbing: true });
    for (let seq = 10; seq <= 40; seq += 10) {
      select(seq);
      await settle();
    }
    expect(client.sent('replayMove').map((r) => r.seq)).toEqual([0]);
    useReplay.setState({ scrubbing: false });
    await settle();
    expect(client.sent('replayMove').map((r) => r.seq)).toEqual([0, 40]);
    expect(useReplay.getState().position?.valuetext).toBe('seq 40 of 100');
  });
});
