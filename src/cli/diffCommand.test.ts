/**
 * `seqscope diff`'s one-line text output is bounded per run: a 10 MB changed message prints a
 * few hundred characters, says how many more there are, and shows the added run as well as the
 * removed one (it once printed the line's first 400 characters: all of a long removed run, none
 * of what replaced it, and no count of what was left out).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clipped, inlineDiff, runDiffCommand } from './diffCommand';

const MB = 1_000_000;

/** A log whose user message (seq 1) is replaced at seq 2 by `after`. */
function replacedMessage(before: string, after: string): string {
  const msg = (text: string, extra: Record<string, unknown>) =>
    JSON.stringify({
      type: 'user/message',
      data: { content: [{ type: 'text', text }], source: { kind: 'user' }, role: 'user', id: 'u' },
      ...extra,
    });
  return [
    JSON.stringify({ type: 'session', version: 0, id: 's', createdAt: 0, cwd: '/' }),
    JSON.stringify({ type: 'turn/start', data: { turn: 1 } }),
    msg(before, { surfaceOp: 'append' }),
    msg(after, { sourceEventSeqs: [1], surfaceOp: { op: 'replace', start: 1, end: 1 } }),
  ].join('\n');
}

/** A log whose request header at seq 1 has the system prompt `before`, the one at seq 3 `after`. */
function changedSystem(before: string, after: string): string {
  const header = (seq: number, system: string) =>
    JSON.stringify({ type: 'request/header', seq, data: { header: { config: { model: 'm' }, system } } });
  const user = (seq: number) =>
    JSON.stringify({
      type: 'user/message',
      seq,
      data: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      surfaceOp: 'append',
    });
  return [
    JSON.stringify({ type: 'turn/start', seq: 0, data: { turn: 1 } }),
    header(1, before),
    user(2),
    header(3, after),
    user(4),
  ].join('\n');
}

async function diffText(log: string, from = 1, to = 2): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'seqscope-diff-')), 'log.jsonl');
  writeFileSync(file, log);
  let out = '';
  const code = await runDiffCommand(
    [file, '--from', String(from), '--to', String(to)],
    (s) => (out += s),
    () => {},
  );
  expect(code).toBe(0);
  return out;
}

describe('the diff line, bounded', () => {
  it('a message rewritten whole (1 MB each): both runs show, each cut to 200 characters and counted', () => {
    const line = inlineDiff([
      { op: '-', text: 'a'.repeat(MB) },
      { op: '+', text: 'b'.repeat(MB) },
    ]);
    expect(line).toBe(
      `[-${'a'.repeat(200)}… 999,800 more characters-]{+${'b'.repeat(200)}… 999,800 more characters+}`,
    );
  });

  it('thousands of small changes: the line stops near 1,000 shown characters and counts the rest', () => {
    const parts = Array.from({ length: 10_000 }, (_, i) =>
      i % 2 === 0 ? { op: '=' as const, text: 'same ' } : { op: '+' as const, text: 'new ' },
    );
    const line = inlineDiff(parts);
    expect(line.length).toBeLessThan(1_100);
    expect(line).toMatch(/ … 9,\d{3} more runs, changed or kept \([\d,]+ characters\)$/);
  });

  it('a name or list is clipped the same way, never inside a surrogate pair', () => {
    expect(clipped('x'.repeat(250))).toBe(`${'x'.repeat(200)}… 50 more characters`);
    expect(clipped('x'.repeat(199) + '😀' + 'y')).toBe(`${'x'.repeat(199)}… 3 more characters`);
    expect(clipped('short')).toBe('short');
  });

  it('seqscope diff on a message that grows by 10 MB prints under 400 characters a line', async () => {
    const log = replacedMessage('short question?', 'short question?' + 'x'.repeat(10 * MB));
    const out = await diffText(log);
    expect(out.length).toBeLessThan(1_000);
    const lines = out.split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(400);
    expect(out).toContain(
      `~ user      seq 1 -> 2: short question?{+${'x'.repeat(200)}… 9,999,800 more characters+}\n`,
    );
  });

  it('a 1 MB system prompt with one word changed: the word diff, at its place', async () => {
    const line = (i: number) => `rule ${i}: answer briefly and cite the file you read`;
    const rules = Array.from({ length: 20_000 }, (_, i) => line(i));
    const after = [...rules];
    after[10_000] = line(10_000).replace('briefly', 'fully');
    const out = await diffText(changedSystem(rules.join('\n'), after.join('\n')), 2, 4);
    expect(out).toContain(
      'system prompt: rule 0: answer briefly and cit…e you read\\u000arule 10000: answer [-briefly-]{+fully+} and cite the file you read\\u000aru…fly and cite the file you read',
    );
  });

  it('a system prompt of 400,000 lines with one in 250 changed: given up at once, and said so', async () => {
    const before = 'a\n'.repeat(400_000);
    const after = Array.from({ length: 400_000 }, (_, i) => (i % 250 === 0 ? 'z' : 'a')).join('\n') + '\n';
    const out = await diffText(changedSystem(before, after), 2, 4);
    expect(out).toContain(
      `system prompt: (too many changes to diff: whole texts) [-${'a\\u000a'.repeat(100)}… 799,800 more characters-]`,
    );
  });
});
