/**
 * Long text in the messages pane: a 12 MB tool output shows its head and tail (the test failures
 * at its end without expanding), expands into a virtualized scroll box whose last line is
 * reachable by scrolling while the DOM stays small, and copies whole; text over the markdown limit
 * is plain text that says so; tool-call JSON wraps between words at 1024 px.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, gotoApp, loadCore, openWithInput, selectByHash, test } from './helpers';

const OUTPUT_LINES = 150_000;
const LAST_LINE = '======================== 1 failed, 1202 passed in 12.34s =========================';
const FAILED_LINE =
  'FAILED tests/test_cart.py::test_totals_are_rounded - AssertionError: assert 10.499999 == 10.5';

/** A pytest run of about 12 MB: a long middle, the failure and the summary at the end. */
function pytestOutput(): string {
  const lines = [
    '============================= test session starts ==============================',
    'collected 1203 items',
  ];
  for (let i = lines.length; i < OUTPUT_LINES - 4; i++)
    lines.push(`tests/test_module_${i}.py::test_case_${i} PASSED ......................... [ ${i % 100}%]`);
  lines.push(
    'E       AssertionError: assert 10.499999 == 10.5',
    '=========================== short test summary info ============================',
    FAILED_LINE,
    LAST_LINE,
  );
  return lines.join('\n') + '\n';
}

const WIDE_ARGS = JSON.stringify({
  command:
    'grep --recursive --line-number --include=typescript_sources "function formatDuration" components helpers workers everything && echo finished searching through every single directory of the repository without exception',
  description:
    'Searching the repository for the duration formatter definition, then printing a confirmation message',
});

function writeLog(dir: string, output: string, markdown: string): string {
  const call = (seq: number, id: string, args: string) => ({
    type: 'assistant/message',
    seq,
    time: 1000 + seq,
    data: {
      turn: 1,
      step: 1,
      message: { role: 'assistant', content: [{ type: 'tool-call', id, name: 'bash', arguments: args }] },
    },
    surfaceOp: 'append',
    sourceEventSeqs: [],
  });
  const lines = [
    { type: 'session', version: 0, id: 'long-text', createdAt: 1000 },
    { type: 'turn/start', seq: 0, time: 1000, data: { turn: 1 } },
    {
      type: 'user/message',
      seq: 1,
      time: 1001,
      data: { role: 'user', content: [{ type: 'text', text: 'run the tests' }], source: { kind: 'user' } },
      surfaceOp: 'append',
    },
    { type: 'step/start', seq: 2, time: 1002, data: { turn: 1, step: 1 } },
    call(3, 'call_pytest', WIDE_ARGS),
    {
      type: 'tool/call',
      seq: 4,
      time: 1004,
      data: { turn: 1, step: 1, callId: 'call_pytest', name: 'bash', arguments: WIDE_ARGS },
    },
    {
      type: 'tool/result',
      seq: 5,
      time: 1005,
      data: {
        turn: 1,
        step: 1,
        message: {
          role: 'user',
          content: [
            { type: 'tool-result', toolCallId: 'call_pytest', content: [{ type: 'text', text: output }] },
          ],
          source: { kind: 'tool', callId: 'call_pytest' },
        },
      },
      surfaceOp: 'append',
      sourceEventSeqs: [4],
    },
    {
      type: 'assistant/message',
      seq: 6,
      time: 1006,
      data: { turn: 1, step: 2, message: { role: 'assistant', content: [{ type: 'text', text: markdown }] } },
      surfaceOp: 'append',
      sourceEventSeqs: [],
    },
  ];
  const file = path.join(dir, 'long-text.jsonl');
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return file;
}

const output = pytestOutput();
const markdown =
  '## Report\n\n' + '**bold** finding in `module` with [a link](https://example.com)\n'.repeat(30_000);
const file = writeLog(mkdtempSync(path.join(tmpdir(), 'seqscope-long-')), output, markdown);
const core = loadCore(file);

/** Opens the generated log: reading 13 MB takes seconds on a busy machine. */
async function openLog(page: Page): Promise<void> {
  await gotoApp(page);
  await openWithInput(page, file);
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-name', 'long-text.jsonl');
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(status).toHaveAttribute('data-events', String(core.eventCount));
}

test('a 12 MB tool output: head and tail, then every line virtualized, its last line reachable', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  expect(output.length).toBeGreaterThan(10_000_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1600, height: 900 });
  await openLog(page);
  await selectByHash(page, 5);
  const pane = page.getByTestId('messages');
  await expect(pane).toHaveAttribute('data-seq', '5');
  const result = pane.locator('[data-block-type=tool-result]');
  const text = result.getByTestId('plain-text');
  await expect(text).toHaveAttribute('data-lines', String(OUTPUT_LINES));

  // Collapsed: the failure and the summary at the end are on screen without expanding.
  await expect(text.getByText(FAILED_LINE, { exact: true })).toBeVisible();
  const last = text.locator(`[data-testid=text-row][data-line="${OUTPUT_LINES}"]`);
  await expect(last).toContainText(LAST_LINE);
  const elision = text.getByTestId('elision');
  await expect(elision).toHaveText(/^… 149,958 lines hidden \(\d+(\.\d)? MiB\) …$/);
  expect(await text.getByTestId('text-row').count()).toBe(42);

  // Expanded: a scroll box of every line, with only the rows in view in the DOM.
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
  });
  await elision.click();
  await expect(text).toHaveAttribute('data-expanded', 'true');
  const box = text.getByTestId('text-scroll');
  await expect(box).toHaveAttribute('aria-label', 'All 150,000 lines');
  await expect(box.locator('[data-testid=text-row][data-line="1"]')).toBeVisible();
  const rowsInDom = await box.getByTestId('text-row').count();
  expect(rowsInDom).toBeGreaterThan(20);
  expect(rowsInDom).toBeLessThan(150);
  const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  expect(nodes).toBeLessThan(5_000);

  // The keyboard reaches the end: the box takes focus, End scrolls it to the last line.
  await box.focus();
  await page.keyboard.press('End');
  const lastRow = box.locator(`[data-testid=text-row][data-line="${OUTPUT_LINES}"]`);
  await expect(lastRow).toBeVisible();
  await expect(lastRow).toContainText(LAST_LINE);
  expect(await box.getByTestId('text-row').count()).toBeLessThan(150);

  // And the middle, by scrolling: rows from the middle of the output replace the ones at its end.
  await box.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  const shownLines = () =>
    box.getByTestId('text-row').evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-line'))));
  await expect.poll(async () => Math.max(...(await shownLines()))).toBeLessThan(OUTPUT_LINES - 10_000);
  expect(Math.min(...(await shownLines()))).toBeGreaterThan(10_000);
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  if (process.env.SEQSCOPE_PRINT_FIGURES) console.log('long tasks (ms):', JSON.stringify(longTasks));
  test.info().annotations.push({
    type: 'long tasks while expanding and scrolling (ms)',
    description: JSON.stringify(longTasks),
  });

  // Copy takes the whole output, not what is on screen.
  await text.getByRole('button', { name: 'copy' }).click();
  await expect(text.getByTestId('copy-state')).toHaveText('copied');
  const copied = await page.evaluate(async () => {
    const t = await navigator.clipboard.readText();
    return { length: t.length, end: t.slice(-200) };
  });
  expect(copied.length).toBe(output.length);
  expect(copied.end).toBe(output.slice(-200));

  // Collapse returns to head and tail.
  await text.getByRole('button', { name: 'collapse' }).click();
  await expect(text.getByTestId('elision')).toBeVisible();
});

test('text over the markdown limit is plain text and says why', async ({ page }) => {
  test.setTimeout(120_000);
  await openLog(page);
  await selectByHash(page, 6);
  const pane = page.getByTestId('messages');
  await expect(pane).toHaveAttribute('data-seq', '6');
  const block = pane.locator('[data-testid=message][data-source-seq="6"] [data-block-type=text]');
  await expect(block.getByTestId('plain-note')).toHaveText(
    /^shown as plain text: \d+\.\d MiB is over the markdown limit \(97\.7 KiB\)$/,
  );
  await expect(block.locator('strong')).toHaveCount(0);
  await expect(block.getByTestId('text-row').first()).toHaveText(/^1## Report$/);
});

test('tool-call JSON wraps between words at 1024 px, never inside one', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openLog(page);
  await selectByHash(page, 4);
  const pane = page.getByTestId('messages');
  await expect(pane).toHaveAttribute('data-seq', '4');
  const json = pane.locator('[data-block-type=tool-call][data-call-id=call_pytest] pre');
  await expect(json).toContainText('finished searching');
  const r = await json.evaluate((pre) => {
    const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const broken: string[] = [];
    let words = 0;
    const lineTops = new Set<number>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.nodeValue ?? '';
      for (const m of value.matchAll(/[A-Za-z]{4,}/g)) {
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((x) => x.width > 0);
        words++;
        for (const x of rects) lineTops.add(Math.round(x.top));
        if (new Set(rects.map((x) => Math.round(x.top))).size > 1) broken.push(m[0]);
      }
    }
    return { broken, words, lines: lineTops.size, fits: pre.scrollWidth <= pre.clientWidth + 1 };
  });
  expect(r.words).toBeGreaterThan(30);
  // The check means something: the arguments do wrap over several lines at this width.
  expect(r.lines).toBeGreaterThan(4);
  expect(r.broken).toEqual([]);
  expect(r.fits).toBe(true);
});
