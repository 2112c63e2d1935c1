import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SessionLog } from '../log/sessionLog';
import type { Block, Message } from '../types';
import { messageFocus, type MessageFocus } from './messageFocus';

function load(path: string): SessionLog {
  let bytes = readFileSync(new URL(path, import.meta.url));
  if (path.endsWith('.gz')) bytes = gunzipSync(bytes);
  const log = new SessionLog();
  log.push(bytes);
  log.end();
  return log;
}

const SHARED = '../../../../shared/samples/';
const compaction = load(`${SHARED}dsh/compaction-recovery.stream.jsonl`);
const designCard = load(`${SHARED}design-card-example.jsonl`);
const ptyTools = load(`${SHARED}dsh/pty-tools.jsonl`);
const demo = load('../../../public/samples/demo.jsonl');
const longSession = load('../../../public/samples/long-session.jsonl.gz');

/** The focus, which must name a message (not 'none'). */
function focusOf(log: SessionLog, seq: number): MessageFocus {
  const f = messageFocus(log, seq);
  if (f.kind === 'none') throw new Error(`seq ${seq}: ${f.why}`);
  return f;
}

/** The derived message at `index` of messagesAt(seq), with its source seq. */
function messageAt(log: SessionLog, seq: number, index: number): { seq: number; message: Message } {
  const m = log.messagesAt(seq, index, index + 1).messages[0];
  if (!m) throw new Error(`no message ${index} at seq ${seq}`);
  return m;
}

const texts = (m: Message): string =>
  m.content.map((b: Block) => ('text' in b && typeof b.text === 'string' ? b.text : '')).join('');

describe('messageFocus on real logs', () => {
  it('a tool result points at its tool message, a call at the assistant message that made it', () => {
    // design-card example: user (2), assistant with tool_use (5), tool/call (6), tool/result (7).
    const result = focusOf(designCard, 7);
    expect(result).toMatchObject({ kind: 'message', index: 2, last: 2, messageSeq: 7 });
    const tool = messageAt(designCard, 7, result.index).message;
    expect(tool.content[0]).toMatchObject({ type: 'tool-result', toolCallId: 'call_1' });

    const call = focusOf(designCard, 6);
    expect(call).toMatchObject({ kind: 'call', messageSeq: 5, index: 1 });
    const assistant = messageAt(designCard, 6, call.index).message;
    expect(assistant.role).toBe('assistant');
    expect(assistant.content.some((b) => (b as { id?: unknown }).id === 'call_1')).toBe(true);
  });

  it('a user message points at itself; a chunk at the message being streamed after the last one', () => {
    const user = focusOf(compaction, 4);
    expect(user).toMatchObject({ kind: 'message', index: 0, messageSeq: 4 });
    expect(texts(messageAt(compaction, 4, 0).message)).toMatch(/^Establish a durable compaction premise/);

    // seq 24 is a text delta of step 2's second attempt: the preview follows the 3 messages.
    expect(focusOf(compaction, 24)).toMatchObject({ kind: 'streaming', index: 3, last: 3 });
    expect(compaction.messagesAt(24, 0, 0).count).toBe(3);
    // The assistant message that closes the attempt is the 4th message.
    expect(focusOf(compaction, 28)).toMatchObject({ kind: 'message', index: 3, messageSeq: 28 });
  });

  it('a compaction: the messages it will replace before, the summary that replaced them after', () => {
    // compaction-recovery: start 19, summary 20, replace of seq 4 at 21, end 22.
    for (const seq of [19, 20])
      expect(focusOf(compaction, seq)).toMatchObject({
        kind: 'to-replace',
        index: 0,
        last: 0,
        messageSeq: 4,
      });
    for (const seq of [21, 22]) {
      const f = focusOf(compaction, seq);
      expect(f).toMatchObject({ kind: 'replacement', messageSeq: 21, hidden: 1 });
      expect(f.prune).toBeUndefined();
      expect(texts(messageAt(compaction, seq, f.index).message)).toMatch(
        /automatically generated checkpoint/,
      );
    }
    // The demo's compaction at 153 condenses messages 0..4 (seqs 1, 47, 49, 88, 90) into message 0.
    const before = focusOf(demo, 152);
    expect(before).toMatchObject({ kind: 'to-replace', index: 0, last: 4, hidden: 5, by: 153 });
    expect(messageAt(demo, 152, before.last).seq).toBe(90);
    expect(focusOf(demo, 153)).toMatchObject({ kind: 'replacement', index: 0, messageSeq: 153, hidden: 5 });
    expect(texts(messageAt(demo, 153, 0).message)).toMatch(/^<summary>/);
  });

  it('a pruned tool result points at the pruned message in the middle of the history', () => {
    // long-session: compaction/prune 2978 names targetSeq 1645; the tool/result at 2979 replaces it.
    const prune = focusOf(longSession, 2978);
    expect(prune).toMatchObject({ kind: 'to-replace', messageSeq: 1645, prune: true, by: 2979 });
    expect(messageAt(longSession, 2978, prune.index).seq).toBe(1645);
    const pruned = focusOf(longSession, 2979);
    expect(pruned).toMatchObject({ kind: 'replacement', messageSeq: 2979, hidden: 1, prune: true });
    expect(pruned.index).toBe(prune.index);
    const count = longSession.messagesAt(2979, 0, 0).count;
    expect(pruned.index).toBeLessThan(count - 10);
    const m = messageAt(longSession, 2979, pruned.index).message;
    expect(JSON.stringify(m.content)).toMatch(/tool output pruned/);
  });

  it('events that change no message say why', () => {
    expect(messageFocus(designCard, 0)).toEqual({
      seq: 0,
      type: 'turn/start',
      kind: 'none',
      why: 'a turn/start event changes no message',
    });
    expect(messageFocus(demo, 61)).toMatchObject({
      kind: 'none',
      why: 'a llm/retry event changes no message',
    });
  });

  it('every message-naming focus names the message at that index, on every seq of four logs', () => {
    for (const log of [compaction, designCard, ptyTools, demo]) {
      let named = 0;
      for (let seq = 0; seq < log.eventCount; seq++) {
        const f = messageFocus(log, seq);
        if (f.kind === 'none') continue;
        const count = log.messagesAt(seq, 0, 0).count;
        if (f.kind === 'streaming') {
          expect(f.index).toBe(count);
          continue;
        }
        named++;
        expect(f.index).toBeLessThanOrEqual(f.last);
        expect(f.last).toBeLessThan(count);
        expect(messageAt(log, seq, f.index).seq, `seq ${seq}`).toBe(f.messageSeq);
        // A surface event is its own message; others point at a message at or before them.
        if (['user/message', 'assistant/message', 'tool/result'].includes(log.typeOf(seq)))
          expect(f.messageSeq).toBe(seq);
        else if (f.kind !== 'to-replace') expect(f.messageSeq).toBeLessThan(seq);
      }
      expect(named).toBeGreaterThan(2);
    }
  });
});
