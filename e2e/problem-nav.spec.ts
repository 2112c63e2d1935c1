import type { Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { badRunLog } from '../src/core/testing/badRun';
import { expect, expectLoaded, gotoApp, openWithInput, test } from './helpers';

const run = badRunLog({ turns: 2, stepsPerTurn: 3, toolErrors: 2, failedAttempts: 2, lastTurnError: true });

async function openRun(page: Page) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-e2e-')), 'problems.jsonl');
  writeFileSync(file, run.text);
  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, 'problems.jsonl', run.events);
}

test('e / Shift+E and d go to the next and previous error and diagnostic, and say which', async ({
  page,
}) => {
  await openRun(page);
  await page.keyboard.press('Home');
  const selected = page.locator('[aria-selected=true][data-seq]');
  await expect(selected).toHaveAttribute('data-seq', '0');
  const notice = page.getByTestId('replay-notice');
  const [first, second] = run.toolErrorSeqs as [number, number];

  await page.keyboard.press('e');
  await expect(selected).toHaveAttribute('data-seq', String(first));
  await expect(notice).toHaveText(`Next error: seq ${first} · tool error in bash (exit-1)`);
  await page.keyboard.press('e');
  await expect(selected).toHaveAttribute('data-seq', String(second));
  await page.keyboard.press('Shift+E');
  await expect(selected).toHaveAttribute('data-seq', String(first));
  await expect(notice).toContainText(`Previous error: seq ${first}`);

  await page.keyboard.press('d');
  await expect(selected).toHaveAttribute('data-seq', String(run.failedAttemptSeqs[0]));
  await expect(notice).toContainText('failed model call');
  // The notice speaks about that selection: moving by anything else (End here) clears it at once.
  await page.keyboard.press('End');
  await expect(selected).toHaveAttribute('data-seq', String(run.events - 1));
  await expect(notice).toHaveText('', { timeout: 1000 });

  await page.keyboard.press(']');
  await expect(notice).toHaveText('No search matches: press / to search every event');

  // The keys are rows of the one keymap table: the help lists them.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog');
  await expect(help).toContainText('next / previous error');
  await expect(help).toContainText('next / previous event with a diagnostic');
  await expect(help).toContainText('next / previous search match');
});

test('"Stop at problems" says which problem it stopped at', async ({ page }) => {
  await openRun(page);
  await page.keyboard.press('Home');
  await page.getByRole('button', { name: 'Uniform' }).click();
  await page.getByRole('checkbox', { name: 'Stop at problems' }).check();
  await page.getByTestId('play').click();
  const notice = page.getByTestId('replay-notice');
  await expect(notice).toHaveText(
    `Stopped at a problem: seq ${run.toolErrorSeqs[0]} · tool error in bash (exit-1)`,
  );
});
