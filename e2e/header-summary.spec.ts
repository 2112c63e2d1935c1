import type { Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateLogText } from '../scripts/gen/index';
import { badRunLog } from '../src/core/testing/badRun';
import { auditLayout } from './layoutAudit';
import { SAMPLES_DIR, expect, expectLoaded, gotoApp, openWithInput, test } from './helpers';

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

/** The vertical centre of each element, rounded: one value for all of them is one line. */
async function centres(page: Page, selectors: string[]): Promise<number[]> {
  const out: number[] = [];
  for (const s of selectors) {
    const box = (await page.locator(s).first().boundingBox())!;
    out.push(Math.round(box.y + box.height / 2));
  }
  return out;
}

const LONG_NAME =
  'claude-session-2026-11-30T18-42-07-refactor-payment-service-and-migrate-orders-database.jsonl';
const ACTIONS = [
  '[data-testid=copy-current-link]',
  '[data-testid=status]',
  'header label',
  '[data-testid=theme-toggle]',
];

test('1600 px: a long-named 20k-event log keeps the header on one line; 1024 px: the actions stay on the first', async ({
  page,
}) => {
  const file = writeLog(LONG_NAME, generateLogText({ events: 20_000, seed: 13 }));
  await page.setViewportSize({ width: 1600, height: 900 });
  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, LONG_NAME, 20_000);
  const name = page.getByTestId('file-name');
  await expect(name).toHaveAttribute('title', LONG_NAME);

  const oneLine = [
    'header h1',
    '[data-testid=file-name]',
    '[data-testid=run-problems]',
    '[data-testid=diagnostic-counts]',
    '[data-testid=log-figures]',
    ...ACTIONS,
  ];
  const at1600 = await centres(page, oneLine);
  expect(new Set(at1600).size, `centres ${at1600.join(' ')}`).toBe(1);
  expect((await page.locator('header').boundingBox())!.height).toBeLessThan(48);
  // A figure that does not fit is hidden whole, never cut; the tooltip names every one.
  expect(
    await auditLayout(page, {
      required: ['[data-testid=log-figures] > span:first-child', ...ACTIONS],
      optional: ['[data-testid=log-figures] > span'],
      ellipsis: [{ selector: '[data-testid=file-name]', minWidth: 64 }],
    }),
  ).toEqual([]);
  await expect(page.getByTestId('log-figures')).toHaveAttribute('title', / in · [\d.]+k? out · fingerprint /);

  await page.setViewportSize({ width: 1024, height: 768 });
  // The actions stay on one line beside the log's part (never pushed under it); the name is cut.
  const actions = await centres(page, ACTIONS);
  expect(new Set(actions).size, `centres ${actions.join(' ')}`).toBe(1);
  const log = (await page.getByTestId('header-log').boundingBox())!;
  const copy = (await page.getByTestId('copy-current-link').boundingBox())!;
  expect(copy.x).toBeGreaterThanOrEqual(log.x + log.width);
  expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // Every figure whole, on the log part's second line.
  expect(
    await auditLayout(page, {
      required: ['[data-testid=log-figures] > span', '[data-testid=run-problems]', ...ACTIONS],
      ellipsis: [{ selector: '[data-testid=file-name]', minWidth: 64 }],
    }),
  ).toEqual([]);
});

/** Each header figure: does it start a line of the figures, and is a `·` drawn before it? */
async function figureSeparators(
  page: Page,
): Promise<{ text: string; startsLine: boolean; separator: boolean }[]> {
  return page.getByTestId('log-figures').evaluate((figures) => {
    const box = figures.getBoundingClientRect();
    return [...figures.children].map((el) => {
      const r = el.getBoundingClientRect();
      const before = getComputedStyle(el, '::before');
      // A `·` in the figure's text, or one drawn before it that the figures do not clip away.
      const inText = (el.textContent ?? '').trimStart().startsWith('·');
      const drawn = before.content === '"·"' && r.left - parseFloat(before.width) >= box.left - 0.5;
      return {
        text: el.textContent ?? '',
        startsLine: Math.abs(r.left - box.left) < 1,
        separator: inText || drawn,
      };
    });
  });
}

test('header item 6: the figures wrap at 900 to 1000 px, and no line of them starts with a stray "·"', async ({
  page,
}) => {
  const name = 'fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl';
  await page.setViewportSize({ width: 1600, height: 900 });
  await gotoApp(page);
  await openWithInput(page, path.join(SAMPLES_DIR, 'other/claude-code', name));
  await expect(page.getByTestId('status')).toHaveAttribute('data-name', name);
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('log-cost')).toHaveText(/\$/);
  for (const width of [900, 960, 1024, 1600]) {
    await page.setViewportSize({ width, height: 768 });
    const figures = await figureSeparators(page);
    const said = `${width}px: ${JSON.stringify(figures)}`;
    // Between figures on one line a separator; at the start of a line none.
    expect(
      figures.map((f) => f.separator),
      said,
    ).toEqual(figures.map((f) => !f.startsLine));
    // The case in point: at 960 px the tokens wrap to a second line of their own.
    if (width === 960) expect(figures.filter((f) => f.startsLine).length, said).toBe(2);
  }
});
