/**
 * Parallel loading in the browser (core/log/parallel.ts): a large plain file
 * is read by range workers while the log worker runs the sequential passes.
 * The app must show exactly the single-pass core's log: event count,
 * diagnostics per code, and the derived messages, near the end too.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { generateLogText } from '../scripts/gen/index';
import { expect, expectMessagesAt, gotoApp, loadCore, openWithInput, selectByHash, test } from './helpers';

test('a 200k-event log read by range workers equals the single pass, and a seek near the end shows the core messages', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-parallel-')), 'gen-200k.jsonl');
  const text = generateLogText({ events: 200_000, seed: 6 });
  writeFileSync(file, text);
  const log = loadCore(file);

  const workerUrls: string[] = [];
  page.on('worker', (w) => workerUrls.push(w.url()));
  await gotoApp(page);
  await openWithInput(page, file);
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-name', 'gen-200k.jsonl');
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 180_000 });
  await expect(status).toHaveAttribute('data-events', String(log.eventCount));
  // The file was large enough to be split: range workers ran.
  expect(workerUrls.some((u) => /rangeWorker/.test(u))).toBe(true);
  // Its fingerprint was hashed on a thread of its own, and is the file's: SHA-256, first 16 hex.
  expect(workerUrls.some((u) => /hashWorker/.test(u))).toBe(true);
  const sha = createHash('sha256').update(text).digest('hex').slice(0, 16);
  await expect(page.locator(`[title*="fingerprint ${sha}"]`).first()).toBeAttached();

  const counts = new Map<string, number>();
  for (const d of log.diagnostics.items) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  await page.getByTestId('diagnostic-counts').click();
  const panel = page.getByTestId('diagnostics');
  for (const [code, count] of counts)
    await expect(panel.locator(`[data-code="${code}"]`)).toHaveAttribute('data-count', String(count));
  await expect(panel.locator('[data-code]')).toHaveCount(counts.size);
  await page.keyboard.press('Escape');

  for (const seq of [log.eventCount - 3, Math.floor(log.eventCount / 2), 17]) {
    await selectByHash(page, seq);
    await expectMessagesAt(page, log, seq);
  }
});
