/**
 * The keyboard user's path through the log screen: where focus lands (after a load from the start
 * page, the skip links, Esc in the search box), what the timeline's own keys do (a page of rows),
 * which keys leave a history entry (jumps: problem, diagnostic and search steps; Back returns to
 * where the user was) and which scroll the messages instead of the replay; the help gives each key
 * one meaning. Each test asserts document.activeElement, the selection, the URL or a scroll
 * position. (Most of these came from a new user's review of the keyboard.)
 */
import type { Page } from '@playwright/test';
import { DEMO_URL, expect, gotoApp, test } from './helpers';

const grid = (page: Page) => page.getByRole('treegrid', { name: 'Events' });
const selectedRow = (page: Page) => grid(page).locator('[role=row][aria-selected="true"]');

/** The seq of the URL's hash (the selection as the address bar says it). */
async function urlSeq(page: Page): Promise<number | null> {
  const m = /[#&]seq=(\d+)/.exec(await page.evaluate(() => location.hash));
  return m ? Number(m[1]) : null;
}

/** What has focus: its role and, for a timeline row, its seq. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? null,
      role: el?.getAttribute('role') ?? null,
      seq: el?.dataset.seq !== undefined ? Number(el.dataset.seq) : null,
      label: el?.getAttribute('aria-label') ?? null,
    };
  });
}

async function focusSelectedRow(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to timeline' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(selectedRow(page)).toBeFocused();
}

test('PageDown / PageUp on a timeline row move focus and selection by a page, the row kept on screen', async ({
  page,
}) => {
  await gotoApp(page, `${DEMO_URL}#seq=5`);
  await expect(page.getByTestId('messages')).toHaveAttribute('data-seq', '5');
  await expect(selectedRow(page)).toHaveAttribute('data-seq', '5');
  await focusSelectedRow(page);
  const startRow = Number(await selectedRow(page).getAttribute('data-row'));
  expect(startRow).toBeGreaterThan(0);

  await page.keyboard.press('PageDown');
  await expect
    .poll(async () => Number(await selectedRow(page).getAttribute('data-row')))
    .toBeGreaterThan(startRow + 5);
  const down = await focused(page);
  expect(down.role).toBe('row');
  expect(down.seq).toBe(Number(await selectedRow(page).getAttribute('data-seq')));
  await expect(selectedRow(page)).toBeFocused();
  await expect(selectedRow(page)).toBeInViewport();
  await expect.poll(() => urlSeq(page)).toBe(down.seq);

  // Back by exactly the page it went down, then to the first row (a page up stops there).
  await page.keyboard.press('PageUp');
  await expect(selectedRow(page)).toHaveAttribute('data-row', String(startRow));
  await expect(selectedRow(page)).toBeFocused();
  await expect(selectedRow(page)).toBeInViewport();
  await page.keyboard.press('PageUp');
  await expect(selectedRow(page)).toHaveAttribute('data-row', '0');
  await expect(selectedRow(page)).toBeFocused();
});

test('a log opened from the start page with the keyboard puts focus on the selected timeline row', async ({
  page,
}) => {
  await page.goto('/');
  const demo = page.getByRole('button', { name: /Open the demo session/ });
  await demo.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(selectedRow(page)).toBeFocused();
  const f = await focused(page);
  expect(f.role).toBe('row');
  // Tab goes on from there (into the messages), not from the top of the page.
  await page.keyboard.press('Tab');
  const next = await focused(page);
  expect(next.tag).not.toBe('body');
  expect(await page.evaluate(() => document.querySelector('header')?.contains(document.activeElement))).toBe(
    false,
  );
});

test('Esc in the search box returns to the timeline with the hits kept; ] then steps; a second Esc closes', async ({
  page,
}) => {
  await gotoApp(page, `${DEMO_URL}#seq=0`);
  await page.locator('body').press('/');
  const box = page.getByRole('textbox', { name: 'search every event' });
  await expect(box).toBeFocused();
  await box.fill('bash');
  await expect(page.getByTestId('search-count')).toContainText(/[1-9]/);
  await expect(page.getByTestId('search-count')).toContainText('match');
  const hits = await page
    .getByTestId('search-results')
    .locator('button[data-seq]')
    .evaluateAll((b) => b.map((x) => Number(x.getAttribute('data-seq'))));
  expect(hits.length).toBeGreaterThan(0);

  await page.keyboard.press('Escape');
  await expect(box).not.toBeFocused();
  await expect(selectedRow(page)).toBeFocused();
  await expect(page.getByTestId('why-panel')).toBeVisible();
  await expect(box).toBeVisible();

  await page.keyboard.press(']');
  const next = hits.find((s) => s > 0) ?? hits[0];
  await expect.poll(() => urlSeq(page)).toBe(next);
  await expect(box).toHaveValue('bash'); // the key stepped, it was not typed into the query
  const current = page.getByTestId('search-results').locator('button[aria-current=true]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute('data-seq', String(next));
  await expect(selectedRow(page)).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('why-panel')).toBeHidden();
  await expect(box).toBeHidden();
  await expect(selectedRow(page)).toBeFocused();
});

test('Enter pressed in the search box before the hits arrived goes to the first hit once it does', async ({
  page,
}) => {
  await gotoApp(page, `${DEMO_URL}#seq=0`);
  await page.locator('body').press('/');
  const box = page.getByRole('textbox', { name: 'search every event' });
  await expect(box).toBeFocused();
  // Typed and entered in one motion: the Enter is in the same task as the last keystroke.
  await box.evaluate((el: HTMLInputElement) => {
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    set?.call(el, 'bash');
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
  const first = page.getByTestId('search-results').locator('button[data-seq]').first();
  await expect(first).toBeVisible();
  const firstSeq = Number(await first.getAttribute('data-seq'));
  await expect.poll(() => urlSeq(page)).toBe(firstSeq);
  await expect(first).toHaveAttribute('aria-current', 'true');
});

test('e / E, d / D and ] / [ are jumps: each adds a history entry, so Back returns to where the user was', async ({
  page,
}) => {
  await gotoApp(page, `${DEMO_URL}#seq=0`);
  const pane = page.getByTestId('messages');
  await expect(pane).toHaveAttribute('data-seq', '0');
  await expect(selectedRow(page)).toHaveAttribute('data-seq', '0');
  const body = page.locator('body');
  // The demo's errors: the failed bash call's result (60) and the aborted turn's failed call (203).
  await body.press('e');
  await expect.poll(() => urlSeq(page)).toBe(60);
  await body.press('e');
  await expect.poll(() => urlSeq(page)).toBe(203);
  // Row moves replace the entry they are on.
  await body.press('j');
  await expect.poll(() => urlSeq(page)).toBe(204);
  await body.press('j');
  await expect.poll(() => urlSeq(page)).toBe(205);

  await page.goBack();
  await expect.poll(() => urlSeq(page)).toBe(60);
  await expect(selectedRow(page)).toHaveAttribute('data-seq', '60');
  await expect(pane).toHaveAttribute('data-seq', '60');
  await page.goBack();
  await expect.poll(() => urlSeq(page)).toBe(0);
  await page.goForward();
  await expect.poll(() => urlSeq(page)).toBe(60);

  // A diagnostic jump adds one too.
  await body.press('d');
  await expect.poll(() => urlSeq(page)).not.toBe(60);
  await page.goBack();
  await expect.poll(() => urlSeq(page)).toBe(60);

  // So does the previous error (Shift+E).
  await body.press('e');
  await expect.poll(() => urlSeq(page)).toBe(203);
  await body.press('Shift+E');
  await expect.poll(() => urlSeq(page)).toBe(60);
  await page.goBack();
  await expect.poll(() => urlSeq(page)).toBe(203);

  // A search step (Enter in the box, then ] and [ from the timeline) is a jump too.
  await body.press('/');
  const box = page.getByRole('textbox', { name: 'search every event' });
  await box.fill('Deploy it to staging');
  await box.press('Enter');
  await expect.poll(() => urlSeq(page)).toBe(193);
  await page.goBack();
  await expect.poll(() => urlSeq(page)).toBe(203);
  await expect(pane).toHaveAttribute('data-seq', '203');

  await box.fill('bash');
  await expect(page.getByTestId('search-count')).toContainText(/[1-9]/);
  const hits = await page
    .getByTestId('search-results')
    .locator('button[data-seq]')
    .evaluateAll((b) => b.map((x) => Number(x.getAttribute('data-seq'))));
  expect(hits.length).toBeGreaterThan(1);
  await box.press('Escape');
  await expect(selectedRow(page)).toBeFocused();
  for (const key of [']', '[']) {
    const before = (await urlSeq(page)) as number;
    await page.keyboard.press(key);
    await expect.poll(() => urlSeq(page)).not.toBe(before);
    // The step lands on a hit: the (virtualized) list scrolls to it and marks it current.
    await expect(page.getByTestId('search-results').locator('button[aria-current=true]')).toHaveAttribute(
      'data-seq',
      String(await urlSeq(page)),
    );
    await page.goBack();
    await expect.poll(() => urlSeq(page)).toBe(before);
    await expect(selectedRow(page)).toHaveAttribute('data-seq', String(before));
    await page.goForward();
    await expect.poll(() => urlSeq(page)).not.toBe(before);
  }
});

test('Skip to messages focuses the message list: its keys scroll it and leave the replay alone', async ({
  page,
}) => {
  await gotoApp(page, `${DEMO_URL}#seq=190`);
  await expect(selectedRow(page)).toHaveAttribute('data-seq', '190');
  const list = page.getByRole('region', { name: 'Message list' });
  await expect(list).toHaveAttribute('data-seq', '190');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to messages' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list).toBeFocused();
  const scrollTop = () => list.evaluate((el) => el.scrollTop);
  const scrollMax = await list.evaluate((el) => el.scrollHeight - el.clientHeight);
  expect(scrollMax).toBeGreaterThan(0);

  await page.keyboard.press('End');
  await expect.poll(scrollTop).toBeGreaterThan(scrollMax - 2);
  await page.keyboard.press('PageUp');
  await expect.poll(scrollTop).toBeLessThan(scrollMax - 2);
  const afterPageUp = await scrollTop();
  await page.keyboard.press('ArrowUp');
  await expect.poll(scrollTop).toBeLessThan(afterPageUp);
  await page.keyboard.press('Home');
  await expect.poll(scrollTop).toBe(0);
  await page.keyboard.press('Space');

  // The replay did not move nor start: same selection, same URL, list still focused.
  await expect(selectedRow(page)).toHaveAttribute('data-seq', '190');
  expect(await urlSeq(page)).toBe(190);
  await expect(page.getByRole('button', { name: /^Play/ })).toBeVisible();
  await expect(list).toBeFocused();
});

test("i opens the selected step's input diff; the step row's Δ input button is named after its text", async ({
  page,
}) => {
  await gotoApp(page, `${DEMO_URL}#seq=0`);
  const body = page.locator('body');
  await body.press('n'); // the first step row
  const step = grid(page).locator('[role=row][aria-selected="true"][data-kind="step"]');
  await expect(step).toHaveCount(1);
  const button = step.getByTestId('step-input-diff');
  await expect(button).toHaveAccessibleName(/^Δ input/);
  await body.press('i');
  const panel = page.getByTestId('why-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('tab', { name: 'Input diff' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel).toContainText(/call 1 of \d+/);
});

test("one meaning per key in the help; the inspector tree's copy buttons are named after their field", async ({
  page,
}) => {
  await gotoApp(page, `${DEMO_URL}#seq=1`);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog');
  await expect(help).toContainText('Space or Shift+K');
  await expect(help).not.toContainText(/Space\s+or\s+k\b/i);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Copy actions for .data.role' })).toHaveCount(1);
});

test('a selection a filter typed afterwards hides: Tab lands on the row it sits after, and the arrows move from there', async ({
  page,
}) => {
  await gotoApp(page, `${DEMO_URL}#seq=193`);
  await expect(page.getByTestId('messages')).toHaveAttribute('data-seq', '193');
  await page.getByLabel('Filter events by text').fill('tool/result');
  await expect(page.getByTestId('row-count')).toHaveText(/matches$/);
  const seqs = await grid(page)
    .locator('[role=row]')
    .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.seq)));
  // The selection is hidden between two rows (else this tests nothing).
  expect(seqs).not.toContain(193);
  const before = Math.max(...seqs.filter((s) => s < 193));
  const after = Math.min(...seqs.filter((s) => s > 193));
  expect(seqs.indexOf(before)).toBeGreaterThan(0); // not the first row: the old stop
  for (let i = 0; i < 12 && (await focused(page)).role !== 'row'; i++) await page.keyboard.press('Tab');
  expect((await focused(page)).seq).toBe(before);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => urlSeq(page)).toBe(after);
  await expect(selectedRow(page)).toBeFocused();
});
