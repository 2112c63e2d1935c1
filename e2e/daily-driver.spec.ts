/**
 * What a daily user hits away from the 1024-1600 px desk: a short window (a
 * laptop at 200% zoom) scrolls the page instead of squeezing the panes to
 * nothing; a phone-wide window wraps the header and the diagnostics chips;
 * a panel opening below keeps the selected row in view; an empty filtered
 * timeline offers "Clear filters"; `seqscope open --follow` follows new
 * events like `tail -f` while the selection is on the last one; chart
 * legends read the selected step's figures without a hover; the header
 * shows the session's cost where the log's models have prices.
 */
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { stepMetrics } from '../src/core/metrics/steps';
import { stepIndexForSeq } from '../src/app/why/chartData';
import {
  buildCli,
  expect,
  expectLoaded,
  expectMessagesAt,
  gotoApp,
  jsonLine,
  loadCore,
  openWithInput,
  SAMPLES_DIR,
  startOpen,
  test,
  turnLines,
} from './helpers';

/** How much of `el` lies inside the window (1: all of it), as the user would see it. */
async function shownInWindow(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
    return r.height > 0 ? h / r.height : 0;
  });
}

/** Whether `el` lies wholly inside its scrolling box `box` (the timeline's list). */
async function wholeInside(el: Locator, box: Locator): Promise<boolean> {
  const [r, b] = [(await el.boundingBox())!, (await box.boundingBox())!];
  return r.y >= b.y - 0.5 && r.y + r.height <= b.y + b.height + 0.5;
}

const timelineList = (page: Page) => page.locator('div:has(> [data-testid=timeline])');

test.describe('a short window (640x400, a laptop at 200% zoom)', () => {
  test('the page scrolls, and timeline rows and messages are there to read', async ({ page }) => {
    await page.setViewportSize({ width: 640, height: 400 });
    await gotoApp(page, '/#seq=235');
    const doc = await page.evaluate(() => ({
      scroll: document.documentElement.scrollHeight,
      window: innerHeight,
    }));
    expect(doc.scroll).toBeGreaterThan(doc.window);
    // The panes keep their room: at least a few timeline rows, and the messages' minimum.
    const timeline = page.locator('#pane-timeline');
    const rows = page.locator('[data-testid=timeline] [role=row]');
    expect((await timeline.boundingBox())!.height).toBeGreaterThanOrEqual(100);
    expect((await page.locator('#pane-messages').boundingBox())!.height).toBeGreaterThanOrEqual(279);

    // Scrolled down to the timeline: its selected row is on screen whole, with rows around it.
    const selected = page.locator('[data-testid=timeline] [aria-selected=true]');
    await expect(selected).toHaveAttribute('data-seq', '235');
    await timeline.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
    expect(await shownInWindow(selected)).toBe(1);
    expect(await wholeInside(selected, timelineList(page))).toBe(true);
    let whole = 0;
    for (const row of await rows.all()) if ((await shownInWindow(row)) === 1) whole++;
    expect(whole).toBeGreaterThanOrEqual(2);

    // Scrolled on to the messages: a message is on screen, whole.
    await page.locator('#pane-messages').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const messages = page.locator('[data-testid=messages] [data-testid=message]');
    await expect(messages.first()).toBeAttached();
    let shown = 0;
    for (const m of await messages.all()) if ((await shownInWindow(m)) === 1) shown++;
    expect(shown).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('heading', { name: 'Seqscope' })).not.toBeInViewport();
  });

  for (const { width, height } of [
    { width: 1600, height: 900 },
    { width: 1024, height: 768 },
  ]) {
    test(`at ${width}x${height} nothing changes: the page fits the window, no page scrollbar`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await gotoApp(page, '/#seq=235');
      const doc = await page.evaluate(() => ({
        scrollHeight: document.documentElement.scrollHeight,
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(doc).toEqual({ scrollHeight: height, scrollWidth: width, clientWidth: width });
      // The bottom bar ends at the window's bottom edge: the panes took the height, not the page.
      const diag = (await page.locator('section[aria-label=Diagnostics]').boundingBox())!;
      expect(Math.abs(diag.y + diag.height - height)).toBeLessThan(1);
    });
  }
});

test('at 390 px wide the header and the diagnostics chips wrap: nothing reaches past the right edge', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoApp(page, '/#seq=235');
  await expect(page.locator('[data-testid=run-problems] button')).toHaveCount(3);
  await expect(page.locator('section[aria-label=Diagnostics] [data-code]')).toHaveCount(3);
  const beyond = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && r.right > innerWidth + 0.5)
        out.push(
          `${el.tagName} ${el.getAttribute('data-testid') ?? ''} "${(el.textContent ?? '').slice(0, 40)}"`,
        );
    }
    return out;
  });
  expect(beyond).toEqual([]);
  // Every chip is drawn whole (the header's failures, the diagnostics' codes).
  for (const chip of await page
    .locator('[data-testid=run-problems] button, section[aria-label=Diagnostics] [data-code]')
    .all()) {
    const fits = await chip.evaluate((el) => el.scrollWidth <= el.clientWidth + 0.5);
    expect(fits, (await chip.textContent()) ?? '').toBe(true);
  }
});

test('opening the search panel keeps the selected row in view', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await gotoApp(page, '/#seq=0');
  const list = timelineList(page);
  // The last row drawn whole at the bottom of the timeline: the one a shorter list would hide.
  const rows = page.locator('[data-testid=timeline] [role=row]');
  await expect(rows.first()).toBeVisible();
  let last: Locator | null = null;
  for (const row of await rows.all()) if (await wholeInside(row, list)) last = row;
  const seq = await last!.getAttribute('data-seq');
  await last!.click();
  const selected = page.locator(`[data-testid=timeline] [data-seq="${seq}"]`);
  await expect(selected).toHaveAttribute('aria-selected', 'true');
  const listBefore = (await list.boundingBox())!.height;

  await page.getByRole('button', { name: 'Search (/)' }).click();
  await expect(page.getByTestId('why-panel')).toBeVisible();
  await expect.poll(async () => (await list.boundingBox())!.height).toBeLessThan(listBefore - 100);
  await expect.poll(() => wholeInside(selected, list)).toBe(true);
  await expect(selected).toHaveAttribute('aria-selected', 'true');
});

test('a row scrolled away from by hand is not pulled back when a panel opens', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await gotoApp(page, '/#seq=0');
  const list = timelineList(page);
  const selected = page.locator('[data-testid=timeline] [aria-selected=true]');
  await expect(selected).toHaveAttribute('data-seq', '0');
  // (A row scrolled far out of view is not drawn at all.) Read in one step in the page: a row
  // counted, then unmounted by the scroll before its box is asked for, left the box waiting for
  // a row that never comes back (CI of stop 29).
  const inView = () =>
    list.evaluate((el) => {
      const row = el.querySelector('[data-testid=timeline] [aria-selected=true]');
      if (!row) return false;
      const [r, b] = [row.getBoundingClientRect(), el.getBoundingClientRect()];
      return r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
    });
  // Scrolled until the row is out of view: on a loaded machine the list may still be as short as
  // its view when the status says ready (its rows come in a render of their own), and a scroll set
  // then is clamped to 0.
  await expect
    .poll(async () => {
      await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
      return inView();
    })
    .toBe(false);
  const top = await list.evaluate((el) => el.scrollTop);
  const listBefore = (await list.boundingBox())!.height;
  await page.getByRole('button', { name: 'Search (/)' }).click();
  await expect(page.getByTestId('why-panel')).toBeVisible();
  await expect.poll(async () => (await list.boundingBox())!.height).toBeLessThan(listBefore - 100);
  expect(await inView()).toBe(false);
  expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThanOrEqual(top - 1);
});

test('an empty filtered timeline offers "Clear filters": it clears every filter and the rows return', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await gotoApp(page, '/#seq=10');
  const count = page.getByTestId('row-count');
  await expect(count).toHaveText(/^\d+ rows$/);
  const rowsBefore = (await count.textContent())!;
  await page.getByRole('button', { name: 'Errors only' }).click();
  await page.getByLabel('Filter events by text').fill('no event has this text 7f3a');
  await expect(count).toHaveText('0 matches');
  const empty = page.getByTestId('timeline-no-match');
  await expect(empty).toContainText('No event matches the filter.');
  await expect(page).toHaveURL(/errors=1/);

  await empty.getByRole('button', { name: 'Clear filters' }).click();
  await expect(count).toHaveText(rowsBefore);
  await expect(page.locator('[data-testid=timeline] [role=row]').first()).toBeVisible();
  await expect(page.getByLabel('Filter events by text')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Errors only' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page).not.toHaveURL(/errors=1|[&#]q=/);
  // The text stays cleared: the box's pending text does not put the filter back.
  await page.waitForTimeout(400);
  await expect(count).toHaveText(rowsBefore);
});

test.describe('seqscope open --follow, like tail -f', () => {
  test.beforeAll(buildCli);

  test('on the last event the selection follows what is appended; moved elsewhere it stays', async ({
    page,
  }) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-tail-')), 'tail.jsonl');
    writeFileSync(file, jsonLine({ type: 'session', version: 0, id: 'tail' }) + turnLines(1, 0, 'first'));
    const { child, link } = await startOpen(file);
    try {
      await page.setViewportSize({ width: 1600, height: 900 });
      await page.goto(link);
      await expectLoaded(page, 'tail.jsonl', 3);
      await expect(page.getByTestId('follow')).toHaveAttribute('data-state', 'live');
      const timeline = page.getByTestId('timeline');
      // Opened at the end of the session: the last event is selected.
      await expect(timeline.locator('[aria-selected=true]')).toHaveAttribute('data-seq', '2');

      // The agent writes another turn: the selection moves to the new last event, in view.
      appendFileSync(file, turnLines(2, 3, 'second prompt'));
      await expect(page.getByTestId('status')).toHaveAttribute('data-events', '6');
      await expect(timeline.locator('[aria-selected=true]')).toHaveAttribute('data-seq', '5');
      await expect(page.getByTestId('inspector')).toHaveAttribute('data-seq', '5');
      await expect(page).toHaveURL(/#seq=5$/);
      await expect(timeline.locator('[data-seq="5"]')).toBeInViewport();
      await expectMessagesAt(page, loadCore(readFileSync(file)), 5);
      await expect(page.getByTestId('messages')).toContainText('second prompt');

      // The user steps back to read: new events no longer move the selection.
      await timeline.locator('[data-seq="4"]').click();
      await expect(page).toHaveURL(/#seq=4$/);
      appendFileSync(file, turnLines(3, 6, 'third prompt'));
      await expect(page.getByTestId('status')).toHaveAttribute('data-events', '9');
      await expect(timeline.locator('[data-seq="8"]')).toBeAttached();
      await expect(timeline.locator('[aria-selected=true]')).toHaveAttribute('data-seq', '4');
      await expect(page).toHaveURL(/#seq=4$/);
      await expectMessagesAt(page, loadCore(readFileSync(file)), 4);

      // Back on the last event (End), it follows again.
      await timeline.locator('[data-seq="4"]').focus();
      await page.keyboard.press('End');
      await expect(timeline.locator('[aria-selected=true]')).toHaveAttribute('data-seq', '8');
      appendFileSync(file, turnLines(4, 9, 'fourth prompt'));
      await expect(page.getByTestId('status')).toHaveAttribute('data-events', '12');
      await expect(timeline.locator('[aria-selected=true]')).toHaveAttribute('data-seq', '11');
      await expect(page.getByTestId('messages')).toContainText('fourth prompt');
    } finally {
      child.kill('SIGTERM');
    }
  });
});

test("chart legends show the selected step's figures without a hover (the last step's with no selection in range)", async ({
  page,
}) => {
  const steps = stepMetrics(loadCore(path.resolve(import.meta.dirname, '../public/samples/demo.jsonl')));
  const legendOf = (testId: string) => page.getByTestId(testId).locator('.u-legend');
  /** The legend's text as the user reads it: "step: 4 input: 2,900 ...". */
  const expected = (i: number) => {
    const u = steps[i]!.usage!;
    return new RegExp(
      `step:?\\s*${i + 1}\\s*input:?\\s*${u.inputTokens.toLocaleString('en-US')}\\s*output:?\\s*${u.outputTokens.toLocaleString('en-US')}`,
    );
  };
  await page.setViewportSize({ width: 1600, height: 900 });
  await gotoApp(page, '/#seq=150');
  await page.getByRole('button', { name: 'Charts', exact: true }).click();
  const at150 = stepIndexForSeq(steps, 150);
  expect(at150).toBeGreaterThanOrEqual(0);
  expect(at150).toBeLessThan(steps.length - 1);
  await expect(legendOf('chart-tokens')).toHaveText(expected(at150));
  await expect(legendOf('chart-tokens')).not.toContainText('--');

  // Another selection: the legends follow it.
  await page.evaluate(() => (location.hash = '#seq=30'));
  const at30 = stepIndexForSeq(steps, 30);
  expect(at30).not.toBe(at150);
  await expect(legendOf('chart-tokens')).toHaveText(expected(at30));

  // A hover shows the step under the cursor; leaving the plot goes back to the selection.
  const over = page.getByTestId('chart-tokens').locator('.u-over');
  const box = (await over.boundingBox())!;
  // (x runs from step 1 to the last step across the plot: the third step is 2/(n-1) along.)
  await page.mouse.move(box.x + (box.width * 2) / (steps.length - 1), box.y + box.height / 2);
  await expect(legendOf('chart-tokens')).toHaveText(expected(2));
  await page.mouse.move(2, 2);
  await expect(legendOf('chart-tokens')).toHaveText(expected(at30));
});

test('a step without a figure (no reasoning tokens) reads as a dash in the legend, not a bare label', async ({
  page,
}) => {
  const steps = stepMetrics(loadCore(path.resolve(import.meta.dirname, '../public/samples/demo.jsonl')));
  // The demo's second step reports no reasoning tokens; its first reported 24.
  expect(steps[1]!.usage!.reasoningTokens).toBeUndefined();
  expect(steps[0]!.usage!.reasoningTokens).toBe(24);
  await page.setViewportSize({ width: 1600, height: 900 });
  await gotoApp(page, `/#seq=${steps[1]!.startSeq}`);
  await page.getByRole('button', { name: 'Charts', exact: true }).click();
  const legendOf = (testId: string) => page.getByTestId(testId).locator('.u-legend');
  await expect(legendOf('chart-tokens')).toHaveText(/^step:?\s*2\s*input.*reasoning:?\s*—$/);
  // The running sum goes on through it.
  await expect(legendOf('chart-cumulative')).toHaveText(/^step:?\s*2\s*input.*reasoning:?\s*24$/);
});

test("the header shows the session's cost, the Charts tab's total, where the log's usage can be priced", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  // The demo's model (qwen3-coder-480b) has no price: no cost, never a guess, and it says why
  // where the cost would be (it said nothing, or "$0", which reads like a free session).
  await gotoApp(page, '/#seq=10');
  // "in" is all the input read: 15,030 uncached + 9,500 cache read.
  await expect(page.getByTestId('log-figures')).toContainText('24.5k in');
  await expect(page.getByTestId('log-cost')).toHaveText(/^·?no price$/);
  await expect(page.getByTestId('log-cost')).toHaveAttribute(
    'title',
    /^No cost: no price known for model qwen3-coder-480b \(prices as of /,
  );
  await expect(page.getByTestId('log-cost')).toHaveAttribute('data-priced', 'false');
  await page.getByRole('button', { name: 'Charts', exact: true }).click();
  await expect(page.getByTestId('cost-panel').getByTestId('cost-unpriced')).toHaveText(
    'no price known for model qwen3-coder-480b',
  );
  await expect(page.getByTestId('cost-total')).toHaveCount(0);
  await page.getByTestId('why-panel').getByRole('button', { name: /close/i }).click();

  // A Claude Code session on claude-sonnet-4 (priced): its cost is a header figure.
  await openWithInput(
    page,
    path.join(SAMPLES_DIR, 'other/claude-code/fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl'),
  );
  await expect(page.getByTestId('status')).toHaveAttribute(
    'data-name',
    'fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl',
  );
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready');
  const cost = page.getByTestId('log-cost');
  // 279 uncached input, 1,164,952 cache-read, 83,966 cache-write, 2,201 output at $3 / $0.30 /
  // $3.75 / $15 per million: $0.70 (each cached token billed once; $4.44 billed it twice).
  await expect(cost).toHaveText(/^·?\$0\.70$/);
  await expect(page.getByTestId('log-figures')).toContainText('1.2M in · 2.2k out');
  const headerCost = (await cost.textContent())!.replace('·', '').trim();
  expect(headerCost).not.toBe('$0.00');
  await expect(cost).toHaveAttribute('title', /claude-sonnet-4[^ ]* \$/);
  await page.getByRole('button', { name: 'Charts', exact: true }).click();
  await expect(page.getByTestId('cost-total')).toHaveText(headerCost);
  // Whole, on the figures' line, like the other figures.
  expect(await cost.evaluate((el) => el.scrollWidth <= el.clientWidth + 0.5)).toBe(true);

  // An edited price shows in both at once (one table, one figure).
  const panel = page.getByTestId('cost-panel');
  await panel.getByRole('button', { name: 'edit prices' }).click();
  await panel.getByLabel('claude-sonnet-4 output', { exact: true }).fill('1500');
  await expect(cost).not.toHaveText(headerCost);
  const edited = (await cost.textContent())!.replace('·', '').trim();
  await expect(page.getByTestId('cost-total')).toHaveText(edited);
  await panel.getByRole('button', { name: /reset to the defaults/ }).click();
  await expect(cost).toHaveText(new RegExp(`^·?\\${headerCost}$`));
});

test('a filter text naming an event type finds nothing, says why, and offers the type alone', async ({
  page,
}) => {
  const log = loadCore(new URL('../public/samples/demo.jsonl', import.meta.url).pathname);
  const chunkSeqs: number[] = [];
  for (let seq = 0; seq < log.eventCount; seq++)
    if (log.typeOf(seq) === 'assistant/chunk') chunkSeqs.push(seq);
  const chunks = chunkSeqs.length;
  expect(chunks).toBeGreaterThan(0);
  await gotoApp(page);
  const count = page.getByTestId('row-count');
  await page.getByLabel('Filter events by text').fill('assistant/chunk');
  await expect(count).toHaveText('0 matches');
  const empty = page.getByTestId('timeline-no-match');
  await expect(empty.getByTestId('filter-type-hint')).toContainText('Types menu');
  await empty.getByRole('button', { name: 'Only assistant/chunk events' }).click();
  await expect(count).toHaveText(`${chunks.toLocaleString('en-US')} matches`);
  await expect(page.getByLabel('Filter events by text')).toHaveValue('');
  await expect(page.locator('[data-testid=timeline] [role=row]').first()).toHaveAttribute(
    'data-seq',
    String(chunkSeqs[0]),
  );
  // The button left with the rows' coming: the keyboard is on the Types menu that holds the
  // filter now, not the page.
  await expect(page.getByRole('button', { name: /^Types \(1\)/ })).toBeFocused();
});
