/**
 * What the timeline's rows show of their events: an event's one-line summary, a folded chunk
 * run's preview, a turn's user prompt. Each reads and parses events again, so each is kept, by
 * what it depends on: a summary by seq (events never change), a preview and a prompt by the
 * seqs they read (a run or a turn still growing while the log loads reads more next time: a new
 * key). A scroll back, a selection moving within the window and a scrubber drag ask for the same
 * rows again.
 */
import type { TurnInfo } from '../core/analysis/structure';
import { Lru } from '../core/log/lru';
import type { SessionLog } from '../core/log/sessionLog';
import { looseData } from '../core/types';
import { promptText } from '../core/view/spanSummary';
import { summarize } from '../core/view/summary';

/** Chunk rows of a folded run whose text is previewed on its row. */
const PREVIEW_CHUNKS = 40;

/** Events after a turn's start searched for its user prompt. */
const PROMPT_SCAN = 64;

/** Texts kept of each kind. */
const KEPT = 4096;

export class RowTexts {
  private readonly summaries = new Lru<number, ReturnType<typeof summarize>>(KEPT);
  private readonly previews = new Lru<string, string>(KEPT);
  private readonly prompts = new Lru<string, string | null>(KEPT);

  constructor(private readonly log: SessionLog) {}

  summary(seq: number): ReturnType<typeof summarize> {
    let s = this.summaries.get(seq);
    if (!s) {
      s = summarize(this.log.event(seq));
      this.summaries.set(seq, s);
    }
    return s;
  }

  /** The turn's user prompt: its first user/message with text that does not replace history. */
  prompt(t: TurnInfo): string | undefined {
    const log = this.log;
    const end = Math.min(t.lastSeq, t.startSeq + PROMPT_SCAN, log.eventCount - 1);
    const key = `${t.startSeq}:${end}`;
    let prompt = this.prompts.get(key);
    if (prompt === undefined) {
      prompt = null;
      for (let seq = t.startSeq; seq <= end && prompt === null; seq++)
        if (log.typeOf(seq) === 'user/message') prompt = promptText(log.event(seq));
      this.prompts.set(key, prompt);
    }
    return prompt ?? undefined;
  }

  /** The text the first chunks of a run streamed (or, with no deltas, the blocks they ended with), for the folded row. */
  chunkPreview(start: number, end: number): string {
    const key = `${start}:${Math.min(end, start + PREVIEW_CHUNKS)}`;
    let preview = this.previews.get(key);
    if (preview === undefined) {
      preview = this.readChunkPreview(start, end);
      this.previews.set(key, preview);
    }
    return preview;
  }

  private readChunkPreview(start: number, end: number): string {
    let text = '';
    let ended = '';
    for (let seq = start; seq <= Math.min(end, start + PREVIEW_CHUNKS); seq++) {
      const chunk = looseData(this.log.event(seq)).chunk;
      if (typeof chunk !== 'object' || chunk === null) continue;
      const c = chunk as Record<string, unknown>;
      if (typeof c.text === 'string') text += c.text;
      else if (typeof c.argumentsDelta === 'string')
        text += (typeof c.name === 'string' && c.name ? `${c.name} ` : '') + c.argumentsDelta;
      else if (c.type === 'block-end' && typeof c.block === 'object' && c.block !== null) {
        const b = c.block as Record<string, unknown>;
        const body =
          typeof b.text === 'string'
            ? b.text
            : typeof b.arguments === 'string'
              ? `${typeof b.name === 'string' ? b.name : ''} ${b.arguments}`
              : '';
        if (body) ended += `${ended ? ' | ' : ''}${body}`;
      }
      if (text.length > 160) break;
    }
    const shown = (text || ended).replace(/\s+/g, ' ').trim().slice(0, 160);
    return shown ? JSON.stringify(shown) : '';
  }
}
