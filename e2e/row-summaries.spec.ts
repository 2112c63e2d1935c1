import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { badRunLog } from '../src/core/testing/badRun';
import { expect, expectLoaded, gotoApp, openWithInput, test } from './helpers';

test('turn rows show their prompt; step rows the tools they called and the outcome', async ({ page }) => {
  const run = badRunLog({ turns: 2, stepsPerTurn: 3, toolErrors: 2, failedAttempts: 1 });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-e2e-')), 'rows.jsonl');
  writeFileSync(file, run.text);
  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, 'rows.jsonl', run.events);
  await page.keyboard.press('Home');

  const turn = page.locator('[data-kind=turn]').first();
  await expect(turn.locator('[data-part=prompt]')).toHaveText(`“${run.prompts[0]}”`);
  const steps = page.locator('[data-kind=step]');
  await expect(steps.nth(0).locator('[data-part=tools]')).toHaveText('bash, read x2');
  await expect(steps.nth(0).locator('[data-outcome]')).toHaveText(['tool error']);
  await expect(steps.nth(1).locator('[data-part=tools]')).toHaveText('bash');
  await expect(steps.nth(1).locator('[data-outcome]')).toHaveText(['failed attempt']);
  await expect(steps.nth(2).locator('[data-outcome]')).toHaveText(['ok']);
});
