/**
 * Follow mode in the UI (`?src=...&follow=1`, issue 5): the worker reads
 * appended bytes (src/worker/follow.ts) and pushes `grew`; the counts and
 * the timeline grow while the selection stays where the user put it. A log
 * rewritten or truncated under us is reloaded, with a notice.
 */
import { create } from 'zustand';
import type { FollowState, Push } from '../../worker/protocol';
import { client, openSource } from '../controller';
import { useApp } from '../store';

interface FollowView {
  /** 'off' when the log is not followed; 'connecting' until the server's stream answers. */
  state: FollowState | 'off' | 'connecting';
  message: string | null;
  /** Events appended since the log was opened. */
  appended: number;
}

export const useFollow = create<FollowView>()(() => ({ state: 'off', message: null, appended: 0 }));

export const REWRITTEN_NOTICE = 'The log was rewritten; reloaded';

/** The load that reloads a rewritten log: its `ready` shows the notice. */
let reloadOf: number | null = null;
let baseEvents = 0;

function onPush(p: Push): void {
  const app = useApp.getState();
  if (p.loadId !== app.loadId) return;
  switch (p.kind) {
    case 'ready': {
      const following = p.summary.following === true;
      baseEvents = p.summary.events;
      useFollow.setState({ state: following ? 'connecting' : 'off', message: null, appended: 0 });
      if (reloadOf === p.loadId) {
        reloadOf = null;
        const { notice } = useApp.getState();
        useApp.setState({ notice: notice ? `${REWRITTEN_NOTICE}. ${notice}` : REWRITTEN_NOTICE });
      }
      return;
    }
    case 'grew': {
      const s = p.summary;
      // The selection stays: only the counts and rows change.
      useApp.setState({
        summary: s,
        events: s.events,
        rowCount: s.rowCount,
        rowsVersion: s.rowsVersion,
        diagnostics: s.diagnostics,
        codes: s.codes,
        progress: null,
      });
      useFollow.setState({ appended: s.events - baseEvents });
      return;
    }
    case 'follow': {
      if (p.state !== 'rewritten') {
        useFollow.setState({ state: p.state, message: p.message ?? null });
        return;
      }
      const url = app.summary?.source.url;
      if (!url) return;
      useFollow.setState({ state: 'connecting', message: null });
      reloadOf = openSource({ kind: 'url', url, follow: true }, { keepSelection: true });
      return;
    }
    default:
      return;
  }
}

let installed = false;

export function installFollow(): void {
  if (installed) return;
  installed = true;
  client.subscribe(onPush);
}
