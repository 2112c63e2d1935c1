/**
 * The timeline: the selection scrolled into view (also inside folded chunk
 * runs near the end of the log), an unreadable file explained, row layout.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, gotoApp, openWithInput, test } from './helpers';

/** The row of `seq` lies inside the timeline's scroll viewport. */
async function expectRowInView(page: Page, seq: number): Promise<void> {
  const row = page.locator(`[data-testid=timeline] [data-seq="${seq}"]`);
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(async () => {
      const r = await row.boundingBox();
      const v = await page.getByTestId('timeline').locator('xpath=..').boundingBox();
      if (!r || !v) return false;
      return r.y >= v.y - 0.5 && r.y + r.height <= v.y + v.height + 0.5;
    })
    .toBe(true);
}

test('a deep link into a folded chunk run near the end scrolls its row into view', async ({ page }) => {
  await gotoApp(page, '/?sample=demo.jsonl#seq=230');
  await expectRowInView(page, 230);
  for (const seq of [210, 220, 231, 215]) {
    await page.evaluate((s) => (location.hash = `seq=${s}`), seq);
    await expectRowInView(page, seq);
  }
});

test('opening the app shows the selected last event in the timeline', async ({ page }) => {
  await gotoApp(page, '/?sample=demo.jsonl');
  const events = Number(await page.getByTestId('status').getAttribute('data-events'));
  await expectRowInView(page, events - 1);
});

test('a file with no readable event says why and opens the diagnostics', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-e2e-'));
  const file = path.join(dir, 'garbage.jsonl');
  // Text, but no line of it is JSON (binary bytes are refused before loading: bad-inputs.spec.ts).
  writeFileSync(file, 'not json\n{"broken": \n' + randomBytes(2048).toString('hex') + '\n');
  await gotoApp(page, '/');
  await openWithInput(page, file);
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-name', 'garbage.jsonl');
  await expect(status).toHaveAttribute('data-state', 'ready');
  const note = page.getByTestId('timeline-unreadable');
  await expect(note).toContainText('Nothing could be read from garbage.jsonl: ');
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-open', 'false');
  await note.getByRole('button', { name: /Show diagnostics/ }).click();
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-open', 'true');
});

test('unchecking one type stores the excluded type in the URL; Esc closes the list', async ({ page }) => {
  await gotoApp(page, '/?sample=demo.jsonl');
  const types = page.getByRole('button', { name: /^Types/ });
  await types.click();
  await expect(types).toHaveAttribute('aria-expanded', 'true');
  await page.locator('label', { hasText: 'assistant/chunk' }).getByRole('checkbox').uncheck();
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('xtypes=assistant/chunk');
  expect(await page.evaluate(() => location.hash)).not.toMatch(/(^|[#&])types=/);
  await expect(page.locator('[data-testid=timeline] [data-kind=chunks]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(types).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('label', { hasText: 'assistant/chunk' })).toHaveCount(0);
  // The link reopens with the same filter.
  await page.reload();
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready');
  await expect(page.locator('[data-testid=timeline] [data-kind=step]').first()).toBeVisible();
  await expect(page.locator('[data-testid=timeline] [data-kind=chunks]')).toHaveCount(0);
});

for (const [width, height] of [
  [1440, 900],
  [1024, 768],
] as const) {
  test(`step rows keep their figures reachable at ${width}x${height}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await gotoApp(page, '/?sample=demo.jsonl#seq=0');
    const step = page.locator('[data-testid=timeline] [data-kind=step]').first();
    const stats = step.getByTestId('row-stats');
    // Every figure is in the tooltip, whether or not the line had to be cut; the tools the step
    // called are named in their own part of the row, with the whole list in its tooltip.
    await expect(stats).toHaveAttribute('title', /\d s · .* in · .* out/);
    await expect(step.locator('[data-part=tools]')).toHaveAttribute('title', /^tools called: \w/);
    // Nothing is cut off blindly at the summary's edge: the figures give way inside their own box
    // (an ellipsis, with the tooltip).
    for (const row of await page.locator('[data-testid=timeline] [data-kind=step]').all()) {
      const clipped = await row
        .locator('[data-part=summary]')
        .evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(clipped).toBe(false);
    }
    // A step row is its group's header: its label stands where an event's type badge would, and
    // the row's tooltip names its type.
    await expect(step).toHaveAttribute('title', /· step\/start$/);
  });
}

test('a filter set and cleared brings the selection back into view', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await gotoApp(page, '/?sample=demo.jsonl#seq=230');
  await expectRowInView(page, 230);
  const count = page.getByTestId('row-count');
  await expect(count).toHaveText(/^\d+ rows$/);
  const rows = (await count.textContent())!;
  // A filter few events match (all early in the log): the list is short and scrolled to its top.
  await page.getByLabel('Filter events by text').fill('deploy.sh');
  await expect(count).toHaveText(/^\d+ match(es)?$/);
  await page.getByLabel('Filter events by text').fill('');
  await expect(count).toHaveText(rows);
  // Row numbers changed under the scroll position: the timeline shows the selection, not row N.
  await expectRowInView(page, 230);
});

test('a filter keeps the folds and leaves a list the user scrolled away from where it is', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await gotoApp(page, '/?sample=demo.jsonl#seq=230');
  await expectRowInView(page, 230);
  const count = page.getByTestId('row-count');
  // Folded to steps, a filter set and cleared brings back the same rows: nothing was unfolded.
  await page.getByRole('group', { name: 'Fold' }).getByRole('button', { name: 'Steps', exact: true }).click();
  await expect(count).toHaveText(/^\d+ rows$/);
  const folded = (await count.textContent())!;
  await page.getByRole('button', { name: 'Errors only' }).click();
  await expect(count).toHaveText(/match/);
  await page.getByRole('button', { name: 'Errors only' }).click();
  await expect(count).toHaveText(folded);
  await page.waitForTimeout(300);
  await expect(count).toHaveText(folded);
  // Scrolled to the top, away from the selection: typing a filter it does not match moves nothing.
  await page.getByRole('group', { name: 'Fold' }).getByRole('button', { name: 'All', exact: true }).click();
  const list = page.getByTestId('timeline');
  await expect(count).not.toHaveText(folded);
  await list.evaluate((el) => el.scrollTo(0, 0));
  await expect(list.locator('[data-seq="230"]')).toHaveCount(0);
  for (const text of ['t', 'to', 'too']) {
    await page.getByLabel('Filter events by text').fill(text);
    await expect(count).toHaveText(/match/);
    await page.waitForTimeout(400);
    expect(await list.evaluate((el) => el.scrollTop)).toBe(0);
  }
  // The quiet locate a cleared filter asks is for that moment only: a later jump to the same
  // event unfolds the step that hides it, as every jump does.
  await page.getByLabel('Filter events by text').fill('');
  await expect(count).toHaveText(/rows$/);
  await page.evaluate(() => (location.hash = '#seq=100'));
  await page.getByRole('group', { name: 'Fold' }).getByRole('button', { name: 'Steps', exact: true }).click();
  await expect(count).toHaveText(folded);
  await page.evaluate(() => (location.hash = '#seq=230'));
  await expectRowInView(page, 230);
});
