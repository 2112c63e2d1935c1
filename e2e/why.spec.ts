/** The "why" panel: search stepping through folded rows, the input diff, two runs compared, the charts. */
import type { Page } from '@playwright/test';
import path from 'node:path';
import { compileQuery } from '../src/core/search/query';
import { EventSearch } from '../src/core/search/search';
import { compareProfiles, runProfile } from '../src/core/diff/runs';
import { stepMetrics } from '../src/core/metrics/steps';
import {
  SAMPLES_DIR,
  expect,
  expectLoaded,
  expectMessagesAt,
  gotoApp,
  loadCore,
  openWithInput,
  test,
} from './helpers';
import { auditLayout } from './layoutAudit';

const INSTRUCTIONS = path.join(SAMPLES_DIR, 'dsh/agent-instructions.jsonl');
const STEERING = path.join(SAMPLES_DIR, 'dsh/steering.jsonl');
const STREAM = path.join(SAMPLES_DIR, 'dsh/compaction-recovery.stream.jsonl');

async function open(page: Page, file: string) {
  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, path.basename(file), loadCore(file).eventCount);
}

test('/ searches every event; Enter and Shift+Enter step through hits, revealing folded chunk rows', async ({
  page,
}) => {
  const log = loadCore(STREAM);
  // A word streamed in chunks (folded into runs on the timeline): the core says which events hold it.
  const chunkSeq = Array.from({ length: log.eventCount }, (_, s) => s).find((s) => {
    const d = log.event(s).data as { chunk?: { type?: string; text?: string } };
    return d.chunk?.type === 'text-delta' && /\w{5,}/.test(d.chunk.text ?? '');
  });
  expect(chunkSeq).toBeDefined();
  const word =
    /\w{5,}/.exec((log.event(chunkSeq as number).data as { chunk: { text: string } }).chunk.text)?.[0] ?? '';
  const q = compileQuery({ query: word });
  if (!q.ok) throw new Error(q.error);
  const expected = new EventSearch(log, q).all().map((h) => h.seq);
  expect(expected.length).toBeGreaterThan(0);

  await open(page, STREAM);
  await page.keyboard.press('/');
  const input = page.getByLabel('search every event');
  await expect(input).toBeFocused();
  await input.fill(word);
  await expect(page.getByTestId('search-count')).toHaveText(
    `${expected.length} event${expected.length === 1 ? '' : 's'} match`,
  );
  // The list is virtualized: it lists every hit, and draws those in view.
  await expect(page.getByTestId('search-results')).toHaveAttribute('data-hits', String(expected.length));
  await expect(page.getByTestId('search-results').locator(`button[data-seq="${expected[0]}"]`)).toBeVisible();

  await input.press('Enter');
  const firstRow = page.locator(`[data-seq="${expected[0]}"][aria-selected="true"]`).first();
  await expect(firstRow).toBeVisible();
  if (expected.length > 1) {
    await input.press('Enter');
    await expect(page.locator(`[data-seq="${expected[1]}"][aria-selected="true"]`).first()).toBeVisible();
    await input.press('Shift+Enter');
    await expect(firstRow).toBeVisible();
  }
  await input.press('Shift+Enter');
  await expect(page.locator(`[data-seq="${expected.at(-1)}"][aria-selected="true"]`).first()).toBeVisible();

  // Every hit is a tick on the scrubber, in its own lane; a press on one selects its event.
  const scrubber = page.getByTestId('scrubber');
  await expect(scrubber).toHaveAttribute('data-axis', 'seq');
  const box = await scrubber.boundingBox();
  if (!box) throw new Error('no scrubber');
  const w = Math.round(box.width);
  const pxOf = (seq: number) => Math.floor(((seq + 0.5) / log.eventCount) * w);
  const columns = new Map<number, number>();
  for (const seq of expected) if (!columns.has(pxOf(seq))) columns.set(pxOf(seq), seq);
  await expect(scrubber).toHaveAttribute('data-search-ticks', String(columns.size));
  const target = expected.at(-1) as number;
  await page.mouse.click(box.x + pxOf(target) + 1, box.y + box.height - 3);
  await expect(scrubber).toHaveAttribute('aria-valuenow', String(columns.get(pxOf(target))));
  await expect(page.getByTestId('search-tick-legend')).toContainText('hits on the scrubber');

  await page.getByLabel('regex').check();
  await input.fill('(');
  await expect(page.getByTestId('search-error')).toHaveText('bad regular expression: missing closing ): `(`');
});

test('a regex that backtracks for ever natively runs on the linear-time engine; a lookahead is refused by name (issue 14)', async ({
  page,
}) => {
  const hostile = '(\\w+\\s?)+compaction';
  const q = compileQuery({ query: hostile, regex: true });
  if (!q.ok) throw new Error(q.error);
  const count = new EventSearch(loadCore(STREAM), q).all().length;
  expect(count).toBeGreaterThan(1);
  await open(page, STREAM);
  await page.keyboard.press('/');
  const input = page.getByLabel('search every event');
  await page.getByLabel('regex').check();
  await input.fill('compaction(?=x)');
  await expect(page.getByTestId('search-error')).toHaveText(
    'this pattern uses a lookahead, which the linear-time engine does not support',
  );
  await input.fill(hostile);
  await expect(page.getByTestId('search-error')).toHaveCount(0);
  await expect(page.getByTestId('search-count')).toHaveText(`${count} events match`);
});

test('compare with...: the input at two seqs of the sample with a replace, side by side', async ({
  page,
}) => {
  await open(page, INSTRUCTIONS);
  await page.getByRole('button', { name: 'Input diff' }).click();
  await page.getByLabel('compare from seq').fill('10');
  await page.getByLabel('compare to seq').fill('20');
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(page.getByTestId('input-diff-summary')).toHaveText('1 removed, 3 added, 1 changed');
  const changed = page.locator('[data-testid=input-diff] [data-kind="changed"]');
  await expect(changed).toHaveCount(1);
  await expect(changed.locator('del').first()).toBeVisible();
  await expect(changed.locator('ins').first()).toBeVisible();
  await expect(page.getByTestId('request-diff')).toContainText('unchanged');
});

test("what changed in this call's input: the previous call's input against this one", async ({ page }) => {
  await open(page, INSTRUCTIONS);
  await page.evaluate(() => (location.hash = '#seq=30'));
  await page.getByRole('button', { name: 'Input diff' }).click();
  await page.getByRole('button', { name: "What changed in this call's input" }).click();
  await expect(page.getByTestId('input-diff')).toContainText('call 2 of 3');
  await expect(page.locator('[data-testid=input-diff] [data-kind="changed"]')).toHaveCount(1);
});

test("every step row has a one-click 'what changed in this call's input'", async ({ page }) => {
  const log = loadCore(INSTRUCTIONS);
  const step = log.structure.steps[1];
  if (!step) throw new Error('the sample has a second step');
  await open(page, INSTRUCTIONS);
  const row = page.locator(`[data-kind="step"][data-seq="${step.startSeq}"]`);
  await row.hover();
  await row.getByTestId('step-input-diff').click();
  await expect(page.getByTestId('why-panel')).toBeVisible();
  await expect(page.getByTestId('input-diff')).toContainText('call 2 of 3');
  await expect(page.locator('[data-testid=input-diff] [data-kind="changed"]')).toHaveCount(1);
});

test('two runs compared: steps side by side and the first input divergence', async ({ page }) => {
  await open(page, INSTRUCTIONS);
  await page.getByRole('button', { name: 'Compare runs' }).click();
  await page.getByLabel('second log').setInputFiles(STEERING);
  await expect(page.getByTestId('run-divergence')).toContainText('turn 1 step 1: message 1 differs');
  await expect(page.getByTestId('run-compare').locator('tbody tr')).toHaveCount(3);
  await expect(page.locator('tr[data-diverges="true"]')).toHaveCount(1);

  // "in both": this run selects the divergent step's input, run B shows its messages there.
  const a = loadCore(INSTRUCTIONS);
  const b = loadCore(STEERING);
  const d = compareProfiles(runProfile(a), runProfile(b)).firstDivergence;
  const aSeq = d?.a?.inputSeq;
  const bSeq = d?.b?.inputSeq;
  if (aSeq == null || bSeq == null) throw new Error('both runs have the divergent step');
  await page.getByTestId('jump-both').click();
  await expect(page.getByTestId('scrubber')).toHaveAttribute('aria-valuenow', String(aSeq));
  await expectMessagesAt(page, a, aSeq);
  const paneB = page.getByTestId('run-b-messages');
  await expect(paneB).toHaveAttribute('data-seq', String(bSeq));
  const wantB = b.messagesAt(bSeq).messages;
  await expect(paneB).toHaveAttribute('data-count', String(wantB.length));
  await expect(paneB.getByTestId('message')).toHaveCount(Math.min(60, wantB.length));
  expect(
    await paneB.getByTestId('message').evaluateAll((els) => els.map((e) => Number(e.dataset.sourceSeq))),
  ).toEqual(wantB.slice(-60).map((m) => m.seq));

  // A step row jumps both runs to that step's input.
  const seqOf = (m: { inputSeq: number | null; startSeq: number }) => m.inputSeq ?? m.startSeq;
  const third = compareProfiles(runProfile(a), runProfile(b)).steps.find(
    (st) => st.a && st.b && seqOf(st.b) !== bSeq,
  );
  if (!third?.b) throw new Error('another step in both runs');
  const bThird = seqOf(third.b);
  await page
    .getByTestId('run-compare')
    .getByRole('button', { name: `${third?.turn}.${third?.step}` })
    .click();
  await expect(paneB).toHaveAttribute('data-seq', String(bThird));
});

test("the bar's buttons open the panel with the focus in it: typed text goes to the search box, no shortcut runs", async ({
  page,
}) => {
  await gotoApp(page, '/#seq=150');
  await page.getByRole('button', { name: 'Search (/)' }).click();
  const box = page.getByLabel('search every event');
  await expect(box).toBeFocused();
  // "deploy" is also d, e, p, l, o, y: with the focus on the page, e would jump to the next error.
  await page.keyboard.type('deploy');
  await expect(box).toHaveValue('deploy');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-seq', '150');
  await expect(page).toHaveURL(/#seq=150$/);
  // Another tab from the bar: the focus is on that tab, inside the panel.
  await page.getByRole('button', { name: 'close the why panel' }).click();
  await page.getByRole('button', { name: 'Charts', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Charts' })).toBeFocused();
});

test('Compare runs says what it does and offers run B in one click: a recent log or a sample', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  // The demo, then two logs from disk: the open one (A) is steering; the others are recent.
  await open(page, INSTRUCTIONS);
  await expect(page.getByTestId('stored')).toBeVisible();
  await openWithInput(page, STEERING);
  await expectLoaded(page, 'steering.jsonl', loadCore(STEERING).eventCount);
  await page.getByRole('button', { name: 'Compare runs' }).click();
  const intro = page.getByTestId('compare-intro');
  await expect(intro).toContainText("the first step where the model's input differs is marked");
  // The explanation and the choices side by side, each whole: the tab's room is used.
  const para = (await intro.locator('p').boundingBox())!;
  const pick = (await intro.locator('label').boundingBox())!;
  expect(pick.x).toBeGreaterThan(para.x + para.width);
  expect(Math.abs(pick.y - para.y)).toBeLessThanOrEqual(4);
  expect(
    await auditLayout(page, {
      required: [
        '[data-testid=compare-intro] p',
        '[data-testid=compare-intro] button',
        '[data-testid=compare-intro] label',
      ],
    }),
  ).toEqual([]);
  // The recently opened logs but the open one, newest first.
  const recent = page.getByTestId('compare-recent');
  await expect(recent).toHaveText(['agent-instructions.jsonl', 'demo.jsonl']);
  await recent.first().click();
  await expect(page.getByTestId('run-divergence')).toContainText('turn 1 step 1: message 1 differs');
  const rows = page.getByTestId('run-compare').locator('tbody tr');
  await expect(rows).toHaveCount(
    compareProfiles(runProfile(loadCore(STEERING)), runProfile(loadCore(INSTRUCTIONS))).steps.length,
  );
  await expect(page.getByTestId('why-panel')).toContainText('B: agent-instructions.jsonl');
  // With a comparison on screen the choices take one line; a sample is run B in one click too.
  await expect(intro).toBeHidden();
  await page.getByRole('group', { name: 'Samples' }).getByRole('button', { name: 'Demo session' }).click();
  await expect(page.getByTestId('why-panel')).toContainText('B: demo.jsonl');
  const demo = loadCore(path.resolve(import.meta.dirname, '../public/samples/demo.jsonl'));
  await expect(rows).toHaveCount(
    compareProfiles(runProfile(loadCore(STEERING)), runProfile(demo)).steps.length,
  );
});

test('charts: one point per step, following the selection; a click selects a step', async ({ page }) => {
  const log = loadCore(STEERING);
  const steps = stepMetrics(log);
  await open(page, STEERING);
  await page.getByRole('button', { name: 'Charts' }).click();
  for (const id of ['chart-tokens', 'chart-cumulative', 'chart-context', 'chart-time'])
    await expect(page.getByTestId(id)).toHaveAttribute('data-points', String(steps.length));
  await page.evaluate((s) => (location.hash = `#seq=${s}`), steps[0]?.startSeq ?? 0);
  await expect(page.getByTestId('chart-tokens')).toHaveAttribute('data-selected', '0');
  await expect(page.getByTestId('tools-table')).toBeVisible();
  await expect(page.getByTestId('cost-panel')).toContainText('Cost:');
});
