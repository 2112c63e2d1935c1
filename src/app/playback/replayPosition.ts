/**
 * Moving the replay position (the app store's selectedSeq + selectedChunk)
 * by a unit the worker resolves (event, chunk, character, step, turn, edge),
 * and keeping the slider's description (aria-valuetext) in step with it.
 *
 * Key presses are chained: each move starts from where the previous one
 * landed, so a fast run of presses never loses one to a stale position.
 */
import type { ReplayMove } from '../../worker/protocol';
import { selectPosition, useApp } from '../appState';
import type { WorkerClient } from '../services/workerClient';
import type { Player } from './player';
import { resetReplayForLoad, useReplay } from './replayState';

export class ReplayPosition {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly client: WorkerClient,
    private readonly player: Player,
  ) {}

  /** Moves the position one unit (stops playback: the user took over). */
  readonly move = (move: ReplayMove, dir: 1 | -1): Promise<void> => {
    this.player.stopIfPlaying();
    const client = this.client;
    this.chain = this.chain.then(async () => {
      const { selectedSeq, selectedChunk, events, loadId } = useApp.getState();
      if (events === 0) return;
      // Nothing selected yet: the first step lands on an end.
      const seq = selectedSeq ?? (dir > 0 ? 0 : events - 1);
      const from = selectedSeq === null ? 'none' : move;
      const r = await client.request({
        kind: 'replayMove',
        seq: Math.min(seq, events - 1),
        ...(selectedChunk !== null && selectedSeq !== null ? { chunk: selectedChunk } : {}),
        move: from,
        dir,
      });
      if (!r.ok || useApp.getState().loadId !== loadId) return;
      useReplay.setState({ position: r.value });
      selectPosition(r.value.seq, r.value.chunk ?? null);
    });
    return this.chain;
  };

  /**
   * Keeps `useReplay.position` describing the selection, whoever moved it
   * (timeline click, hash, drag, playback); normalizes a chunk offset the
   * delta cannot have (e.g. from a hand-edited link).
   */
  follow(): () => void {
    const client = this.client;
    const describe = (force: boolean) => {
      const { selectedSeq, selectedChunk, events, status, loadId } = useApp.getState();
      if (selectedSeq === null || selectedSeq >= events || (status !== 'ready' && status !== 'loading'))
        return;
      const p = useReplay.getState().position;
      if (!force && p && p.seq === selectedSeq && (p.chunk ?? null) === selectedChunk) return;
      void client
        .request(
          {
            kind: 'replayMove',
            seq: selectedSeq,
            ...(selectedChunk !== null ? { chunk: selectedChunk } : {}),
            move: 'none',
          },
          { lane: 'replay-describe', coalesce: true },
        )
        .then((r) => {
          if (!r.ok) return;
          const s = useApp.getState();
          // The store moved on meanwhile: a newer description is on its way.
          if (s.loadId !== loadId || s.selectedSeq !== selectedSeq || s.selectedChunk !== selectedChunk)
            return;
          useReplay.setState({ position: r.value });
          const chunk = r.value.chunk ?? null;
          if (chunk !== selectedChunk) selectPosition(r.value.seq, chunk);
        });
    };
    describe(true);
    // During a drag the readout describes the pointer (the scrubber, from its axis): the worker
    // describes where the drag ends.
    const offDrag = useReplay.subscribe((r, prev) => {
      if (prev.scrubbing && !r.scrubbing) describe(false);
    });
    const offApp = useApp.subscribe((s, prev) => {
      // A new log starts loading: nothing of the previous one's replay state stays behind.
      if (s.loadId !== prev.loadId) {
        this.player.stopIfPlaying();
        resetReplayForLoad();
        if (s.selectedSeq !== null) describe(true);
        return;
      }
      if (s.events !== prev.events || s.status !== prev.status) describe(true);
      else if (useReplay.getState().scrubbing) return;
      else if (s.selectedSeq !== prev.selectedSeq || s.selectedChunk !== prev.selectedChunk) describe(false);
    });
    return () => {
      offDrag();
      offApp();
    };
  }
}
