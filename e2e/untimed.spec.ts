import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { badRunLog } from '../src/core/testing/badRun';
import { expect, expectLoaded, gotoApp, openWithInput, selectByHash, test } from './helpers';

test('a log without timestamps shows positions, not 1970 dates or +0:00.000, and plays uniformly', async ({
  page,
}) => {
  const run = badRunLog({ turns: 2, stepsPerTurn: 3, toolErrors: 1, failedAttempts: 1, untimed: true });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-e2e-')), 'untimed.jsonl');
  writeFileSync(file, run.text);
  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, 'untimed.jsonl', run.events);

  await selectByHash(page, 5);
  await expect(page.getByTestId('inspector-when')).toHaveText(`event 6 of ${run.events} · no timestamp`);
  const text = await page.locator('body').innerText();
  expect(text).not.toContain('1970');
  expect(text).not.toMatch(/\+0:00\.000/);

  // Real time and the wall-clock axis mean nothing here: uniform pacing and the seq axis, the others disabled.
  await expect(page.getByRole('button', { name: 'Uniform' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Real time' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Seq', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Time', exact: true })).toBeDisabled();

  // A timed log opened afterwards gets real time back (the choice was never overwritten).
  await page.getByRole('button', { name: 'Seqscope' }).click();
  await page.getByTestId('open-demo').click();
  await expectLoaded(page, 'demo.jsonl', 236);
  await expect(page.getByRole('button', { name: 'Real time' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Real time' })).toBeEnabled();
});
