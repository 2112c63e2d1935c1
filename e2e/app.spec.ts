/**
 * The app's own behaviour: the default sample, deep links (`?src=`,
 * `#seq=`), keyboard, filters, diagnostics of a malformed file, the
 * recent list, and surviving a dead worker.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  SAMPLES_DIR,
  expect,
  expectLoaded,
  expectMessagesAt,
  gotoApp,
  loadCore,
  openWithInput,
  selectByHash,
  test,
} from './helpers';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'seqscope-e2e-'));

const DEMO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../public/samples/demo.jsonl');

test('opens the bundled demo by default and selects its last event', async ({ page }) => {
  const log = loadCore(DEMO);
  await gotoApp(page);
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  await expect(page).toHaveURL(new RegExp(`#seq=${log.eventCount - 1}$`));
  await expectMessagesAt(page, log, log.eventCount - 1);
  await expect(page.getByTestId('diagnostics')).toBeAttached();
});

test('#seq= in the first URL selects that event; editing the hash selects again', async ({ page }) => {
  const log = loadCore(DEMO);
  await gotoApp(page, '/#seq=42');
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  await expectMessagesAt(page, log, 42);
  await selectByHash(page, 153); // the compaction replace
  await expectMessagesAt(page, log, 153);
  const replaced = page.getByTestId('replaced');
  await expect(replaced).toHaveAttribute('data-replace-seq', '153');
  await replaced.getByRole('button', { name: 'Show hidden originals' }).click();
  await expect(replaced.getByTestId('hidden-original')).toHaveCount(
    log.replacesUpTo(153).at(-1)!.hidden.length,
  );
  // The originals are not derived messages: the count is unchanged.
  await expectMessagesAt(page, log, 153);
});

test('a streamed step shows its partial message as raw text', async ({ page }) => {
  await gotoApp(page, '/#seq=5');
  // Seq 5..: reasoning deltas of step 1.1 (the demo's first stream).
  await selectByHash(page, 12);
  const streaming = page.getByTestId('streaming');
  await expect(streaming).toHaveAttribute('data-seq', '12');
  const log = loadCore(DEMO);
  const s = log.streamAt(12)!;
  expect(await streaming.evaluate((e) => e.textContent)).toBe(
    s.blocks.map((b) => (b as { text?: string }).text ?? '').join(''),
  );
});

test('?src= loads a log from a URL; a failing URL is named in the error', async ({ page }) => {
  const log = loadCore(DEMO);
  await page.goto('/?src=/samples/demo.jsonl#seq=7');
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  await expectMessagesAt(page, log, 7);

  const bad = 'http://127.0.0.1:9/nowhere.jsonl';
  await page.goto(`/?src=${encodeURIComponent(bad)}`);
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'error');
  await expect(page.getByTestId('error')).toContainText(bad);
  await expect(page.getByRole('button', { name: 'Retry', exact: true })).toBeVisible();
});

test('a link to a web page or to an unknown sample is refused with a clear message, not parsed', async ({
  page,
}) => {
  // vite preview answers any path with the app's index.html: a wrong link must not become 18 bad-json errors.
  await page.goto(`/?src=${encodeURIComponent(`${test.info().project.use.baseURL}/not-a-log`)}`);
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'error');
  await expect(page.getByTestId('error')).toContainText('returned a web page (text/html), not a session log');
  await expect(page.getByRole('button', { name: 'Retry', exact: true })).toHaveCount(0); // refused: no Retry

  await page.goto('/?sample=nope');
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'error');
  await expect(page.getByTestId('error')).toContainText('There is no bundled sample named "nope"');
  await expect(page.getByTestId('error')).toContainText('demo.jsonl');
  // asking again names the same missing sample: another log, not a Retry (audit R12-L3)
  await expect(page.getByTestId('error').getByRole('button', { name: 'Open another log' })).toBeVisible();
  await expect(page.getByTestId('error').getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

test('a bundled sample named without its extension (a unique prefix) opens under its whole name', async ({
  page,
}) => {
  await page.goto('/?sample=demo#seq=5');
  // (The worker's start-up on a busy machine can pass the default 5 s: gotoApp's wait.)
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expectLoaded(page, 'demo.jsonl', loadCore(DEMO).eventCount);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-seq', '5');
  // The URL names it whole, as every link to it does.
  await expect(page).toHaveURL(/\?sample=demo\.jsonl#seq=5$/);
});

test('keyboard: j/k, Home/End, Shift+Down to the next turn, n to the next step, ? for help', async ({
  page,
}) => {
  const log = loadCore(DEMO);
  await gotoApp(page, '/#seq=0');
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  await expect(page.getByTestId('messages')).toHaveAttribute('data-seq', '0');
  await page.keyboard.press('j');
  await expect(page).toHaveURL(/#seq=1$/);
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/#seq=2$/);
  await page.keyboard.press('k');
  await expect(page).toHaveURL(/#seq=1$/);
  await page.keyboard.press('End');
  await expect(page).toHaveURL(new RegExp(`#seq=${log.eventCount - 1}$`));
  await page.keyboard.press('Home');
  await expect(page).toHaveURL(/#seq=0$/);
  const turns = log.structure.turns;
  await page.keyboard.press('Shift+ArrowDown');
  await expect(page).toHaveURL(new RegExp(`#seq=${turns[1]!.startSeq}$`));
  await page.keyboard.press('n');
  const nextStep = log.structure.steps.find((s) => s.startSeq > turns[1]!.startSeq)!;
  await expect(page).toHaveURL(new RegExp(`#seq=${nextStep.startSeq}$`));
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcuts')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('shortcuts')).toBeHidden();
  // `/` searches every event (the why panel, e2e/why.spec.ts).
  await page.keyboard.press('/');
  await expect(page.getByLabel('search every event')).toBeFocused();
});

test('filters: text, errors only, and folding turns', async ({ page }) => {
  const log = loadCore(DEMO);
  await gotoApp(page);
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  const timeline = page.getByTestId('timeline');
  await page.locator('#timeline-filter').fill('deploy.sh');
  await expect(page.getByTestId('row-count')).toContainText('match');
  const seqs = await timeline
    .locator('[data-seq]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
  expect(seqs.length).toBeGreaterThan(0);
  for (const s of seqs) expect(log.rawLine(s).toLowerCase()).toContain('deploy.sh');
  await page.locator('#timeline-filter').fill('');
  await page.getByRole('button', { name: 'Errors only' }).click();
  const errorToolResult = log.structure.toolCalls.find((c) => c.isError)!.resultSeq!;
  await expect(timeline.locator(`[data-seq="${errorToolResult}"]`)).toBeVisible();
  await page.getByRole('button', { name: 'Errors only' }).click();
  await page.getByRole('button', { name: 'Turns', exact: true }).click();
  await expect(timeline.locator('[data-kind=turn]')).toHaveCount(log.structure.turns.length);
  await expect(page.getByTestId('row-count')).toHaveText(`${log.structure.turns.length} rows`);
});

test("a message's link to the selected event shows it again after Turns folded it away", async ({ page }) => {
  const log = loadCore(DEMO);
  const turn = log.structure.turns[1]!;
  let seq = turn.startSeq;
  while (log.typeOf(seq) !== 'user/message') seq++;
  await gotoApp(page, `/#seq=${seq}`);
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  const timeline = page.getByTestId('timeline');
  await expect(timeline.locator(`[role=row][aria-selected=true]`)).toHaveAttribute('data-seq', String(seq));
  await page.getByRole('button', { name: 'Turns', exact: true }).click();
  await expect(timeline.locator(`[data-seq="${seq}"]`)).toHaveCount(0);
  // The selected message's own link (review 42, L1: it did nothing).
  await page
    .getByTestId('messages')
    .getByTestId('seq-link')
    .filter({ hasText: `seq ${seq}` })
    .last()
    .click();
  await expect(timeline.locator(`[role=row][aria-selected=true]`)).toHaveAttribute('data-seq', String(seq));
  await expect(timeline.locator(`[data-seq="${seq}"]`)).toBeInViewport();
});

test('a malformed file shows its diagnostics and its valid events', async ({ page }) => {
  const lines = [
    '{"type":"session","version":0,"id":"broken"}',
    '{"type":"turn/start","seq":0,"time":1000,"data":{"turn":1}}',
    '{"type":"user/message","seq":1,"time":1001,"data":{"role":"user","content":[{"type":"text","text":"hello"}]},"surfaceOp":"append"}',
    'this line is not JSON',
    '{"type":"mystery/event","seq":2,"time":1002,"data":{}}',
    '{"type":"user/message","seq":9,"time":999,"data":{"role":"user","content":[{"type":"text","text":"again"}]},"surfaceOp":"append"}',
    '{"type":"turn/end","seq":4,"time":1003,"data":{"turn":1,"reason":{"kind":"completed"}}}',
    '{"type":"turn/sta',
  ];
  const file = path.join(tmp(), 'broken.jsonl');
  writeFileSync(file, lines.join('\n'));
  const log = loadCore(file);
  expect(log.diagnostics.items.length).toBeGreaterThan(0);

  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, 'broken.jsonl', log.eventCount);
  const counts = new Map<string, number>();
  for (const d of log.diagnostics.items) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  const panel = page.getByTestId('diagnostics');
  for (const [code, count] of counts)
    await expect(panel.locator(`[data-code="${code}"]`)).toHaveAttribute('data-count', String(count));
  await expect(panel.locator('[data-code]')).toHaveCount(counts.size);
  const timeline = page.getByTestId('timeline');
  for (let seq = 0; seq < log.eventCount; seq++)
    await expect(timeline.locator(`[data-seq="${seq}"]`)).toBeAttached();
  await expectMessagesAt(page, log, log.eventCount - 1);
  // A diagnostic jumps to its seq.
  const withSeq = log.diagnostics.items.find((d) => d.seq !== undefined)!;
  await panel.locator(`[data-code="${withSeq.code}"]`).click();
  await panel
    .getByRole('button', { name: `seq ${withSeq.seq}` })
    .first()
    .click();
  // The hash carries the open panel after the position (deep links).
  await expect(page).toHaveURL(new RegExp(`#seq=${withSeq.seq}&panel=diagnostics&diag=${withSeq.code}$`));
});

test('pasted text opens, and the log is listed as recent (removable)', async ({ page }) => {
  await gotoApp(page);
  await page.getByRole('button', { name: 'Seqscope' }).click();
  await page
    .getByLabel('Paste JSONL')
    .fill(
      '{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}\n{"type":"turn/end","seq":1,"time":2,"data":{"turn":1,"reason":{"kind":"completed"}}}\n',
    );
  await page.getByRole('button', { name: 'Open pasted text' }).click();
  await expectLoaded(page, 'pasted text', 2);
  await page.getByRole('button', { name: 'Seqscope' }).click();
  const recent = page.getByTestId('recent');
  await expect(recent).toContainText('pasted text');
  await expect(recent).toContainText('demo.jsonl');
  await recent.getByRole('button', { name: 'Forget pasted text' }).click();
  await expect(recent).not.toContainText('pasted text');
});

test('a dead worker is reported with Retry, which reloads the log', async ({ page }) => {
  const log = loadCore(DEMO);
  await gotoApp(page);
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  await page.evaluate(() =>
    (window as unknown as { __seqscope: { killWorker: () => void } }).__seqscope.killWorker(),
  );
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'error');
  await expect(page.getByTestId('error')).toContainText('worker');
  await page.getByRole('button', { name: 'Retry', exact: true }).click();
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
});

test('a gzip file is detected by its bytes, whatever its name', async ({ page }) => {
  const file = path.join(tmp(), 'card.log');
  writeFileSync(file, gzipSync(readFileSync(path.join(SAMPLES_DIR, 'design-card-example.jsonl'))));
  const log = loadCore(file);
  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, 'card.log', log.eventCount);
  await selectByHash(page, 7);
  await expectMessagesAt(page, log, 7);
});

test('a big file shows progress and its first rows early; Cancel stops it', async ({ page }) => {
  // ~100 MB: the demo's events repeated, seqs stripped (assigned by position).
  const events = readFileSync(
    path.resolve(path.dirname(new URL(import.meta.url).pathname), '../public/samples/demo.jsonl'),
    'utf8',
  )
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((l) => l.replace(/"seq":\d+,/, ''))
    .join('\n');
  const file = path.join(tmp(), 'big.jsonl');
  writeFileSync(file, `${Array(2500).fill(events).join('\n')}\n`);
  await gotoApp(page);
  await openWithInput(page, file);
  await expect(page.getByTestId('progress')).toBeVisible();
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'loading');
  await expect(page.getByTestId('timeline').locator('[data-seq="0"]')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'idle');
  await expect(page.getByTestId('start-page')).toBeVisible();
});
