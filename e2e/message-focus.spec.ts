/**
 * The messages pane follows the selection: selecting an event scrolls the pane to the message
 * that event produced or changed and marks it (a label, a bar, and a sentence for screen readers);
 * a search hit is marked inside that message; a user who scrolls the pane is not pulled back
 * until the next selection. Expectations come from the core (core/view/messageFocus.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { messageFocus } from '../src/core/view/messageFocus';
import { expect, gotoApp, loadCore, selectByHash, test } from './helpers';

const PUBLIC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../public/samples');
const demo = loadCore(path.join(PUBLIC, 'demo.jsonl'));
const long = loadCore(gunzipSync(readFileSync(path.join(PUBLIC, 'long-session.jsonl.gz'))));
const LONG_URL = '/?sample=long-session.jsonl.gz';

/** The index the core says the pane must show for `seq`. */
function focusIndex(log: typeof demo, seq: number): number {
  const f = messageFocus(log, seq);
  if (f.kind === 'none') throw new Error(`seq ${seq} names no message: ${f.why}`);
  return f.index;
}

const pane = (page: Page) => page.getByTestId('messages');
const focused = (page: Page) => pane(page).locator('[data-focused]');

/** The element's top edge is inside the pane's scrolled viewport. */
async function expectTopInView(page: Page, el: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const box = await pane(page).boundingBox();
      const it = await el.boundingBox();
      if (!box || !it) return 'not laid out';
      return it.y >= box.y - 1 && it.y < box.y + box.height - 20
        ? 'in view'
        : `top ${it.y} outside ${box.y}..${box.y + box.height}`;
    })
    .toBe('in view');
}

async function open(page: Page, url: string, seq: number): Promise<void> {
  await page.setViewportSize({ width: 1600, height: 900 });
  await gotoApp(page, `${url}#seq=${seq}`);
  await expect(pane(page)).toHaveAttribute('data-seq', String(seq));
}

test('a tool result: the pane shows its tool message from the top, marked as the selected event', async ({
  page,
}) => {
  // seq 10620's output has 3,521 lines: at the tail only its end would show.
  const seq = 10620;
  await open(page, LONG_URL, seq);
  const m = focused(page);
  await expect(m).toHaveCount(1);
  await expect(m).toHaveAttribute('data-tindex', String(focusIndex(long, seq)));
  await expect(m.locator('[data-source-seq]')).toHaveAttribute('data-source-seq', String(seq));
  await expect(m.locator('[data-block-type=tool-result]').first()).toBeVisible();
  await expect(m.getByTestId('focus-label')).toHaveText('selected event');
  await expectTopInView(page, m);
  await expect(page.getByTestId('messages-focus-status')).toHaveText(
    `Seq ${seq} (tool/result): showing message #${focusIndex(long, seq)} of ${long.messagesAt(seq, 0, 0).count}, which it produced.`,
  );
});

test('a pruned result: the pane scrolls up to the pruned message in the middle of the history', async ({
  page,
}) => {
  const seq = 2979; // replaces the tool result 1645 (compaction/prune at 2978)
  const index = focusIndex(long, seq);
  const count = long.messagesAt(seq, 0, 0).count;
  expect(index).toBeLessThan(count - 20);
  await open(page, LONG_URL, seq);
  const m = focused(page);
  await expect(m).toHaveAttribute('data-tindex', String(index));
  await expect(m).toContainText('[tool output pruned to save context; see event 1645]');
  await expect(m.getByTestId('focus-label')).toHaveText('pruned here');
  await expectTopInView(page, m);
  await expect(page.getByTestId('messages-focus-status')).toContainText('the tool result it pruned');

  // The compaction/prune before it marks the result it is about to prune.
  await selectByHash(page, 2978);
  await expect(pane(page)).toHaveAttribute('data-seq', '2978');
  await expect(focused(page)).toHaveAttribute('data-tindex', String(focusIndex(long, 2978)));
  await expect(focused(page).getByTestId('focus-label')).toHaveText('pruned at seq 2979');
  await expect(focused(page).locator('[data-source-seq]')).toHaveAttribute('data-source-seq', '1645');
  await expectTopInView(page, focused(page));
});

test('a user message: the compaction summary replacing earlier messages is shown and marked', async ({
  page,
}) => {
  await open(page, '/?sample=demo.jsonl', 153);
  const m = focused(page);
  await expect(m).toHaveAttribute('data-tindex', String(focusIndex(demo, 153)));
  await expect(m).toContainText('Earlier: the user reported a 500');
  await expect(m.locator('[data-role]')).toHaveAttribute('data-role', 'user');
  await expect(m.getByTestId('focus-label')).toHaveText('replaces 5 nodes');
  await expectTopInView(page, m);

  // Before it, the compaction marks the five messages it is about to replace.
  await selectByHash(page, 152);
  await expect(pane(page)).toHaveAttribute('data-seq', '152');
  await expect(focused(page).first()).toHaveAttribute('data-tindex', '0');
  await expect(focused(page).first().getByTestId('focus-label')).toHaveText('replaced at seq 153');
  await expect(page.getByTestId('messages-focus-status')).toHaveText(
    'Seq 152 (compaction/summary): showing messages #0 to #4 of 8, which are replaced at seq 153.',
  );

  // A plain user message is marked as the selected event; a tool call marks the message that made it.
  await selectByHash(page, 193);
  await expect(focused(page)).toContainText('Deploy it to staging.');
  await expect(focused(page).getByTestId('focus-label')).toHaveText('selected event');
  await selectByHash(page, 48);
  await expect(focused(page).locator('[data-block-type=tool-call][data-call-id=call_read_1]')).toBeVisible();
  await expect(focused(page).getByTestId('focus-label')).toHaveText('made the call at seq 48');

  // An event that changes no message marks none and says so.
  await selectByHash(page, 149);
  await expect(pane(page)).toHaveAttribute('data-seq', '149');
  await expect(page.getByTestId('messages-focus-status')).toHaveText(
    'Seq 149 (turn/end) changes no message (a turn/end event changes no message); showing the latest messages.',
  );
  await expect(focused(page)).toHaveCount(0);
});

test('a search hit: the pane scrolls to the message holding it and marks the match', async ({ page }) => {
  const query = 'tool output pruned to save context';
  await open(page, LONG_URL, 20);
  await page.keyboard.press('/');
  const input = page.getByLabel('search every event');
  await input.fill(query);
  await page.getByTestId('search-results').locator('button[data-seq="2979"]').click();
  await expect(pane(page)).toHaveAttribute('data-seq', '2979');
  const m = focused(page);
  await expect(m).toHaveAttribute('data-tindex', String(focusIndex(long, 2979)));
  await expect(m).toHaveAttribute('data-search-marks', '1');
  await expect(page.getByTestId('messages-focus-status')).toContainText(
    `Search match “${query}” marked in it.`,
  );
  // The painted range is the match, inside the marked message, inside the pane's viewport.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const h = CSS.highlights.get('seqscope-search-hit');
        const range = h ? ([...h][0] as Range | undefined) : undefined;
        const scroller = document.querySelector('[data-testid=messages]');
        if (!range || !scroller) return 'no mark';
        const owner = range.startContainer.parentElement?.closest('[data-focused]');
        const r = range.getBoundingClientRect();
        const box = scroller.getBoundingClientRect();
        const inView = r.top >= box.top && r.bottom <= box.bottom;
        return `${range.toString()} | ${owner ? 'in focused' : 'elsewhere'} | ${inView ? 'in view' : 'out of view'}`;
      }),
    )
    .toBe(`${query} | in focused | in view`);
});

test('a regex search hit (linear-time engine) is marked in its message too', async ({ page }) => {
  const match = 'tool output pruned to save context';
  await open(page, LONG_URL, 20);
  await page.keyboard.press('/');
  const input = page.getByLabel('search every event');
  await page.getByLabel('regex').check();
  await input.fill('tool\\s+output\\s+pruned.{4}save (context)');
  await page.getByTestId('search-results').locator('button[data-seq="2979"]').click();
  await expect(pane(page)).toHaveAttribute('data-seq', '2979');
  const m = focused(page);
  await expect(m).toHaveAttribute('data-search-marks', '1');
  await expect(page.getByTestId('messages-focus-status')).toContainText(
    `Search match “${match}” marked in it.`,
  );
  await expect
    .poll(() =>
      page.evaluate(() => {
        const h = CSS.highlights.get('seqscope-search-hit');
        const range = h ? ([...h][0] as Range | undefined) : undefined;
        return range?.toString() ?? 'no mark';
      }),
    )
    .toBe(match);
});

test('scrolling the pane is not undone; the next selection scrolls again', async ({ page }) => {
  await open(page, LONG_URL, 2979);
  await expect(focused(page)).toHaveAttribute('data-tindex', String(focusIndex(long, 2979)));
  await expectTopInView(page, focused(page));
  // The user scrolls to the first message; the older pages load there and the view stays.
  await pane(page).evaluate((el) => el.scrollTo(0, 0));
  const first = pane(page).locator('[data-tindex="0"] [data-source-seq]');
  await expect(first).toBeVisible();
  await expect(first).not.toHaveText(/message 0…/);
  expect(await pane(page).evaluate((el) => el.scrollTop)).toBe(0);
  await expect(focused(page)).not.toBeInViewport();
  // A new selection: the pane follows it again.
  await selectByHash(page, 2978);
  await expect(pane(page)).toHaveAttribute('data-seq', '2978');
  await expectTopInView(page, focused(page));
});

for (const colorScheme of ['dark', 'light'] as const) {
  test(`the marked messages and their labels pass axe (WCAG AA), ${colorScheme} scheme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await open(page, '/?sample=demo.jsonl', 152);
    await expect(focused(page).first().getByTestId('focus-label')).toBeVisible();
    const results = await new AxeBuilder({ page })
      .include('[data-testid=messages]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('Skip to messages focuses the list; its keys scroll it instead of moving the replay', async ({
  page,
}) => {
  await open(page, LONG_URL, long.eventCount - 1);
  const list = pane(page);
  await page.keyboard.press('Tab'); // the first Tab stop: "Skip to timeline"
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to messages' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list).toBeFocused();
  await expect(list).toHaveAttribute('role', 'region');
  const top = () => list.evaluate((el) => el.scrollTop);
  const atEnd = await top();
  expect(atEnd).toBeGreaterThan(0);
  await page.keyboard.press('PageUp');
  await expect.poll(top).toBeLessThan(atEnd);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Home');
  await expect(list.locator('[data-tindex="0"]')).toBeInViewport();
  const atHome = await top();
  await page.keyboard.press('Space');
  await expect.poll(top).toBeGreaterThan(atHome);
  // None of them moved the selection or started playback.
  await expect(list).toHaveAttribute('data-seq', String(long.eventCount - 1));
  await expect(page).toHaveURL(new RegExp(`#seq=${long.eventCount - 1}$`));
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(list).toBeFocused();
});
