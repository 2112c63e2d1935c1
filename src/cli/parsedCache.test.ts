/**
 * The parsed events a log keeps for reuse are bounded by their cost, not only their number
 * (audit R6-1): lines of `{}` each under the structure budget's counting threshold parse to
 * some twenty times their size, and keeping 2048 of them ran `derive` out of heap.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { ensureBuiltCli, runCli } from './testSupport';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-parsed-cache-'));

beforeAll(ensureBuiltCli, 60_000);

it('derive over 80 user messages of 512 KB of `{}` each answers under a 512 MB heap', () => {
  const pad = `[${'{},'.repeat(170_000)}{}]`; // 512 KB: ~11 MB parsed; all 80 would be ~900 MB
  const line = (o: object) => `${JSON.stringify(o)}\n`;
  let text = line({ type: 'turn/start', seq: 0, time: 1, data: { turn: 1 } });
  for (let i = 1; i <= 80; i++)
    text += line({
      type: 'user/message',
      seq: i,
      time: 1 + i,
      data: { role: 'user', content: [{ type: 'text', text: `hi ${i}` }], pad: 'PAD' },
      surfaceOp: 'append',
    }).replace('"PAD"', pad);
  const file = join(dir, 'pad.jsonl');
  writeFileSync(file, text);
  const r = runCli(['derive', file, '--at', '80'], { nodeArgs: ['--max-old-space-size=512'] });
  expect(r.err).not.toMatch(/heap out of memory/);
  expect(r.code).toBe(0);
  const [answer] = JSON.parse(r.out) as { seq: number; messages: { content: { text: string }[] }[] }[];
  expect(answer?.seq).toBe(80);
  const messages = answer?.messages ?? [];
  expect(messages).toHaveLength(80);
  expect(messages.at(-1)?.content[0]?.text).toBe('hi 80');
}, 180_000);
