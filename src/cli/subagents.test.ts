/** Subagent transcripts of a Claude Code log: present ones are pointed to, missing ones noted. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes } from '../core/log/load';
import { NAMED_SUBAGENTS, noteSubagentFiles } from './subagents';

describe('subagent transcripts', () => {
  it('the sample names six; one is beside it, five are missing: each is a note, none an error', () => {
    const path = '../shared/samples/other/claude-code/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl';
    const log = loadLogFromBytes(readFileSync(path));
    const before = log.diagnostics.items.length;
    noteSubagentFiles(log, path);
    const notes = log.diagnostics.items.slice(before);
    expect(notes).toHaveLength(6);
    expect(notes.every((d) => d.code === 'import-note' && d.severity === 'info')).toBe(true);
    expect(notes.filter((d) => d.message.endsWith('(missing)'))).toHaveLength(5);
    const present = notes.filter((d) => d.message.includes('open it as its own log'));
    expect(present).toHaveLength(1);
    expect(present[0]?.message).toContain('subagents/agent-ab1e6e141221a29ab.jsonl');
  });

  it('30 descriptors: 20 named, the rest counted in one note (audit R22-4)', () => {
    const base = { cwd: '/w', sessionId: 's', version: '1.0.0', timestamp: '2025-01-01T00:00:00.000Z' };
    const lines = Array.from({ length: 30 }, (_, i) => ({
      ...base,
      type: 'user',
      uuid: `u${i}`,
      parentUuid: i === 0 ? null : `u${i - 1}`,
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: 'ok' }] },
      toolUseResult: { agentId: `a${i}` },
    }));
    const log = loadLogFromBytes(Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n') + '\n'));
    const before = log.diagnostics.items.length;
    noteSubagentFiles(log, '/nowhere/log.jsonl');
    const notes = log.diagnostics.items.slice(before);
    expect(notes).toHaveLength(NAMED_SUBAGENTS + 1);
    expect(notes[NAMED_SUBAGENTS]?.message).toBe(
      '10 more subagent descriptors: their transcripts are not looked for',
    );
  });
});
