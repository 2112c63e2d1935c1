/**
 * Every real log in ../shared/samples/other/ (see its README) opens as its
 * format, with each tool call answered by its result in the derived history.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes } from '../log/load';
import type { SessionLog } from '../log/sessionLog';
import type { Message } from '../types';

const DIR = '../shared/samples/other';
const open = (path: string): SessionLog => loadLogFromBytes(readFileSync(`${DIR}/${path}`));
const lastMessages = (log: SessionLog): Message[] =>
  log.messagesAt(log.eventCount - 1).messages.map((m) => m.message);

/** Tool calls in the derived messages, and which of them a later tool-result answers. */
function pairing(messages: Message[]) {
  const calls: string[] = [];
  const answered = new Set<string>();
  const orphanResults: string[] = [];
  for (const m of messages)
    for (const b of m.content) {
      if (b.type === 'tool-call') calls.push((b as { id: string }).id);
      if (b.type === 'tool-result') {
        const id = (b as { toolCallId: string }).toolCallId;
        if (calls.includes(id)) answered.add(id);
        else orphanResults.push(id);
      }
    }
  return { calls, unanswered: calls.filter((c) => !answered.has(c)), orphanResults };
}

const SAMPLES: [path: string, format: string, calls: number][] = [
  ['claude-code/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl', 'claude-code', 40],
  [
    'claude-code/ef958aa1-0e93-49f0-bb71-150f63befcd1/subagents/agent-ab1e6e141221a29ab.jsonl',
    'claude-code',
    17,
  ],
  ['claude-code/fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl', 'claude-code', 32],
  ['claude-code/agentlogs-compact.jsonl', 'claude-code', 0],
  ['codex/agentlogs-crud.jsonl', 'codex', 4],
  ['codex/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl', 'codex', 102],
  ['codex/rollout-2026-02-23T12-54-34-019c8a59-e9dd-71f0-9ae3-4079fe9726a9.jsonl', 'codex', 365],
  ['pi/pi-mono-v1-compaction-thinking.jsonl', 'pi', 189],
  ['pi/pi-mono-v1-large-session.jsonl', 'pi', 391],
  ['pi/agentlogs-v3-branched.jsonl', 'pi', 2],
  ['pi/agent-sessions-v3-compaction-small.jsonl', 'pi', 0],
  ['inspect/2025-05-12T20-27-36-04-00_browser.json', 'inspect-json', 4],
  ['inspect/log_message_deduplication.eval', 'inspect-eval', 5],
];

describe('the other agents\u2019 sample logs', { timeout: 60_000 }, () => {
  for (const [path, format, calls] of SAMPLES)
    it(`${path} opens as ${format} with its ${calls} tool calls paired`, () => {
      const log = open(path);
      expect(log.sourceFormat).toBe(format);
      expect(log.diagnostics.counts.error).toBe(0);
      expect(log.structure.totals.toolCalls).toBe(calls);
      // Every result in the derived history answers a call before it.
      const last = pairing(lastMessages(log));
      expect(last.orphanResults).toEqual([]);
      if (path.includes('compaction-thinking') || path.includes('2026-02-23')) return; // compacted: see below
      expect(last.calls).toHaveLength(calls);
      if (!path.includes('large-session')) expect(last.unanswered).toEqual([]);
    });

  it('pi: the calls left unanswered are exactly those of replies cut off (aborted or error) (the tool never ran)', () => {
    const log = open('pi/pi-mono-v1-large-session.jsonl');
    const { unanswered } = pairing(lastMessages(log));
    expect(unanswered).toHaveLength(18);
    const interruptedCalls = new Set<string>();
    for (let s = 0; s < log.eventCount; s++) {
      if (log.typeOf(s) !== 'assistant/message') continue;
      const d = log.event(s).data as { interrupted?: boolean; message: Message };
      if (d.interrupted)
        for (const b of d.message.content)
          if (b.type === 'tool-call') interruptedCalls.add((b as { id: string }).id);
    }
    for (const id of unanswered) expect(interruptedCalls.has(id)).toBe(true);
  });

  it('Claude Code /compact: at the last event only the summary and what followed it', () => {
    const log = open('claude-code/agentlogs-compact.jsonl');
    const messages = lastMessages(log);
    expect(messages).toHaveLength(4);
    const text = (m: Message) => (m.content[0] as { text: string }).text;
    expect(text(messages[0] as Message)).toMatch(
      /^This session is being continued from a previous conversation/,
    );
    expect(text(messages[2] as Message)).toContain('<command-name>/compact</command-name>');
    expect(text(messages[3] as Message)).toContain('<local-command-stdout>');
    // Before the boundary, the conversation it replaced is there.
    const replace = log.replacesUpTo(log.eventCount - 1);
    expect(replace).toHaveLength(1);
    const before = log.messagesAt((replace[0] as { seq: number }).seq - 1).messages.map((m) => m.message);
    expect(before.some((m) => m.role === 'assistant')).toBe(true);
    expect(before.map((m) => JSON.stringify(m.content)).join('')).toContain('how are you doing');
  });

  it('Claude Code: the six parallel tool-call forks are one conversation, not branches', () => {
    const log = open('claude-code/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl');
    expect(log.types).not.toContain('claude-code/other-branch');
    expect(log.diagnostics.items.filter((d) => d.message.includes('another branch'))).toEqual([]);
    // One assistant message per message.id: the six TaskCreate calls are in one message.
    const messages = lastMessages(log);
    const taskCreates = messages.filter(
      (m) =>
        m.role === 'assistant' &&
        m.content.filter((b) => (b as { name?: string }).name === 'TaskCreate').length === 6,
    );
    expect(taskCreates).toHaveLength(1);
  });

  it('Claude Code: subagent calls are linked, and the included subagent file opens as its own log', () => {
    const log = open('claude-code/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl');
    const links: { agentId: string; file: string; callId: string }[] = [];
    for (let s = 0; s < log.eventCount; s++)
      if (log.typeOf(s) === 'subagent/descriptor') links.push(log.event(s).data as never);
    expect(links).toHaveLength(6);
    expect(links.map((l) => l.file)).toContain(
      'ef958aa1-0e93-49f0-bb71-150f63befcd1/subagents/agent-ab1e6e141221a29ab.jsonl',
    );
    const sub = open(
      'claude-code/ef958aa1-0e93-49f0-bb71-150f63befcd1/subagents/agent-ab1e6e141221a29ab.jsonl',
    );
    expect(sub.sessionHeader?.origin).toMatchObject({
      format: 'claude-code',
      agentId: 'ab1e6e141221a29ab',
      sidechain: true,
    });
    expect(sub.structure.totals.toolErrors).toBe(2);
  });

  it('pi v3: the branch off entry 5b978642 shows as another branch; the active one wrote the limerick', () => {
    const log = open('pi/agentlogs-v3-branched.jsonl');
    const text = JSON.stringify(lastMessages(log));
    expect(text).toContain('limerick.txt');
    expect(text).not.toContain('now write a second haiku');
    expect(log.types).toContain('pi/other-branch');
    expect(
      log.diagnostics.items.some((d) => d.code === 'import-note' && d.message.includes('another branch')),
    ).toBe(true);
  });

  it('Codex: the compacted record replaces the whole history with its replacement_history', () => {
    const log = open('codex/rollout-2026-02-23T12-54-34-019c8a59-e9dd-71f0-9ae3-4079fe9726a9.jsonl');
    const replaces = log.replacesUpTo(log.eventCount - 1);
    expect(replaces).toHaveLength(1);
    const at = (replaces[0] as { seq: number }).seq;
    const before = log.messagesAt(at - 1).count;
    const after = log.messagesAt(at).messages.map((m) => m.message);
    expect(before).toBeGreaterThan(after.length);
    expect(after[0]?.source).toMatchObject({ kind: 'compaction', format: 'codex' });
  });

  it('pi v1: the compaction keeps the entries from firstKeptEntryIndex after the summary', () => {
    const log = open('pi/pi-mono-v1-compaction-thinking.jsonl');
    const messages = lastMessages(log);
    expect(messages[0]?.source).toMatchObject({ kind: 'compaction' });
    expect((messages[0]?.content[0] as { text: string }).text).toMatch(/^# Context Checkpoint/);
    expect(pairing(messages).orphanResults).toEqual([]);
  });

  it('Inspect: at each model event the derived messages are its recorded input', () => {
    const log = open('inspect/2025-05-12T20-27-36-04-00_browser.json');
    expect(log.diagnostics.items.filter((d) => d.code === 'import-input-mismatch')).toEqual([]);
    const last = lastMessages(log);
    expect(last).toHaveLength(10);
    expect(last[0]?.role).toBe('user');
    expect(last[9]?.role).toBe('assistant');
  });
});

describe('imported rows on the timeline', () => {
  it('say what happened, not "unknown type"', async () => {
    const { summarize } = await import('../view/summary');
    const log = open('codex/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl');
    const texts = new Map<string, string>();
    for (let s = 0; s < log.eventCount; s++) {
      const t = log.typeOf(s);
      if (!texts.has(t)) texts.set(t, summarize(log.event(s)).text);
    }
    for (const [type, text] of texts) expect(text, type).not.toMatch(/unknown type/);
    expect(texts.get('codex/token_count')).toMatch(/^tokens: \d+ in · \d+ out$|^rate limits$/);
    expect(texts.get('codex/exec_command_end')).toMatch(/^exit \d+ · /);
  });
});

describe('the request in force of an imported log', () => {
  it('Claude Code and pi say, on their request header row, that the system prompt was not recorded', async () => {
    const { summarize } = await import('../view/summary');
    for (const path of ['claude-code/agentlogs-compact.jsonl', 'pi/agentlogs-v3-branched.jsonl']) {
      const log = open(path);
      let seq = -1;
      for (let s = 0; s < log.eventCount && seq < 0; s++) if (log.typeOf(s) === 'request/header') seq = s;
      expect(summarize(log.event(seq)).text, path).toMatch(/· system prompt not recorded$/);
    }
    // Codex records its base instructions: no such remark.
    const codex = open('codex/agentlogs-crud.jsonl');
    for (let s = 0; s < codex.eventCount; s++)
      if (codex.typeOf(s) === 'request/header')
        expect(summarize(codex.event(s)).text).not.toContain('not recorded');
  });
});
