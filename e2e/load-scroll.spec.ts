/**
 * A log's load ends by selecting its last event and scrolling the timeline to it; a user who
 * scrolled the timeline while it loaded keeps the place they scrolled to (useHandScroll). The
 * load's end used to jump to the last row over the user's scroll.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateLogText } from '../scripts/gen/index';
import type { Locator, Page } from '@playwright/test';
import { expect, gotoApp, openWithInput, test } from './helpers';

/** Opens a generated log of `events` events; returns the status line once it names it. */
async function openGenerated(page: Page, events: number, seed: number): Promise<Locator> {
  const name = `gen-${events}.jsonl`;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-load-scroll-')), name);
  writeFileSync(file, generateLogText({ events, seed }));
  await gotoApp(page);
  await openWithInput(page, file);
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-name', name);
  return status;
}

test('a scroll by hand during a load is kept at its end; the last event is still selected', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const status = await openGenerated(page, 400_000, 3);
  const rows = page.getByTestId('timeline').locator('[data-seq]');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  const box = await page.getByTestId('timeline').locator('..').boundingBox();
  if (!box) throw new Error('no timeline');
  await page.mouse.move(box.x + 100, box.y + 100);
  await page.mouse.wheel(0, 2400);
  // The wheel came while the log still loaded (else this test would test nothing).
  await expect(status).toHaveAttribute('data-state', 'loading');
  const scroller = page.getByTestId('timeline').locator('..');
  await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(1000);
  const top = await scroller.evaluate((el) => el.scrollTop);
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  const events = Number(await status.getAttribute('data-events'));
  // Selected (the panes show the end of the session) ...
  await expect(page).toHaveURL(new RegExp(`#seq=${events - 1}$`));
  // ... but not scrolled to: the list is where the user left it, a second after the load's end.
  await page.waitForTimeout(1000);
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(top);
  await expect(rows.first()).toBeVisible();
  expect(Number(await rows.first().getAttribute('data-seq'))).toBeLessThan(events / 2);
});

test('scrolled by hand, a filter that matched nothing and is cleared shows the selection again, not the top of the log', async ({
  page,
}) => {
  const status = await openGenerated(page, 20_000, 4);
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  const last = Number(await status.getAttribute('data-events')) - 1;
  const list = page.getByTestId('timeline');
  await expect(list.locator(`[data-seq="${last}"]`)).toBeVisible();
  // The scroller's box (the list inside it is as tall as all its rows).
  const box = await list.locator('..').boundingBox();
  if (!box) throw new Error('no timeline');
  await page.mouse.move(box.x + 100, box.y + 100);
  await page.mouse.wheel(0, -6000);
  await expect(list.locator(`[data-seq="${last}"]`)).toHaveCount(0);
  const filter = page.getByLabel('Filter events by text');
  await filter.fill('zzzz no event has this');
  await expect(page.getByTestId('row-count')).toHaveText('0 matches');
  await filter.fill('');
  await expect(page.getByTestId('row-count')).toHaveText(/rows$/);
  await expect(list.locator(`[data-seq="${last}"]`)).toBeVisible();
});

test('a filter that shortens a list scrolled to its end leaves no empty height to scroll through: its rows move with the wheel', async ({
  page,
}) => {
  const status = await openGenerated(page, 20_000, 4);
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  const list = page.getByTestId('timeline');
  const scroller = list.locator('..');
  // At the end of the list (20,000 events fold into fewer rows).
  await expect
    .poll(() => scroller.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop))
    .toBeLessThan(2);
  await page.getByLabel('Filter events by text').fill('tool/res');
  await expect(page.getByTestId('row-count')).toHaveText(/^[\d,]+ matches$/);
  const rows = Number(await list.getAttribute('data-rows'));
  expect(rows * 22).toBeGreaterThan(2000); // longer than the view: there is somewhere to scroll
  // The scroll area is the list's own height (rows placed past it held the old one).
  await expect.poll(() => scroller.evaluate((el) => el.scrollHeight)).toBe(rows * 22);
  const firstShown = () => list.locator('[role=row]').first().getAttribute('data-row');
  const before = Number(await firstShown());
  const box = await scroller.boundingBox();
  if (!box) throw new Error('no timeline');
  await page.mouse.move(box.x + 100, box.y + 100);
  await page.mouse.wheel(0, -880);
  await expect.poll(async () => Number(await firstShown())).toBeLessThan(before - 20);
});

test('a log that ends inside a streamed chunk run: its run is shown folded and selected at the end, and the list does not move again', async ({
  page,
}) => {
  const chunks = 40;
  const lines = [
    { type: 'turn/start', seq: 0, time: 1000, data: { turn: 1 } },
    { type: 'step/start', seq: 1, time: 1001, data: { turn: 1, step: 1 } },
  ];
  for (let i = 0; i < chunks; i++)
    lines.push({
      type: 'assistant/chunk',
      seq: i + 2,
      time: 1002 + i,
      data: { turn: 1, step: 1, chunk: { type: 'text-delta', text: `word${i} ` } },
    } as (typeof lines)[number]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-load-scroll-')), 'cut-mid-stream.jsonl');
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  await gotoApp(page);
  await openWithInput(page, file);
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-state', 'ready');
  const last = chunks + 1;
  await expect(page).toHaveURL(new RegExp(`#seq=${last}$`));
  const list = page.getByTestId('timeline');
  const run = list.locator('[data-kind=chunks]');
  await expect(run).toHaveAttribute('data-current', 'true');
  await expect(run).toHaveAttribute('aria-expanded', 'false');
  const count = await page.getByTestId('row-count').textContent();
  // A second later: still folded (the selection's location unfolded it ~0.2 s after the end was
  // shown, and the list moved to its last chunk), the count as it was.
  await page.waitForTimeout(1000);
  await expect(run).toHaveAttribute('aria-expanded', 'false');
  await expect(list.locator(`[data-seq="${last}"]`)).toHaveCount(0);
  await expect(page.getByTestId('row-count')).toHaveText(count ?? '');
  // The panes show the session where it ended: the streamed text so far.
  await expect(page.getByTestId('messages')).toHaveAttribute('data-seq', String(last));
  // Unfolded by the user (Right on its row), its chunks are rows.
  await run.focus();
  await page.keyboard.press('ArrowRight');
  await expect(list.locator('[data-seq="2"]')).toHaveAttribute('aria-expanded', 'true');
  await expect(list.locator('[data-seq="3"]')).toBeVisible();
});
