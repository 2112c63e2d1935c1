/** Subagent transcripts of a Claude Code log: present ones are pointed to, missing ones noted. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes } from '../core/log/load';
import { noteSubagentFiles } from './subagents';

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
});
