/**
 * One stream of many deltas: selecting the step/end after it shows the whole assembled text.
 * The worker once re-read every chunk of the stream on that first visit (a million deltas: 5-13 s
 * of worker time, and the client's watchdog declared the worker dead); the loading pass now
 * records assembly checkpoints (core/analysis/streamCheckpoints.ts), so the visit reads at most
 * 1024 chunks. `src/core/analysis/streamIndex.test.ts` counts those reads; this test drives the
 * built app: the preview's text is the stream's tail (its length and last characters), and the
 * worker answers every request after it (no "The log worker stopped" notice).
 * SEQSCOPE_HUGE=1 runs it at a million deltas (minutes to load on a loaded 2-core machine).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { singleStreamLog } from '../src/core/testing/hostileInputs';
import { PREVIEW_TAIL } from '../src/app/views/StreamingPreview';
import { expect, openWithInput, selectByHash, test } from './helpers';

const DELTAS = process.env.SEQSCOPE_HUGE ? 1_000_000 : 200_000;

test(`selecting the step/end after one stream of ${DELTAS} deltas shows the whole stream`, async ({
  page,
}) => {
  test.setTimeout(DELTAS > 200_000 ? 600_000 : 180_000);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-stream-')), 'one-stream.jsonl');
  writeFileSync(file, singleStreamLog(DELTAS));
  await page.goto('/');
  await openWithInput(page, file);
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-state', 'ready', {
    timeout: DELTAS > 200_000 ? 540_000 : 150_000,
  });
  await expect(status).toHaveAttribute('data-events', String(DELTAS + 7));

  const stepEnd = DELTAS + 5;
  await selectByHash(page, stepEnd);
  const streaming = page.getByTestId('streaming');
  await expect(streaming).toHaveAttribute('data-seq', String(stepEnd), { timeout: 60_000 });
  // the preview lays out the stream's tail (PREVIEW_TAIL characters) and says how much precedes it
  const text = (await streaming.locator('pre[data-block-type=text]').textContent()) ?? '';
  expect(text.length).toBe(PREVIEW_TAIL);
  expect(text.slice(-12)).toBe(DELTAS % 10 === 0 ? '890123456789' : text.slice(-12));
  await expect(streaming.getByTestId('block-cut')).toContainText(
    `${(DELTAS - PREVIEW_TAIL).toLocaleString('en-US')} earlier characters of this block not shown`,
  );
  await expect(page.getByText(`${DELTAS + 3} chunks from seq 2`)).toBeVisible();

  // The worker is alive and answers at once: another seek into the stream, then back.
  const mid = 3 + Math.floor(DELTAS / 2);
  await selectByHash(page, mid);
  await expect(streaming).toHaveAttribute('data-seq', String(mid));
  await selectByHash(page, stepEnd);
  await expect(streaming).toHaveAttribute('data-seq', String(stepEnd));
  await expect(page.getByText('The log worker stopped.')).toHaveCount(0);
});
