/**
 * Follow mode in the UI (`?src=...&follow=1`, live tail): the worker reads
 * appended bytes and pushes `grew`; the counts and the timeline grow (the
 * load service updates the store). Like `tail -f`, a selection on the last
 * event moves to the new last event; anywhere else it stays where the user
 * put it. A log rewritten or truncated under us is reloaded, with a notice; a
 * selection on the last event is then on the reloaded log's last event. A file deleted and
 * not yet back is waited for by the reload (worker/goneLog.ts), with a notice until it is.
 * Subscribes to the load lifecycle in `start()`; nothing at import.
 */
import { create } from 'zustand';
import { GONE_MESSAGE, REIMPORTED_MESSAGE, type FollowState } from '../../worker/protocol';
import { select, useApp } from '../appState';
import type { LoadService } from '../services/loadService';
import { addNotice, removeNotice } from '../services/notice';

interface FollowView {
  /** 'off' when the log is not followed; 'connecting' until the server's stream answers. */
  state: FollowState | 'off' | 'connecting';
  message: string | null;
  /** Events appended since the log was opened. */
  appended: number;
}

export const useFollow = create<FollowView>()(() => ({ state: 'off', message: null, appended: 0 }));

export const REWRITTEN_NOTICE = 'The log was rewritten; reloaded';

export class FollowMode {
  /** The load that reloads a rewritten log: its `ready` shows the notice. */
  private reloadOf: number | null = null;
  /** What the reload's notice says: rewritten, or (another agent's log that grew) imported again. */
  private reloadNotice = REWRITTEN_NOTICE;
  private baseEvents = 0;
  /** The event count before the latest growth: a selection on its last event follows the tail. */
  private knownEvents = 0;

  constructor(private readonly load: LoadService) {}

  start(): () => void {
    const offs = [
      this.load.events.on('ready', ({ loadId, summary }) => {
        removeNotice(GONE_MESSAGE); // it came back
        this.baseEvents = summary.events;
        this.knownEvents = summary.events;
        useFollow.setState({
          state: summary.following === true ? 'connecting' : 'off',
          message: null,
          appended: 0,
        });
        if (this.reloadOf === loadId) {
          this.reloadOf = null;
          addNotice(this.reloadNotice, { first: true });
        }
      }),
      this.load.events.on('grew', ({ summary }) => {
        const { selectedSeq } = useApp.getState();
        const atTail = this.atTail();
        this.knownEvents = summary.events;
        useFollow.setState({ appended: summary.events - this.baseEvents });
        if (atTail && summary.events - 1 > (selectedSeq ?? -1)) select(summary.events - 1);
      }),
      this.load.events.on('follow', ({ state, message }) => {
        if (state !== 'rewritten') {
          useFollow.setState({ state, message: message ?? null });
          // The file deleted under a reload (the worker waits for it): said where notices are, not
          // only in the badge's tooltip.
          if (message === GONE_MESSAGE) addNotice(GONE_MESSAGE);
          return;
        }
        const url = useApp.getState().summary?.source.url;
        if (!url) return;
        useFollow.setState({ state: 'connecting', message: null });
        this.reloadNotice = message === REIMPORTED_MESSAGE ? message : REWRITTEN_NOTICE;
        // On the last event it stays on the last event of the reloaded log (which a load without a
        // kept selection selects), longer or shorter; anywhere else it stays at its seq.
        this.reloadOf = this.load.open({ kind: 'url', url, follow: true }, { keepSelection: !this.atTail() });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }

  /** The selection is on the last event known (not inside a chunk stream): it follows the tail. */
  private atTail(): boolean {
    const { selectedSeq, selectedChunk } = useApp.getState();
    return selectedSeq === this.knownEvents - 1 && selectedChunk === null;
  }
}
