/**
 * Accessibility: an axe-core scan (WCAG 2.0/2.1 A and AA) of every screen, in the dark and the
 * light colour scheme, with no serious or critical violation allowed. A failure prints each
 * violation with its rule, impact, help text and the offending nodes' selectors and summaries.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import path from 'node:path';
import { SAMPLES_DIR, expect, expectLoaded, gotoApp, loadCore, openWithInput, test } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const STREAM = path.join(SAMPLES_DIR, 'dsh/compaction-recovery.stream.jsonl');
const INSTRUCTIONS = path.join(SAMPLES_DIR, 'dsh/agent-instructions.jsonl');

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** The serious and critical violations, one readable paragraph each. */
function report(violations: AxeResults['violations']): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n');
      const more = v.nodes.length > 8 ? `\n    ... and ${v.nodes.length - 8} more nodes` : '';
      return `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'})\n${nodes}${more}`;
    })
    .join('\n\n');
}

/**
 * Rules outside the WCAG tags (experimental or best practice) that a review found broken: each
 * must pass at any impact.
 */
const EXTRA_RULES = ['label-content-name-mismatch', 'page-has-heading-one'];

async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const extra = await new AxeBuilder({ page }).withRules(EXTRA_RULES).analyze();
  const serious = [
    ...results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ...extra.violations,
  ];
  expect
    .soft(
      serious.map((v) => v.id),
      `axe on ${screen}:\n${report(serious)}`,
    )
    .toEqual([]);
}

async function openLog(page: Page, file: string): Promise<void> {
  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, path.basename(file), loadCore(file).eventCount);
  await expect(page.getByTestId('timeline').locator('[data-seq]').first()).toBeVisible();
}

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`axe, ${colorScheme} scheme`, () => {
    test.use({ colorScheme });
    // Each scan walks the whole DOM twice; on a loaded 2-core machine three of them take a while.
    test.describe.configure({ timeout: 120_000 });

    test('start page', async ({ page }) => {
      await gotoApp(page);
      const start = page.getByTestId('start-page');
      if (!(await start.isVisible())) await page.getByRole('button', { name: /Seqscope/ }).click();
      await expect(start).toBeVisible();
      await expectNoSeriousViolations(page, 'the start page');
    });

    test('a loaded log with a selected event, its session info and its shortcuts dialog', async ({
      page,
    }) => {
      await openLog(page, STREAM);
      await page.getByTestId('timeline').locator('[data-seq]').nth(3).click();
      await expect(page.getByTestId('timeline').locator('[aria-selected="true"]')).toHaveCount(1);
      await expectNoSeriousViolations(page, 'a loaded log');

      await page.getByTestId('session-info-button').click();
      await expect(page.getByTestId('session-info')).toBeVisible();
      await expectNoSeriousViolations(page, 'the session info dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('session-info')).toBeHidden();

      await page.keyboard.press('?');
      await expect(page.getByTestId('shortcuts')).toBeVisible();
      await expectNoSeriousViolations(page, 'the shortcuts dialog');
    });

    test('the diagnostics panel', async ({ page }) => {
      await openLog(page, STREAM);
      await page.getByTestId('diagnostic-counts').click();
      await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-open', 'true');
      await expectNoSeriousViolations(page, 'the diagnostics panel');
    });

    test('search, the input diff and the charts', async ({ page }) => {
      await openLog(page, INSTRUCTIONS);
      await page.keyboard.press('/');
      await page.getByLabel('search every event').fill('the');
      await expect(page.getByTestId('search-results').locator('button').first()).toBeVisible();
      await expectNoSeriousViolations(page, 'search');

      await page.getByRole('tab', { name: 'Input diff' }).click();
      await page.getByLabel('compare from seq').fill('10');
      await page.getByLabel('compare to seq').fill('20');
      await page.getByRole('button', { name: 'Compare', exact: true }).click();
      await expect(page.getByTestId('input-diff-summary')).toBeVisible();
      await expectNoSeriousViolations(page, 'the input diff');

      await page.getByRole('tab', { name: 'Charts' }).click();
      await expect(page.getByTestId('charts-pane').locator('canvas').first()).toBeVisible();
      await expectNoSeriousViolations(page, 'the charts');
    });
  });
}

/** The timeline's rows in display order, with their row index and seq. */
function rowsOf(page: Page) {
  return page.getByRole('treegrid', { name: 'Events' }).locator('[role=row]');
}

async function tabUntilFocused(page: Page, target: ReturnType<Page['locator']>, max = 20): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('keyboard', () => {
  // Several reloads and round trips to the worker: generous on a loaded 2-core machine.
  test.describe.configure({ timeout: 90_000 });

  test('Tab reaches the timeline on the selected row; arrows move selection and focus; Left/Right fold', async ({
    page,
  }) => {
    await gotoApp(page, '/?sample=demo.jsonl#seq=5');
    const grid = page.getByRole('treegrid', { name: 'Events' });
    await expect(grid).toHaveAttribute('aria-rowcount', /^\d+$/);
    const selected = grid.locator('[role=row][aria-selected="true"]');
    await expect(selected).toHaveAttribute('data-seq', '5');
    // One Tab stop: only the selected row is in the Tab order.
    await expect(grid.locator('[role=row][tabindex="0"]')).toHaveCount(1);
    await expect(grid.locator('[role=row][tabindex="0"]')).toHaveAttribute('data-seq', '5');

    // With nothing focused, a row key moves the selection and takes focus to its row.
    await page.keyboard.press('ArrowDown');
    await expect(grid.locator('[role=row][aria-selected="true"]')).not.toHaveAttribute('data-seq', '5');
    await expect(grid.locator('[role=row][aria-selected="true"]')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(selected).toBeFocused();

    await page.locator('#timeline-filter').focus();
    await tabUntilFocused(page, selected);
    const row = Number(await selected.getAttribute('data-row'));

    await page.keyboard.press('ArrowDown');
    const next = rowsOf(page).and(page.locator(`[data-row="${row + 1}"]`));
    await expect(next).toHaveAttribute('aria-selected', 'true');
    await expect(next).toBeFocused();
    const nextSeq = await next.getAttribute('data-seq');
    await expect(page).toHaveURL(new RegExp(`#seq=${nextSeq}$`));

    await page.keyboard.press('ArrowUp');
    const back = rowsOf(page).and(page.locator('[data-seq="5"]'));
    await expect(back).toBeFocused();
    await expect(back).toHaveAttribute('aria-selected', 'true');

    // Home: the first row, a turn; Left folds it, Right unfolds it (the row says so: aria-expanded).
    await page.keyboard.press('Home');
    const first = rowsOf(page).and(page.locator('[data-row="0"]'));
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('aria-level', '1');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const count = Number(await grid.getAttribute('aria-rowcount'));
    await page.keyboard.press('ArrowLeft');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(grid).not.toHaveAttribute('aria-rowcount', String(count));
    await expect(first).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(grid).toHaveAttribute('aria-rowcount', String(count));

    // Left on a row that cannot fold goes to the row it belongs to. Each arrow moves through the
    // worker (an answer away): the row is read once the selection reached row 2, not before.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const deep = grid.locator('[role=row][aria-selected="true"]');
    await expect(deep).toHaveAttribute('data-row', '2');
    await expect(deep).toBeFocused();
    const level = Number(await deep.getAttribute('aria-level'));
    expect(level).toBeGreaterThan(1);
    if ((await deep.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(grid.locator('[role=row][aria-selected="true"]')).toHaveAttribute(
      'aria-level',
      String(level - 1),
    );
    await expect(grid.locator('[role=row][aria-selected="true"]')).toBeFocused();
  });

  test('skip links: the first Tab stop, to the timeline and to the messages', async ({ page }) => {
    await gotoApp(page, '/?sample=demo.jsonl#seq=5');
    await expect(rowsOf(page).and(page.locator('[aria-selected="true"]'))).toHaveCount(1);
    await page.keyboard.press('Tab');
    const toTimeline = page.getByRole('link', { name: 'Skip to timeline' });
    await expect(toTimeline).toBeFocused();
    await expect(toTimeline).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(rowsOf(page).and(page.locator('[data-seq="5"]'))).toBeFocused();

    await page.reload();
    await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const toMessages = page.getByRole('link', { name: 'Skip to messages' });
    await expect(toMessages).toBeFocused();
    await page.keyboard.press('Enter');
    // The list itself (its keys scroll it), inside the pane's region.
    await expect(page.getByRole('region', { name: 'Message list' })).toBeFocused();
  });

  test('the shortcuts dialog takes focus, keeps Tab inside, closes on Esc and gives focus back', async ({
    page,
  }) => {
    await gotoApp(page, '/?sample=demo.jsonl#seq=5');
    const opener = page.getByRole('button', { name: 'Keyboard shortcuts' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // The close button closes too, and gives focus back.
    await opener.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('session info is a dialog: focus in, Tab kept inside, Esc and Close give focus back', async ({
    page,
  }) => {
    await gotoApp(page, '/?sample=demo.jsonl#seq=5');
    const opener = page.getByTestId('session-info-button');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Session' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the diagnostics panel takes focus when opened, keeps Tab inside, Esc gives focus back', async ({
    page,
  }) => {
    await openLog(page, STREAM);
    const opener = page.getByTestId('diagnostic-counts');
    const panel = page.getByTestId('diagnostics');
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toHaveAttribute('data-open', 'true');
    await expect(panel.locator('[aria-current="true"]')).toBeFocused();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      await expect(panel.locator(':focus')).toHaveCount(1);
    }
    await page.keyboard.press('Escape');
    await expect(panel).toHaveAttribute('data-open', 'false');
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(panel).toHaveAttribute('data-open', 'true');
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toHaveAttribute('data-open', 'false');
    await expect(opener).toBeFocused();
  });

  test('single-character shortcuts can be turned off, and stay off after a reload', async ({ page }) => {
    await gotoApp(page, '/?sample=demo.jsonl#seq=5');
    const seqInUrl = () => new URL(page.url()).hash;
    await page.keyboard.press('j');
    await expect(page).not.toHaveURL(/#seq=5$/);
    const next = seqInUrl(); // the row after seq 5

    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const setting = page.getByRole('checkbox', { name: /Single-character shortcuts/ });
    await expect(setting).toBeChecked();
    await setting.uncheck();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // j does nothing now (had it moved, ArrowUp would not land on seq 5); ? opens nothing.
    await page.keyboard.press('j');
    await page.keyboard.press('?');
    await page.keyboard.press('ArrowUp');
    await expect(page).toHaveURL(/#seq=5$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Remembered: after a reload j still does nothing, ArrowDown still moves one row.
    await page.reload();
    await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready');
    await page.keyboard.press('j');
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(new RegExp(`${next}$`));

    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await expect(setting).not.toBeChecked();
    await setting.check();
    await page.keyboard.press('Escape');
    await page.keyboard.press('k');
    await expect(page).toHaveURL(/#seq=5$/);
  });

  test('prefers-reduced-motion stops the pulses (the loading bar and dot)', async ({ page }) => {
    await page.goto('/'); // the stylesheet is all this needs
    const animationOf = () =>
      page.evaluate(() => {
        const el = document.createElement('div');
        el.className = 'animate-pulse';
        document.body.append(el);
        const name = getComputedStyle(el).animationName;
        el.remove();
        return name;
      });
    expect(await animationOf()).toBe('pulse');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await animationOf()).toBe('none');
  });
});
