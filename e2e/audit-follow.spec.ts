/**
 * Third audit: `seqscope open --follow` with hostile appends. The writer tears a line, appends a
 * 12 MB line, appends binary bytes, truncates the file and replaces it by rename; after each, the
 * page shows what the file holds (the valid events, a diagnostic for the bad bytes) and keeps
 * following, with no page error (the fixture fails the test on any).
 */
import { appendFileSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildCli,
  expect,
  expectLoaded,
  jsonLine as line,
  startOpen,
  test,
  turnLines as turn,
} from './helpers';

function noise(n: number): Buffer {
  const out = Buffer.alloc(n);
  let x = 0x9e3779b9;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = (x >>> 24) | 0x80; // high bytes: invalid UTF-8, never a newline
  }
  return out;
}

test.describe('open --follow with hostile appends', () => {
  test.beforeAll(buildCli);

  test('a torn line, binary bytes, a 12 MB line, a truncation and a replacement: the page shows the file each time', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-audit-follow-'));
    const file = path.join(dir, 'tail.jsonl');
    writeFileSync(file, line({ type: 'session', version: 0, id: 'tail' }) + turn(1, 0, 'first'));
    const { child, link } = await startOpen(file);
    const status = page.getByTestId('status');
    try {
      await page.setViewportSize({ width: 1600, height: 900 });
      await page.goto(link);
      await expectLoaded(page, 'tail.jsonl', 3);
      await expect(page.getByTestId('follow')).toHaveAttribute('data-state', 'live');

      // A torn line: half of turn 2 now, the rest later; only whole lines become events.
      const t2 = turn(2, 3, 'second');
      const cut = t2.indexOf('\n') + 20;
      appendFileSync(file, t2.slice(0, cut));
      await expect(status).toHaveAttribute('data-events', '4');
      appendFileSync(file, t2.slice(cut));
      await expect(status).toHaveAttribute('data-events', '6');
      await expect(page.getByTestId('messages')).toContainText('second');

      // Binary bytes on a line of their own, then a valid turn: the turn still arrives.
      appendFileSync(file, Buffer.concat([noise(4096), Buffer.from('\n')]));
      appendFileSync(file, turn(3, 6, 'third after binary'));
      await expect(status).toHaveAttribute('data-events', '9');
      await expect(page.getByTestId('messages')).toContainText('third after binary');
      await expect(page.getByTestId('follow')).toHaveAttribute('data-state', 'live');

      // A 12 MB line (one user message), then a turn.
      const big = 'B'.repeat(12 << 20);
      appendFileSync(
        file,
        line({ type: 'turn/start', seq: 9, time: 1009, data: { turn: 4 } }) +
          line({
            type: 'user/message',
            seq: 10,
            time: 1010,
            data: { role: 'user', content: [{ type: 'text', text: big }], source: { kind: 'user' } },
            surfaceOp: 'append',
          }) +
          line({ type: 'turn/end', seq: 11, time: 1011, data: { turn: 4, reason: { kind: 'completed' } } }),
      );
      appendFileSync(file, turn(5, 12, 'after the big line'));
      await expect(status).toHaveAttribute('data-events', '15', { timeout: 30_000 });
      await expect(page.getByTestId('follow')).toHaveAttribute('data-state', 'live');

      // Truncated to a shorter log: reloaded, the old events gone.
      writeFileSync(file, line({ type: 'session', version: 0, id: 'tail' }) + turn(1, 0, 'truncated start'));
      await expect(status).toHaveAttribute('data-events', '3', { timeout: 20_000 });
      await expect(page.getByTestId('messages')).toContainText('truncated start');

      const timeline = page.getByTestId('timeline');
      await expect(timeline.locator('[aria-selected=true]')).toHaveAttribute('data-seq', '2');

      // Replaced by rename (a new inode), longer than before: reloaded from the new file.
      const next = path.join(dir, 'next.jsonl');
      writeFileSync(
        next,
        line({ type: 'session', version: 0, id: 'tail' }) +
          turn(1, 0, 'replaced one') +
          turn(2, 3, 'replaced two'),
      );
      renameSync(next, file);
      // The selection was on the last event (seq 2): like tail -f it is on the new last event, no key pressed.
      await expect(status).toHaveAttribute('data-events', '6', { timeout: 20_000 });
      await expect(timeline.locator('[aria-selected=true]')).toHaveAttribute('data-seq', '5');
      await expect(page.getByTestId('messages')).toContainText('replaced two');
      appendFileSync(file, turn(3, 6, 'still following'));
      await expect(status).toHaveAttribute('data-events', '9');
      await expect(timeline.locator('[aria-selected=true]')).toHaveAttribute('data-seq', '8');
      await expect(page.getByTestId('messages')).toContainText('still following');
      await expect(page.getByTestId('follow')).toHaveAttribute('data-state', 'live');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
