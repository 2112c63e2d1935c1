import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { badRunLog } from '../src/core/testing/badRun';
import { expect, expectLoaded, gotoApp, openWithInput, test } from './helpers';

const run = badRunLog({ turns: 4, stepsPerTurn: 4, toolErrors: 17, failedAttempts: 12, lastTurnError: true });

function writeLog(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-e2e-')), name);
  writeFileSync(file, text);
  return file;
}

test('a run with 17 tool errors and 12 failed calls says so in the header; each count goes to the first', async ({
  page,
}) => {
  await gotoApp(page);
  await openWithInput(page, writeLog('bad-run.jsonl', run.text));
  await expectLoaded(page, 'bad-run.jsonl', run.events);
  const problems = page.getByTestId('run-problems');
  const tools = problems.locator('[data-problem=toolErrors]');
  const calls = problems.locator('[data-problem=failedAttempts]');
  const turns = problems.locator('[data-problem=errorTurns]');
  await expect(tools).toHaveText('17 tool errors');
  await expect(calls).toHaveText('12 failed calls');
  await expect(turns).toHaveText('1 turn error');
  await expect(problems.locator('[data-problem=abortedTurns]')).toHaveCount(0);

  const selected = page.locator('[aria-selected=true][data-seq]');
  for (const [button, seq] of [
    [tools, run.toolErrorSeqs[0]],
    [calls, run.failedAttemptSeqs[0]],
    [turns, run.errorTurnSeq],
  ] as const) {
    await button.click();
    await expect(page).toHaveURL(new RegExp(`#seq=${seq}(&|$)`));
    await expect(selected).toHaveAttribute('data-seq', String(seq));
  }
});

test('a clean run says it has no failures instead of a zero that reads like "0 errors"', async ({ page }) => {
  const clean = badRunLog({ turns: 2, stepsPerTurn: 2, toolErrors: 0, failedAttempts: 0 });
  await gotoApp(page);
  await openWithInput(page, writeLog('clean-run.jsonl', clean.text));
  await expectLoaded(page, 'clean-run.jsonl', clean.events);
  await expect(page.getByTestId('run-problems')).toHaveAttribute('data-clean', 'true');
  await expect(page.getByTestId('run-problems')).toHaveText('✓ no failures');
});
