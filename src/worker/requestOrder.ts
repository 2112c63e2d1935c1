/**
 * In what order the worker answers the requests that arrive together. A seek posts locate, event
 * and rows together with messages and stream, and the messages pane is what the user waits for
 * (the others took 20-40 ms ahead of it in a trace of a 600k-event log): those others wait one turn.
 */
import type { RequestEnvelope, RequestKind } from './protocol';

/** Requests answered after the ones already queued. */
const AFTER_THE_PANES = new Set<RequestKind>([
  'locate',
  'event',
  'rows',
  'toolPairs',
  'diagnostics',
  'structure',
  'transcript',
  'replaced',
  'replayAxis',
]);

/**
 * Whether a request waits one turn behind the panes'. The replay position's description (a
 * `replayMove` of `none`, sent on every selection change, before the panes ask) is among them; a
 * key press's move is not: the selection waits for it.
 */
export function waitsForThePanes(req: RequestEnvelope): boolean {
  return AFTER_THE_PANES.has(req.kind) || (req.kind === 'replayMove' && req.move === 'none');
}
