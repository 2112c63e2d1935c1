/**
 * A log with no events: an empty file keeps no copy ("stored" would promise a reopen of nothing)
 * and "Copy link" says why there is none; a file of bad lines (no events, only diagnostics) is
 * stored and linked like any log, since the link reopens what it shows.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, expectLoaded, gotoApp, openWithInput, test } from './helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-empty-'));
const EMPTY = path.join(dir, 'empty.jsonl');
const BAD = path.join(dir, 'bad-lines.jsonl');
writeFileSync(EMPTY, '');
writeFileSync(BAD, 'not json\nnor this\n');

test('an empty file: no "stored" badge, and "Copy link" says there is nothing to link to', async ({
  page,
}) => {
  await gotoApp(page);
  await openWithInput(page, EMPTY);
  await expectLoaded(page, 'empty.jsonl', 0);
  await page.getByTestId('copy-current-link').click();
  await expect(page.getByTestId('toast')).toContainText(
    'empty.jsonl is empty (0 bytes): there is nothing to link to',
  );
  await expect(page.getByTestId('toast')).not.toHaveAttribute('data-link', /./);
  await expect(page.getByTestId('stored')).toHaveCount(0);
});

test('a file of bad lines: stored, and its link copied', async ({ page }) => {
  await gotoApp(page);
  await openWithInput(page, BAD);
  await expectLoaded(page, 'bad-lines.jsonl', 0);
  await expect(page.getByTestId('stored')).toHaveAttribute('data-state', 'stored');
  await page.getByTestId('copy-current-link').click();
  await expect(page.getByTestId('toast')).toHaveAttribute(
    'data-link',
    /\?log=[0-9a-f]{16}&name=bad-lines\.jsonl&size=18$/,
  );
});
