/**
 * The one notice naming what a deep link could not use. The URL parser (core/link/deepLink.ts)
 * drops what is malformed on its face; a `part=2` of a one-part log or a `char=` past the end
 * of its delta are well formed, and only the opened log can judge them: they were dropped
 * without a word (audit R11-L3), and now join the same notice once the load is ready.
 */
import type { LogIdentity, ViewState } from '../../core/link/deepLink';
import type { LogSummary } from '../../worker/protocol';
import { selectPosition, useApp } from '../appState';
import { addNotice, setNotice } from '../services/notice';
import type { WorkerClient } from '../services/workerClient';

/** A character offset a link asked for inside the event at seq. */
interface LinkChar {
  seq: number;
  chunk: number;
}

/** The link's asks that wait for the load it opened to be ready. */
interface LinkChecks {
  loadId: number;
  part?: number;
  char?: LinkChar;
}

/** The notice for the fields a link could not use (`field=value`, as the parser shows them), or null. */
export function ignoredNotice(ignored: readonly string[]): string | null {
  if (ignored.length === 0) return null;
  return `Ignored what the link could not use: ${ignored.join(', ')}`;
}

/** `part=N` when the opened log has fewer parts than N (a log of one sample has one), else null. */
export function unusablePart(part: number | undefined, summary: LogSummary): string | null {
  if (part === undefined) return null;
  return part > (summary.parts?.labels.length ?? 1) ? `part=${part}` : null;
}

/**
 * `char=N` when the event at seq cannot show N characters (not a delta, or a shorter one), else
 * null. The worker knows the delta's length: its answer for the position unmoved drops an
 * offset the delta cannot have (core/replay/position.ts clampPosition).
 */
export async function unusableChar(client: WorkerClient, at: LinkChar): Promise<string | null> {
  const r = await client.request({ kind: 'replayMove', seq: at.seq, chunk: at.chunk, move: 'none' });
  if (!r.ok || r.value.seq !== at.seq || r.value.chunk === at.chunk) return null;
  return `char=${at.chunk}`;
}

/** What a link could not use, said once its log can judge the rest. */
export class LinkNotice {
  /** Malformed fields of the link being opened, named when its load is ready. */
  private pending: string[] = [];
  private checks: LinkChecks | null = null;

  constructor(private readonly client: WorkerClient) {}

  /** A link is being opened: its malformed fields wait for its load. */
  expect(ignored: readonly string[]): void {
    this.pending = [...ignored];
    this.checks = null;
  }

  /** The load the link opened (null: refused): its part and character offset are checked when ready. */
  opened(loadId: number | null, id: LogIdentity, view: ViewState): void {
    if (loadId === null) return;
    const checks: LinkChecks = { loadId };
    if (id.part !== undefined) checks.part = id.part;
    if (view.seq !== undefined && view.chunk !== undefined)
      checks.char = { seq: view.seq, chunk: view.chunk };
    this.checks = checks;
  }

  /** No load will become ready to carry the notice: says now what waits. */
  sayNow(): void {
    this.say(this.pending, addNotice);
    this.pending = [];
  }

  /** A load is ready: names what waits, with the part and the offset this log cannot have. */
  ready(summary: LogSummary): void {
    const ignored = this.pending;
    this.pending = [];
    const checks = this.checks?.loadId === summary.loadId ? this.checks : null;
    this.checks = null;
    const part = unusablePart(checks?.part, summary);
    if (part !== null) ignored.push(part);
    const char = checks?.char;
    if (char !== undefined && char.seq < summary.events) this.checkChar(char, ignored, addNotice);
    else this.say(ignored, addNotice);
  }

  /** A URL edited on the open log: names what it could not use, replacing the notice shown. */
  navigated(ignored: string[], view: ViewState): void {
    const { events, status } = useApp.getState();
    if (view.seq !== undefined && view.chunk !== undefined && status === 'ready' && view.seq < events)
      this.checkChar({ seq: view.seq, chunk: view.chunk }, ignored, setNotice);
    else this.say(ignored, setNotice);
  }

  private say(ignored: string[], show: (text: string) => void): void {
    const notice = ignoredNotice(ignored);
    if (notice) show(notice);
  }

  /**
   * Names a `char=` the event at seq cannot have with the other fields, once the worker has
   * said. The selection drops it first: the replay readout would drop it later by a move,
   * which clears the notice shown.
   */
  private checkChar(char: LinkChar, ignored: string[], show: (text: string) => void): void {
    const loadId = useApp.getState().loadId;
    void unusableChar(this.client, char).then((entry) => {
      const s = useApp.getState();
      if (s.loadId !== loadId) return;
      if (entry !== null) {
        ignored.push(entry);
        if (s.selectedSeq === char.seq && s.selectedChunk !== null) selectPosition(char.seq, null);
      }
      this.say(ignored, show);
    });
  }
}
