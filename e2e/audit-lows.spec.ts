/**
 * The last audit's low findings, in the browser: a picked file that changed on disk says so in
 * plain words and is chosen again (a browser reads a picked file only as it was when picked, so
 * Retry could not help), and a dead log worker on a static host has its one message, without a
 * Library card that only `seqscope serve` has.
 */
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, gotoApp, jsonLine, openWithInput, test, turnLines } from './helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-audit-lows-'));

/**
 * Two turns, then a 5 MB line of `[` (in a string: they are counted all the same) past the
 * browser's structure budget (2M objects and arrays counted after the line's first 2 MiB):
 * refused at once, with "Load anyway".
 */
function refusedLog(): string {
  const wide = `{"type":"progress/tick","seq":6,"data":{"pad":"${'['.repeat(5_000_000)}"}}\n`;
  return turnLines(1, 0, 'first question') + turnLines(2, 3, 'second question') + wide;
}

test.describe('a picked file that changed on disk', () => {
  test('says so in plain words, offers "Choose the file again" instead of Retry, and reads it as it is now', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const file = path.join(dir, 'session.jsonl');
    writeFileSync(file, refusedLog());
    await page.goto('/');
    await openWithInput(page, file);
    const status = page.getByTestId('status');
    await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(status).toHaveAttribute('data-events', '6');
    await expect(page.getByTestId('read-limit')).toContainText('objects and arrays');

    // The file grows on disk (an agent still writing), then "Load anyway" reads the same pick again.
    appendFileSync(file, jsonLine({ type: 'progress/tick', seq: 7, data: {} }));
    await page.getByRole('button', { name: 'Load anyway' }).click();
    const banner = page.getByTestId('error');
    await expect(banner).toContainText(
      'session.jsonl changed on disk while it was being read (appended to, cut short, replaced or removed), so this browser will not read it further. Choose the file again to read it as it is now.',
    );
    await expect(banner).not.toContainText('permission');
    await expect(banner.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(banner.getByText('Choose the file again', { exact: true })).toBeVisible();

    // Replaced by a smaller log: chosen again through the banner, it loads whole.
    writeFileSync(file, turnLines(1, 0, 'first question') + turnLines(2, 3, 'the file as it is now'));
    await banner.getByTestId('choose-again').setInputFiles(file);
    await expect(status).toHaveAttribute('data-state', 'ready');
    await expect(status).toHaveAttribute('data-events', '6');
    await expect(page.getByTestId('error')).toHaveCount(0);
    await expect(page.getByTestId('read-limit')).toHaveCount(0);
    await expect(page.getByTestId('timeline')).toContainText('the file as it is now');
  });
});

test.describe('a dead log worker on a static host', () => {
  test('has its one message and Retry; the start page shows no Library card', async ({ page }) => {
    await gotoApp(page);
    await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready');
    await page.evaluate(() =>
      (window as unknown as { __seqscope: { killWorker(): void } }).__seqscope.killWorker(),
    );
    const banner = page.getByTestId('error');
    await expect(banner).toContainText('The log worker stopped.');
    // The start page, asked for after the death: no Library (no `serve` here), no second message.
    await banner.getByRole('button', { name: 'Open another log' }).click();
    await expect(page.getByTestId('start-page')).toBeVisible();
    await expect(page.getByTestId('drop-zone')).toBeVisible();
    await expect(page.getByTestId('library')).toHaveCount(0);
    await expect(page.getByText('The library did not answer')).toHaveCount(0);
    await expect(page.getByText(/log worker/)).toHaveCount(1);
    // Retry starts a new worker: the demo opens again, and the start page still has no Library.
    await banner.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('error')).toHaveCount(0);
    await page.getByRole('button', { name: 'Seqscope' }).click();
    await expect(page.getByTestId('start-page')).toBeVisible();
    await expect(page.getByTestId('library')).toHaveCount(0);
  });
});
