/**
 * Layout at 800, 1024 and 1600 px, in both themes: every control that
 * matters is on screen, whole (not cut by its pane or its scroll container,
 * its label on one line) and clear of its neighbours (layoutAudit.ts), on
 * the demo sample and on a generated 20k-event log. Then the pane dividers
 * (keyboard, collapse, remembered), the stacked layout, and the theme toggle.
 */
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { generateLogText } from '../scripts/gen/index';
import { auditLayout, type AuditSpec } from './layoutAudit';
import { expect, gotoApp, openWithInput, test } from './helpers';

const GEN_EVENTS = 20_000;
let genFile = '';
test.beforeAll(() => {
  genFile = path.join(
    mkdtempSync(path.join(tmpdir(), 'seqscope-layout-')),
    'generated-session-20k-events.jsonl',
  );
  writeFileSync(genFile, generateLogText({ events: GEN_EVENTS, seed: 13 }));
});

const MAIN_SCREEN: AuditSpec = {
  required: [
    // The header: start page, the file and its counts, the actions on the right.
    'header h1 > button',
    '[data-testid=session-info-button]',
    '[data-testid=run-problems]',
    '[data-testid=diagnostic-counts]',
    // The log's first figure (its size), whole; the others are optional below.
    '[data-testid=log-figures] > span:first-child',
    '[data-testid=copy-current-link]',
    '[data-testid=status]',
    'header label',
    'header button[aria-label="Keyboard shortcuts"]',
    '[data-testid=theme-toggle]',
    // The timeline's toolbar (the fold buttons are on it, or in its "Fold ▾" menu: optional below).
    '[aria-label="Filter events by text"]',
    '[data-testid=timeline-toolbar] [aria-expanded]:not([data-testid=timeline-more])',
    'div:has(> div > [aria-label="Filter events by text"]) > button',
    '[data-testid=row-count]',
    // The messages header, whole ("at s..." was all that showed).
    // (In a narrow pane its title "Messages" is for screen readers only.)
    'section[aria-label="Messages at seq"] > div:first-child > span:not([data-part=pane-title]):not(.sr-only)',
    '[data-testid=messages-header]',
    '[data-testid=export-menu-button]',
    // The inspector's header and its buttons (its "link" was clipped).
    '[data-testid=inspector] > *',
    '[data-testid=inspector-actions] button',
    // The replay bar and the scrubber.
    'section[aria-label=Replay] button',
    'section[aria-label=Replay] select',
    'section[aria-label=Replay] label',
    '[data-testid=replay-position]',
    '[data-testid=scrubber]',
    '[role=separator]',
  ],
  // Badges that only some logs have.
  optional: [
    // Every other figure: whole or hidden whole, never cut ("3."). Below 1280 px they wrap onto a
    // line of their own; from there up those that do not fit the one line are hidden (the tooltip
    // lists every one).
    '[data-testid=log-figures] > span',
    '[data-testid=stored]',
    '[data-testid=follow]',
    '[role=group][aria-label=Fold] > button',
    '[data-testid=timeline-more]',
  ],
  // The file name may end in an ellipsis, but never shrink to nothing.
  ellipsis: [{ selector: '[data-testid=file-name]', minWidth: 64 }],
};

const SIZES = [
  { width: 800, height: 900 },
  { width: 1024, height: 768 },
  { width: 1600, height: 900 },
] as const;

async function setUp(page: Page, width: number, height: number, theme: 'light' | 'dark') {
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: theme });
}

/** Folds every turn or step, or unfolds all, through the toolbar or its menu, whichever shows. */
async function foldAll(page: Page, level: 'Turns' | 'Steps' | 'All') {
  const inline = page.getByRole('group', { name: 'Fold' }).getByRole('button', { name: level, exact: true });
  if (await inline.isVisible()) return inline.click();
  await page.getByTestId('timeline-more').click();
  const long = { Turns: 'Fold every turn', Steps: 'Fold every step', All: 'Unfold turns and steps' }[level];
  await page.getByTestId('timeline-more-menu').getByRole('button', { name: long }).click();
}

/** Selects two events, so the messages header also says "new since seq ...". */
async function selectTwo(page: Page, first: number, second: number) {
  await page.evaluate((seq) => (location.hash = `#seq=${seq}`), first);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-seq', String(first));
  await page.evaluate((seq) => (location.hash = `#seq=${seq}`), second);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-seq', String(second));
}

for (const { width, height } of SIZES) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${width}px, ${theme}: the demo sample's controls are whole, on screen and clear of each other`, async ({
      page,
    }) => {
      await setUp(page, width, height, theme);
      await gotoApp(page);
      await selectTwo(page, 150, 235);
      await expect(page.getByTestId('messages-header')).toContainText('new since seq 150');
      expect(await auditLayout(page, MAIN_SCREEN)).toEqual([]);
    });

    test(`${width}px, ${theme}: a generated 20k-event log's controls are whole, on screen and clear of each other`, async ({
      page,
    }) => {
      await setUp(page, width, height, theme);
      await gotoApp(page);
      await openWithInput(page, genFile);
      const status = page.getByTestId('status');
      await expect(status).toHaveAttribute('data-name', path.basename(genFile));
      await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
      await expect(status).toHaveAttribute('data-events', String(GEN_EVENTS));
      await selectTwo(page, 17_000, GEN_EVENTS - 1);
      expect(await auditLayout(page, MAIN_SCREEN)).toEqual([]);
    });
  }
}

/** The parts of turn and step rows that must be read whole: nothing there may end in an ellipsis. */
const GROUP_ROWS: AuditSpec = {
  required: [
    '[data-kind=turn] [data-part=label]',
    '[data-kind=turn] [data-testid=row-stats]',
    '[data-kind=step] [data-part=label]',
    '[data-kind=step] [data-outcome] > span',
    '[data-kind=step] [data-testid=row-stats]',
  ],
  ellipsis: [
    // A turn's prompt gives way first (its whole text is the user/message row under it), but keeps a few words.
    { selector: '[data-kind=turn] [data-part=prompt]', minWidth: 50 },
    // A step's tools give way first (they are in its tooltip): before its figures, outcome and
    // label. At 1024 px the demo's "failed attempt" step is 2 px short of room for all of them.
    { selector: '[data-kind=step] [data-part=tools]', minWidth: 20 },
  ],
};

for (const { width, height } of SIZES) {
  test(`${width}px: turn and step rows show their label, outcome, tools and figures whole`, async ({
    page,
  }) => {
    await setUp(page, width, height, 'dark');
    await gotoApp(page, '/#seq=0');
    // Every turn and step of the demo on screen at once.
    await foldAll(page, 'Steps');
    // (Stacked at 800 px, the timeline is shorter: the rows it has room for.)
    if (width > 800) await expect(page.locator('[data-testid=timeline] [data-kind=step]')).toHaveCount(8);
    await expect(page.locator('[data-testid=timeline] [data-kind=turn]').first()).toBeVisible();
    expect(await auditLayout(page, GROUP_ROWS)).toEqual([]);
    // The figures are all there: in full where there is room, short ("1.6k→15 tok") where not,
    // and in full in the tooltip always.
    const stats = page.locator('[data-kind=step] [data-testid=row-stats]').first();
    await expect(stats).toHaveAttribute('title', /^\d[\d.]* m?s · [\d.]+k? in · \d+ out$/);
    const drawn = await stats.evaluate(
      (el) => [...el.children].find((c) => c.getBoundingClientRect().width > 2)?.textContent ?? '',
    );
    expect(drawn).toMatch(width === 1024 ? /^[^→]+ s · [\d.]+k?→\d+ tok$/ : /^[^→]+ in · \d+ out$/);
  });
}

test('1024px: a crowded step row (many tools, a failure) keeps its label and outcome whole; its tools give way', async ({
  page,
}) => {
  await setUp(page, 1024, 768, 'dark');
  await gotoApp(page);
  await openWithInput(page, genFile);
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await foldAll(page, 'Steps');
  await page.evaluate((seq) => (location.hash = `#seq=${seq}`), GEN_EVENTS - 1);
  const steps = page.locator('[data-testid=timeline] [data-kind=step]');
  await expect(steps.first()).toBeVisible();
  // The rows on screen include failed steps with two-figure turns and several tools.
  await expect(steps.locator('[data-outcome]:not([data-outcome=ok])').first()).toBeVisible();
  const crowded = {
    required: ['[data-kind=step] [data-part=label]', '[data-kind=step] [data-outcome] > span'],
    ellipsis: [{ selector: '[data-kind=step] [data-part=tools]', minWidth: 0 }],
  };
  expect(await auditLayout(page, crowded)).toEqual([]);
  // The timeline at its narrowest: the label and outcome give way last, with an ellipsis, and no
  // row is cut at its edge (weights under 1 once overflowed their rows, clipped).
  const divider = page.getByRole('separator', { name: 'Resize the timeline' });
  await divider.focus();
  await page.keyboard.press('Home');
  await expect(divider).toHaveAttribute('aria-valuenow', (await divider.getAttribute('aria-valuemin'))!);
  const cut = await page
    .locator('[data-testid=timeline] [data-kind=step] [data-part=summary]')
    .evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
    );
  expect(cut).toEqual([]);
  const narrow = {
    required: [],
    ellipsis: [
      { selector: '[data-kind=step] [data-part=label]', minWidth: 20 },
      { selector: '[data-kind=step] [data-outcome] > span', minWidth: 15 },
    ],
  };
  expect(await auditLayout(page, narrow)).toEqual([]);
});

const CLAUDE_CODE = path.resolve(
  '../shared/samples/other/claude-code/fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl',
);

test('a Claude Code log\'s turn rows keep their figures whole; a turn without a model call says no "0 steps"', async ({
  page,
}) => {
  for (const { width, height } of SIZES.filter((s) => s.width > 800)) {
    await setUp(page, width, height, 'dark');
    await gotoApp(page);
    await openWithInput(page, CLAUDE_CODE);
    await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready');
    await foldAll(page, 'Turns');
    const turns = page.locator('[data-testid=timeline] [data-kind=turn]');
    await expect(turns).toHaveCount(3);
    // Its third turn is a /clear: user messages and no model call. (Its figures were cut to "0 ste…".)
    const turnRows = { ...GROUP_ROWS, required: GROUP_ROWS.required.filter((r) => r.includes('=turn]')) };
    expect(await auditLayout(page, turnRows), `${width} px`).toEqual([]);
    const stats = turns.locator('[data-testid=row-stats]');
    await expect(stats.nth(0)).toHaveAttribute('title', /^7 m 14 s · 14 steps · 13 tools \(2 failed\) · /);
    await expect(stats.nth(2)).toHaveAttribute('title', /^5 m 56 s · no model call$/);
    const drawn = await stats
      .nth(2)
      .evaluate((el) => [...el.children].find((c) => c.getBoundingClientRect().width > 2)?.textContent);
    expect(drawn, `${width} px`).toBe('5 m 56 s');
  }
});

/** The toolbar's controls drawn, and the spread of their vertical centres (0: all on one line). */
async function toolbarLine(page: Page) {
  return page.getByTestId('timeline-toolbar').evaluate((bar) => {
    const shown = [...bar.querySelectorAll(':scope > div > *')].filter(
      (c) => c.getBoundingClientRect().width > 0,
    );
    const mids = shown.map((c) => c.getBoundingClientRect().top + c.getBoundingClientRect().height / 2);
    return {
      height: Math.round(bar.getBoundingClientRect().height),
      spread: Math.round(Math.max(...mids) - Math.min(...mids)),
      shown: shown.map(
        (c) =>
          c.getAttribute('data-testid') ??
          c.querySelector(':scope > [data-testid]')?.getAttribute('data-testid') ??
          c.getAttribute('aria-label') ??
          (c.querySelector('input') ? 'filter' : (c as HTMLElement).innerText.trim()),
      ),
    };
  });
}

test('the timeline toolbar is one line at 1600, 1024 and 800 px; what does not fit is one click away in a menu', async ({
  page,
}) => {
  for (const { width, height } of SIZES) {
    await setUp(page, width, height, 'light');
    // A fresh load at each size: the panes take that window's first-visit widths.
    await page.goto('about:blank');
    await gotoApp(page, '/#seq=0');
    const line = await toolbarLine(page);
    // One row of controls (a 24 px control and its padding; two rows were 62 px).
    expect(line.height, `${width}px: ${JSON.stringify(line)}`).toBeLessThanOrEqual(40);
    expect(line.spread, `${width}px: ${JSON.stringify(line)}`).toBeLessThanOrEqual(2);
    // 1600 and 800 px (timeline 720 and 800 px wide): everything on the line; 1024 (432 px): the
    // fold buttons go into "Fold ▾".
    expect(line.shown, `${width}px`).toEqual(
      width === 1024
        ? ['filter', 'Types ▾', 'Errors only', 'timeline-more', 'row-count']
        : ['filter', 'Types ▾', 'Errors only', 'Fold', 'row-count'],
    );
    expect(await auditLayout(page, MAIN_SCREEN)).toEqual([]);
  }

  // At 1024 px the menu folds and unfolds like the buttons, says which level is in force, and
  // gives the focus back on Escape.
  const more = page.getByTestId('timeline-more');
  const menu = page.getByTestId('timeline-more-menu');
  const steps = page.locator('[data-testid=timeline] [data-kind=step]');
  await setUp(page, 1024, 768, 'dark');
  await page.goto('about:blank');
  await gotoApp(page, '/#seq=0');
  await expect(more).toHaveText('Fold ▾', { useInnerText: true });
  await more.click();
  expect(
    await auditLayout(page, { required: ['[data-testid=timeline-more-menu] button[data-fold]'] }),
  ).toEqual([]);
  await expect(menu.getByRole('button', { name: 'Errors only' })).toBeHidden();
  await menu.getByRole('button', { name: 'Fold every turn' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('row-count')).toHaveText('3 rows');
  await expect(more).toBeFocused();
  await more.click();
  await expect(menu.getByRole('button', { name: 'Fold every turn' })).toHaveAttribute('aria-pressed', 'true');
  await menu.getByRole('button', { name: 'Fold every step' }).click();
  await expect(steps).toHaveCount(8);
  await more.click();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  // The timeline at its narrowest (280 px): "Errors only" goes into the menu too, now "More ▾";
  // with it on, the button says so and the fold items say why they are off.
  await page.getByRole('separator', { name: 'Resize the timeline' }).focus();
  await page.keyboard.press('Home');
  await expect(page.locator('#pane-timeline')).toHaveJSProperty('offsetWidth', 280);
  const narrow = await toolbarLine(page);
  expect(narrow.shown).toEqual(['filter', 'Types ▾', 'timeline-more', 'row-count']);
  expect(narrow.spread).toBeLessThanOrEqual(2);
  await expect(more).toHaveText('More ▾', { useInnerText: true });
  await more.click();
  await menu.getByRole('button', { name: 'Errors only' }).click();
  await expect(page.getByTestId('row-count')).toHaveText(/^\d+ match(es)?$/);
  await expect(more).toHaveClass(/border-red-500/);
  await more.click();
  await expect(menu.getByRole('button', { name: 'Errors only' })).toHaveAttribute('aria-pressed', 'true');
  await expect(menu.getByRole('button', { name: 'Fold every turn' })).toBeDisabled();
  await expect(menu.getByRole('button', { name: 'Fold every turn' })).toHaveAttribute(
    'title',
    /clear the filters/,
  );
  expect(await auditLayout(page, { required: ['[data-testid=timeline-more-menu] button'] })).toEqual([]);
  await menu.getByRole('button', { name: 'Errors only' }).click();
  await expect(page.getByTestId('row-count')).toHaveText(/rows$/);
  // The type list spans the narrow toolbar instead of running past the pane's edge.
  await page.getByRole('button', { name: 'Types ▾' }).click();
  // the list comes in a render of its own, after the menu is drawn (TypePicker.tsx, audit R12-L1)
  await expect(page.locator('[data-testid=type-picker] label').first()).toBeVisible();
  expect(await auditLayout(page, { required: ['[data-testid=type-picker] label'] })).toEqual([]);
});

test('the header shows every figure of the log, whole, at 1600, 1024 and 800 px', async ({ page }) => {
  for (const { width, height } of SIZES) {
    await setUp(page, width, height, 'light');
    await gotoApp(page);
    const figures = page.getByTestId('log-figures');
    // The cost is asked once the log is ready and comes in an answer of its own, a moment later.
    await expect(figures).toHaveAttribute('title', / · no price · /);
    const title = (await figures.getAttribute('title'))!;
    const text = title.slice(0, title.indexOf(' · fingerprint'));
    // The demo's model has no price: "no price" stands where the cost would be, the tokens last.
    expect(text).toMatch(
      /^[\d.]+ KiB · 3 turns · 8 steps · 5 tool calls · 1 m 30 s · no price · [\d.]+k in · \d+ out$/,
    );
    // The whole text is drawn, one figure per piece (the `·` between them drawn by CSS), none cut.
    expect((await figures.locator('> span').allInnerTexts()).join(' · ')).toBe(text);
    for (const part of await figures.locator('> span').all()) {
      const [scroll, client, lines] = await part.evaluate((el) => [
        el.scrollWidth,
        el.clientWidth,
        el.getClientRects().length,
      ]);
      expect(scroll, `${width}px: ${await part.innerText()}`).toBeLessThanOrEqual(client);
      expect(lines).toBe(1);
    }
    expect(await auditLayout(page, MAIN_SCREEN)).toEqual([]);
  }
});

test('at 1600 px a long file name shows whole: the figures that do not fit give way first', async ({
  page,
}) => {
  // The review's case: a 30-character name cut to 14ch with 250 px of header to spare.
  const name = 'log_message_deduplication-long-name.jsonl';
  test.setTimeout(60_000); // two loads (the demo, then the file) on a busy shared machine
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-layout-')), name);
  copyFileSync(path.resolve('public/samples/demo.jsonl'), file);
  await setUp(page, 1600, 900, 'light');
  await gotoApp(page);
  await openWithInput(page, file);
  await expect(page.getByTestId('status')).toHaveAttribute('data-name', name);
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready');
  const fileName = page.getByTestId('file-name');
  await expect(fileName).toHaveText(name);
  // Still one line; the name whole (no ellipsis) and every figure shown whole (the others are
  // hidden whole, and in the tooltip).
  expect((await page.locator('header').boundingBox())!.height).toBeLessThan(48);
  expect(
    await auditLayout(page, {
      ...MAIN_SCREEN,
      required: [...MAIN_SCREEN.required, '[data-testid=file-name]'],
      ellipsis: [],
    }),
  ).toEqual([]);
});

/** The messages bar's height and where what follows it (the request line) starts. */
async function messagesBar(page: Page) {
  return page.locator('section[aria-label="Messages at seq"]').evaluate((pane) => ({
    bar: Math.round(pane.firstElementChild!.getBoundingClientRect().height),
    below: Math.round(pane.firstElementChild!.nextElementSibling!.getBoundingClientRect().top),
  }));
}

test('the messages bar keeps its height when "new since" comes and goes (the messages did not jump)', async ({
  page,
}) => {
  // Six seeks at two sizes: more than the default 30 s on a busy shared machine.
  test.setTimeout(90_000);
  await gotoApp(page, '/#seq=10');
  const header = page.getByTestId('messages-header');
  for (const { width, height } of SIZES.filter((s) => s.width > 800)) {
    await setUp(page, width, height, 'dark');
    await page.evaluate(() => (location.hash = '#seq=10'));
    await expect(header).toHaveText('at seq 10 · 1 message');
    const at10 = await messagesBar(page);
    // Forward: "new since seq 10" joins the header (shown where it fits, hidden whole where not).
    await page.evaluate(() => (location.hash = '#seq=235'));
    await expect(header).toHaveText('at seq 235 · 11 messages · new since seq 10');
    expect(await messagesBar(page), `${width}px`).toEqual(at10);
    // Back one: it goes again.
    await page.evaluate(() => (location.hash = '#seq=234'));
    await expect(header).toHaveText(/^at seq 234 · \d+ messages$/);
    expect(await messagesBar(page), `${width}px`).toEqual(at10);
    // "at seq …" is always drawn whole; the rest is drawn whole or not at all.
    expect(
      await auditLayout(page, {
        required: ['[data-testid=messages-header] > span:first-child', '[data-testid=export-menu-button]'],
        optional: ['[data-testid=messages-header] > span'],
      }),
    ).toEqual([]);
  }
});

test('the messages header is one line at 1024 and 1600 px, and the request line is whole', async ({
  page,
}) => {
  for (const { width, height } of SIZES.filter((s) => s.width > 800)) {
    await setUp(page, width, height, 'dark');
    await gotoApp(page, '/#seq=235');
    const bar = page.locator('section[aria-label="Messages at seq"] > div:first-child');
    await expect(page.getByTestId('messages-header')).toHaveText('at seq 235 · 11 messages');
    // Every control of the bar on one line: "at seq …", "Resume preview" and "Export".
    const tops = await bar.evaluate((el) =>
      [...el.children]
        .filter((c) => c.getBoundingClientRect().width > 1)
        .map((c) => Math.round(c.getBoundingClientRect().top + c.getBoundingClientRect().height / 2)),
    );
    // (At 1024 px the title "Messages" is for screen readers only: "11 messages" says it.)
    expect(tops.length, `${width}px`).toBe(width === 1024 ? 3 : 4);
    expect(Math.max(...tops) - Math.min(...tops), `${width}px: ${tops.join(', ')}`).toBeLessThanOrEqual(2);
    // The model's name and the link to its header are whole (the name may wrap, never end in "…").
    const model = page.getByTestId('request-model');
    await expect(model).toHaveText('openrouter / qwen3-coder-480b');
    const link = page.getByTestId('request-header-link');
    await expect(link).toHaveAttribute('title', /: tool-results$/);
    for (const el of [model, link])
      expect(await el.evaluate((e) => e.scrollWidth <= e.clientWidth + 1), `${width}px`).toBe(true);
    expect(
      await auditLayout(page, {
        required: [
          '[data-testid=request-model]',
          '[data-testid=request-header-link]',
          '[data-testid=export-menu-button]',
        ],
      }),
    ).toEqual([]);
  }
  // The exports are one click away, in a menu under the button, inside the window.
  await page.getByTestId('export-menu-button').click();
  const menu = page.locator('#export-menu');
  await expect(menu).toBeVisible();
  expect(await auditLayout(page, { required: ['#export-menu button'] })).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('the panels below (why, diagnostics) give way before the panes do', async ({ page }) => {
  for (const { width, height } of SIZES.filter((s) => s.width > 800)) {
    await setUp(page, width, height, 'light');
    await gotoApp(page);
    await page.getByRole('button', { name: 'Compare runs' }).click();
    await page
      .getByRole('button', { name: /Diagnostics/ })
      .first()
      .click();
    await expect(page.getByTestId('why-panel')).toBeVisible();
    const h = async (s: string) => (await page.locator(s).boundingBox())!.height;
    expect(await h('#pane-messages'), `${width}px`).toBeGreaterThanOrEqual(Math.min(300, height * 0.45) - 1);
    expect(await h('#pane-timeline')).toBeGreaterThanOrEqual(Math.min(300, height * 0.45) - 1);
    // "Compare runs" holds one button: it takes the room that needs, not 42% of the window.
    expect(await h('[data-testid=why-panel]')).toBeLessThan(height * 0.3);
    const diag = (await page.locator('section[aria-label=Diagnostics]').boundingBox())!;
    expect(diag.y + diag.height).toBeLessThanOrEqual(height + 0.5);
    await page.getByRole('button', { name: 'Close', exact: true }).first().click();
    await page.getByTestId('why-panel').getByRole('button', { name: /close/i }).click();
  }
});

test('at 800 px the panes stack: timeline, messages, inspector, each the full width', async ({ page }) => {
  await setUp(page, 800, 900, 'dark');
  await gotoApp(page);
  await expect(page.getByTestId('panes')).toHaveAttribute('data-layout', 'stacked');
  const boxes = await Promise.all(
    ['#pane-timeline', '#pane-messages', '#pane-inspector'].map(
      async (s) => (await page.locator(s).boundingBox())!,
    ),
  );
  for (const b of boxes) expect(Math.round(b.width)).toBe(800);
  // The messages (what the app is for) keep room for a few of them: at least 280 px.
  expect(boxes[1]!.height).toBeGreaterThanOrEqual(279);
  expect(boxes[0]!.y + boxes[0]!.height).toBeLessThanOrEqual(boxes[1]!.y);
  expect(boxes[1]!.y + boxes[1]!.height).toBeLessThanOrEqual(boxes[2]!.y);
  await expect(page.getByRole('separator', { name: 'Resize the timeline' })).toHaveAttribute(
    'aria-orientation',
    'horizontal',
  );
});

test('a divider resizes by keyboard and by drag, collapses with Enter, and the layout is remembered', async ({
  page,
}) => {
  await setUp(page, 1600, 900, 'dark');
  await gotoApp(page);
  const divider = page.getByRole('separator', { name: 'Resize the timeline' });
  const timeline = page.locator('#pane-timeline');
  const width = async () => Math.round((await timeline.boundingBox())!.width);
  const start = await width();
  await expect(divider).toHaveAttribute('aria-valuenow', String(start));

  await divider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await width()).toBe(start + 32);
  await expect(divider).toHaveAttribute('aria-valuenow', String(start + 32));
  await page.keyboard.press('Home');
  expect(await width()).toBe(Number(await divider.getAttribute('aria-valuemin')));

  const box = (await divider.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  const dragged = await width();
  expect(dragged).toBe(Number(await divider.getAttribute('aria-valuemin')) + 120);

  // The inspector's divider collapses it to a strip; its button restores it.
  const inspectorDivider = page.getByRole('separator', { name: 'Resize the inspector' });
  await inspectorDivider.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#pane-inspector')).toHaveAttribute('data-collapsed', 'true');
  await expect(page.getByTestId('inspector')).toBeHidden();
  await expect(inspectorDivider).toHaveAttribute('aria-valuetext', 'collapsed');

  await page.reload();
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready');
  expect(await width()).toBe(dragged);
  await expect(page.locator('#pane-inspector')).toHaveAttribute('data-collapsed', 'true');
  await page.getByRole('button', { name: 'Show the inspector' }).click();
  await expect(page.getByTestId('inspector')).toBeVisible();
});

test('the panes never run past the window, however wide they were left', async ({ page }) => {
  await setUp(page, 1600, 900, 'dark');
  await gotoApp(page);
  const divider = page.getByRole('separator', { name: 'Resize the inspector' });
  await divider.focus();
  await page.keyboard.press('End');
  await page.setViewportSize({ width: 1024, height: 768 });
  const inspector = (await page.locator('#pane-inspector').boundingBox())!;
  expect(inspector.x + inspector.width).toBeLessThanOrEqual(1024);
  expect((await page.locator('#pane-messages').boundingBox())!.width).toBeGreaterThanOrEqual(300);
});

test('the theme follows the system until chosen; the choice is remembered', async ({ page }) => {
  await setUp(page, 1024, 768, 'light');
  await gotoApp(page);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAttribute('data-theme-choice', 'system');
  expect(await background()).toBe('rgb(250, 250, 250)');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await background()).toBe('rgb(10, 10, 10)');

  await toggle.click(); // -> light, whatever the system says
  await expect(toggle).toHaveAttribute('data-theme-choice', 'light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await background()).toBe('rgb(250, 250, 250)');

  await page.reload();
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-choice', 'light');
  expect(await background()).toBe('rgb(250, 250, 250)');

  await page.getByTestId('theme-toggle').click(); // -> dark
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await background()).toBe('rgb(10, 10, 10)');
  await page.getByTestId('theme-toggle').click(); // -> system again
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  expect(await background()).toBe('rgb(250, 250, 250)');
});
