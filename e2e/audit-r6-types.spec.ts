/**
 * Audit R6-10: a log with 50,000 distinct event types. The timeline's "Types ▾" menu drew one
 * checkbox per type (50,003 in the DOM, one 31.8 s main-thread task); it now draws at most
 * MAX_TYPE_ROWS, and its filter box finds any type. The Diagnostics panel, with 50,000 unknown-type
 * diagnostics, lists them by pages. Each action's main-thread cost is traced and reported
 * (e2e/mainThread.ts); the assertions are on what the DOM holds, not on time.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { MAX_TYPE_ROWS } from '../src/app/views/TypePicker';
import { openWithInput } from './helpers';
import { describeCosts, mainThreadCosts, observeLongTasks, type TaskCosts } from './mainThread';

const TYPES = 50_000;

/** turn/start, one event of each type x/t1..x/t50000, turn/end. */
function typesLog(): string {
  const lines = [JSON.stringify({ type: 'turn/start', seq: 0, time: 1000, data: { turn: 1 } })];
  for (let n = 1; n <= TYPES; n++)
    lines.push(JSON.stringify({ type: `x/t${n}`, seq: n, time: 1000 + n, data: {} }));
  lines.push(JSON.stringify({ type: 'turn/end', seq: TYPES + 1, time: 1000 + TYPES + 1, data: { turn: 1 } }));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-types50k-')), 'types50k.jsonl');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

function report(label: string, costs: TaskCosts): void {
  const line = describeCosts(label, costs);
  if (process.env.SEQSCOPE_PRINT_FIGURES) console.log(line);
  test.info().annotations.push({ type: 'main-thread tasks', description: line });
}

test('50,000 event types: the Types menu draws a bounded list and its filter finds any type', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const file = typesLog();
  await observeLongTasks(page);
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/');
  await openWithInput(page, file);
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(status).toHaveAttribute('data-events', String(TYPES + 2));

  const menu = page.getByTestId('type-picker');
  const open = await mainThreadCosts(browser, page, async () => {
    await page.getByRole('button', { name: /^Types/ }).click();
    await expect(menu).toBeVisible();
  });
  report('open the Types menu (50,002 types)', open);
  const boxes = menu.getByRole('checkbox');
  // MAX_TYPE_ROWS listed, only those in view drawn (audit R12-L1): the list is virtualized.
  const typeList = menu.getByTestId('type-picker-list');
  await expect(typeList).toHaveAttribute('data-count', String(MAX_TYPE_ROWS));
  await expect(boxes.first()).toBeVisible();
  expect(await page.locator('input[type=checkbox]').count()).toBeLessThanOrEqual(40);
  // Scrolled to its end, the list draws its last rows, still only those in view.
  await typeList.evaluate((el) => (el.scrollTop = el.scrollHeight));
  // Every type has one event: the first MAX_TYPE_ROWS in log order, turn/start then x/t1 on.
  await expect(menu.locator('label', { hasText: `x/t${MAX_TYPE_ROWS - 1}` })).toBeVisible();
  expect(await page.locator('input[type=checkbox]').count()).toBeLessThanOrEqual(40);
  // Keyboard: Tab runs down the checkboxes, drawing the next rows as the focus reaches them.
  await typeList.evaluate((el) => (el.scrollTop = 0));
  await expect(menu.locator('label', { hasText: 'turn/start' })).toBeVisible();
  await menu.locator('label', { hasText: 'turn/start' }).getByRole('checkbox').focus();
  for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
  await expect(menu.locator('label:has(input:focus)')).toContainText('x/t30');
  await expect(menu.getByTestId('type-picker-note')).toContainText(
    `${(TYPES + 2 - MAX_TYPE_ROWS).toLocaleString('en-US')} more types`,
  );

  // A type far past the first MAX_TYPE_ROWS: filtered to, unchecked, its row leaves the timeline.
  const filterBox = menu.getByTestId('type-picker-filter');
  const filter = await mainThreadCosts(browser, page, async () => {
    await filterBox.fill('x/t43210');
    await expect(boxes).toHaveCount(1);
  });
  report('filter the Types menu', filter);
  const row = page.locator('[data-testid=type-picker] label', { hasText: 'x/t43210' });
  await expect(row).toHaveCount(1);
  await row.getByRole('checkbox').uncheck();
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('xtypes=x/t43210');
  await expect(page.getByTestId('row-count')).toContainText(`${(TYPES + 1).toLocaleString('en-US')} match`);
  await expect(row.getByRole('checkbox')).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  // The Diagnostics panel: 50,000 unknown-type diagnostics, virtualized: the rows in view, and
  // the last one reachable by scrolling.
  const panel = page.getByTestId('diagnostics');
  const seqButtons = panel.locator('button', { hasText: /^seq \d+$/ });
  const diag = await mainThreadCosts(browser, page, async () => {
    await panel.getByRole('button', { name: 'Diagnostics' }).click();
    await expect(panel).toHaveAttribute('data-open', 'true');
    await expect(seqButtons.first()).toHaveText('seq 1');
  });
  report('open the Diagnostics panel (50,000 unknown types)', diag);
  expect(await seqButtons.count()).toBeLessThanOrEqual(40);
  const list = panel.getByTestId('diagnostic-items');
  await expect(list).toHaveAttribute('data-count', String(TYPES));
  const end = await mainThreadCosts(browser, page, async () => {
    await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(panel.locator('button', { hasText: `seq ${TYPES}` })).toBeVisible();
  });
  report('scroll the Diagnostics panel to its end', end);
  expect(await seqButtons.count()).toBeLessThanOrEqual(40);
});
