/**
 * What the timeline's rows show of their events' content: an event's one-line
 * summary, a turn's user prompt, a folded chunk run's streamed text. Each is
 * read from the events once and kept: the timeline asks for its window on
 * every scroll, seek and progress update, and re-reading meant parsing the
 * events again (a turn's prompt is a whole user message; a run's preview up
 * to 40 chunks) whenever they had left the log's small event cache.
 *
 * An event never changes once read (the log only grows, and a re-told log is
 * opened anew), so a summary is kept as soon as it is made. A prompt or a
 * preview is kept once no later event can change it: the prompt was found, or
 * the events it is searched in are all there; the preview's run is long
 * enough to fill it, or the log is complete. Memory: summaries and previews
 * in bounded LRUs, prompts one entry per turn.
 */
import type { TurnInfo } from '../core/analysis/structureIndex';
import { Lru } from '../core/log/lru';
import { EventFlag, type SessionLog } from '../core/log/sessionLog';
import { looseData } from '../core/types';
import { promptText } from '../core/view/spanSummary';
import { summarize, type EventSummary } from '../core/view/summary';

/** Chunk rows of a folded run whose text is previewed on its row. */
export const PREVIEW_CHUNKS = 40;

/** Events after a turn's start searched for its user prompt. */
export const PROMPT_SCAN = 64;

/** Rows' summaries kept (a few screens of rows; each is at most SUMMARY_MAX chars). */
const SUMMARIES = 4096;
const PREVIEWS = 1024;

export class RowText {
  private readonly summaries = new Lru<number, EventSummary>(SUMMARIES);
  /** By the turn's start seq; null: the turn has no prompt. */
  private readonly prompts = new Map<number, string | null>();
  private readonly previews = new Lru<number, string>(PREVIEWS);

  constructor(private readonly log: SessionLog) {}

  /** The event's one-line summary (core/view/summary.ts). */
  summary(seq: number): EventSummary {
    let s = this.summaries.get(seq);
    if (s === undefined) {
      s = summarize(this.log.event(seq));
      this.summaries.set(seq, s);
    }
    return s;
  }

  /** The turn's user prompt: its first user/message with text that does not replace history. */
  prompt(t: TurnInfo): string | undefined {
    const known = this.prompts.get(t.startSeq);
    if (known !== undefined) return known ?? undefined;
    const log = this.log;
    const end = Math.min(t.lastSeq, t.startSeq + PROMPT_SCAN, log.eventCount - 1);
    for (let seq = t.startSeq; seq <= end; seq++) {
      if (log.typeOf(seq) !== 'user/message') continue;
      const text = promptText(log.event(seq));
      if (text !== null) {
        this.prompts.set(t.startSeq, text);
        return text;
      }
    }
    // None so far: final once the turn is closed or every event searched has arrived.
    if (t.endSeq !== null || end >= t.startSeq + PROMPT_SCAN) this.prompts.set(t.startSeq, null);
    return undefined;
  }

  /** The text the first chunks of a run streamed (or, with no deltas, the blocks they ended with), for the folded row. */
  chunkPreview(start: number, end: number): string {
    const known = this.previews.get(start);
    if (known !== undefined) return known;
    const preview = chunkPreviewOf(this.log, start, end);
    // A run still loading may grow into the chunks the preview reads.
    if (end >= start + PREVIEW_CHUNKS || this.log.done) this.previews.set(start, preview);
    return preview;
  }
}

/**
 * The preview read from the events (no cache): what the run's delta chunks streamed (text,
 * reasoning, a tool call's name once and its arguments), else the bodies of the blocks it ended.
 * The loading pass flagged the deltas (EventFlag.delta): the other chunks are not read unless the
 * run streamed no delta text (a block-end carries its whole block), and a delta line is read as
 * its fields from its bytes (`chunkDelta`). Parsing every chunk took 330 us a preview, and a
 * timeline window previews dozens of runs (the first rows and every seek wait for it).
 */
export function chunkPreviewOf(log: SessionLog, start: number, end: number): string {
  const last = Math.min(end, start + PREVIEW_CHUNKS);
  const streamed = new Streamed();
  for (let seq = start; seq <= last && streamed.text.length <= 160; seq++) {
    if ((log.flagsOf(seq) & EventFlag.delta) === 0) continue;
    const d = log.chunkDelta(seq);
    if (d) streamed.add(d.chunkType === 'tool-call-delta', d.text, d.id, d.name);
    else streamed.addParsed(looseData(log.event(seq)).chunk);
  }
  const shown = (streamed.text || blocksEnded(log, start, last)).replace(/\s+/g, ' ').trim().slice(0, 160);
  return shown ? JSON.stringify(shown) : '';
}

/**
 * The text deltas streamed, one after the other. A tool call's name is written once, before its
 * arguments: every delta of a packed tool row carries it, and the preview read
 * `bash {bash "commandbash ":"gbash i...` when each delta added it.
 */
class Streamed {
  text = '';
  /** The tool call whose arguments are streaming (its id), and whether its name was written. */
  private call: string | undefined;
  private named = false;

  add(tool: boolean, delta: string, id: string, name: string | undefined): void {
    if (!tool) this.call = undefined;
    else {
      if (id !== this.call) {
        this.call = id;
        this.named = false;
      }
      if (!this.named && name) {
        this.text += `${this.text ? ' ' : ''}${name} `;
        this.named = true;
      }
    }
    this.text += delta;
  }

  /** A delta chunk as parsed (a dialect the loading pass parsed too). */
  addParsed(chunk: unknown): void {
    if (typeof chunk !== 'object' || chunk === null) return;
    const c = chunk as Record<string, unknown>;
    if (typeof c.text === 'string') this.add(false, c.text, '', undefined);
    else if (typeof c.argumentsDelta === 'string')
      this.add(
        true,
        c.argumentsDelta,
        typeof c.id === 'string' ? c.id : '',
        typeof c.name === 'string' ? c.name : undefined,
      );
  }
}

/** The bodies of the blocks the chunks in start..last ended, joined by " | ". */
function blocksEnded(log: SessionLog, start: number, last: number): string {
  let ended = '';
  for (let seq = start; seq <= last; seq++) {
    if ((log.flagsOf(seq) & EventFlag.delta) !== 0) continue;
    const c = looseData(log.event(seq)).chunk as Record<string, unknown> | undefined;
    if (typeof c !== 'object' || c === null || c.type !== 'block-end') continue;
    const body = blockBody(c.block);
    if (body) ended += `${ended ? ' | ' : ''}${body}`;
  }
  return ended;
}

/** What a block-end's block shows in a preview: its text, or a tool call's name and arguments. */
export function blockBody(block: unknown): string {
  if (typeof block !== 'object' || block === null) return '';
  const b = block as Record<string, unknown>;
  if (typeof b.text === 'string') return b.text;
  return typeof b.arguments === 'string' ? `${typeof b.name === 'string' ? b.name : ''} ${b.arguments}` : '';
}
