/**
 * Deep links and sharing: a local file's link survives a reload
 * (its bytes kept in the origin private file system), opens elsewhere as a
 * "drop this file" page that refuses another file and accepts the right one
 * at the seq; Back/Forward walk the jumps while moves only rewrite the entry;
 * the hash and the view (panel, filters) round-trip without reloading;
 * `?src=` from a CORS server; copy link and exports; and `seqscope open
 * --follow` growing the timeline live, keeping the selection.
 */
import { requestInForceAt, requestJson } from '../src/core/harness/requestInForce';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import {
  SAMPLES_DIR,
  buildCli,
  expect,
  expectLoaded,
  expectMessagesAt,
  gotoApp,
  jsonLine,
  loadCore,
  openWithInput,
  scrollTimelineToTop,
  startOpen,
  test,
  turnLines,
} from './helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO = path.join(ROOT, 'public/samples/demo.jsonl');
const CORDIS = path.join(SAMPLES_DIR, 'dsh/cordis-tool-round.jsonl');
const tmp = () => mkdtempSync(path.join(tmpdir(), 'seqscope-links-'));

const fingerprint = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** The first non-chunk seqs of a log (rows that are visible without unfolding). */
function plainSeqs(file: string, count: number, from = 0): number[] {
  const log = loadCore(file);
  const out: number[] = [];
  for (let seq = from; seq < log.eventCount && out.length < count; seq++)
    if (log.typeOf(seq) !== 'assistant/chunk') out.push(seq);
  return out;
}

/** A page in a fresh context (no storage) that fails the test on uncaught errors. */
async function freshPage(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

async function waitStored(page: Page): Promise<void> {
  await expect(page.getByTestId('stored')).toHaveAttribute('data-state', 'stored');
}

test('a local file: its link names it by fingerprint and survives a reload', async ({ page }) => {
  const bytes = readFileSync(CORDIS);
  const log = loadCore(CORDIS);
  const fp = fingerprint(bytes);
  await gotoApp(page);
  await openWithInput(page, CORDIS);
  await expectLoaded(page, 'cordis-tool-round.jsonl', log.eventCount);
  await waitStored(page);
  const seq = plainSeqs(CORDIS, 4)[3]!;
  await scrollTimelineToTop(page);
  await page.getByTestId('timeline').locator(`[data-seq="${seq}"]`).click();
  await expect(page).toHaveURL(
    new RegExp(`\\?log=${fp}&name=cordis-tool-round\\.jsonl&size=${bytes.length}#seq=${seq}$`),
  );
  // The fingerprint the link names is shown with the session's details.
  await page.getByTestId('session-info-button').click();
  await expect(page.getByTestId('session-fingerprint')).toContainText(fp);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('session-info')).toHaveCount(0);

  await page.reload();
  await expectLoaded(page, 'cordis-tool-round.jsonl', log.eventCount);
  await expectMessagesAt(page, log, seq);
  await expect(page).toHaveURL(new RegExp(`\\?log=${fp}&.*#seq=${seq}$`));

  // The start page shows what is kept, under the cap; clearing it leaves the list.
  await page.getByRole('button', { name: 'Seqscope' }).click();
  const storage = page.getByTestId('storage');
  await expect(storage).toHaveAttribute('data-count', '1');
  await expect(storage).toHaveAttribute('data-used', String(bytes.length));
  await expect(storage.getByLabel('Storage cap')).toHaveValue(String(2 * 1024 ** 3));
  await storage.getByRole('button', { name: 'Clear stored logs' }).click();
  await expect(storage).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('recent')).toContainText('cordis-tool-round.jsonl');

  // Not stored any more: the same link now asks for the file.
  await page.reload();
  await expect(page.getByTestId('landing')).toHaveAttribute('data-state', 'missing');
});

test('a link to a file this browser lacks: the drop page, a wrong file refused, the right one opened at the seq', async ({
  browser,
  baseURL,
}) => {
  const bytes = readFileSync(CORDIS);
  const log = loadCore(CORDIS);
  const fp = fingerprint(bytes);
  const seq = plainSeqs(CORDIS, 6)[5]!;
  const link = `/?log=${fp}&name=cordis-tool-round.jsonl&size=${bytes.length}#seq=${seq}`;
  const { page, errors } = await freshPage(browser, baseURL);
  await page.goto(link);

  const landing = page.getByTestId('landing');
  await expect(landing).toHaveAttribute('data-state', 'missing');
  await expect(page.getByTestId('landing-name')).toHaveText('cordis-tool-round.jsonl');
  await expect(page.getByTestId('landing-size')).toContainText(
    `${bytes.length.toLocaleString('en-US')} bytes`,
  );
  await expect(page.getByTestId('landing-fingerprint')).toContainText(fp);
  await expect(page.getByTestId('landing-event')).toHaveText(`seq ${seq}`);

  // Another size: refused at once, naming both.
  const dir = tmp();
  const other = path.join(dir, 'other.jsonl');
  writeFileSync(other, readFileSync(DEMO));
  await openWithInput(page, other);
  await expect(page.getByTestId('landing-refused')).toContainText(
    'other.jsonl is not the file this link points to',
  );
  // Same size, one byte changed: read, and refused by its fingerprint.
  const forged = Buffer.from(bytes);
  const at = forged.indexOf('"text"') + 10;
  forged[at] = forged[at] === 0x61 ? 0x62 : 0x61;
  const forgedFile = path.join(dir, 'cordis-tool-round.jsonl');
  writeFileSync(forgedFile, forged);
  await openWithInput(page, forgedFile);
  await expect(page.getByTestId('landing-refused')).toContainText(
    `its fingerprint is ${fingerprint(forged)}`,
  );
  await expect(landing).toHaveAttribute('data-state', 'refused');
  // The link's target is kept.
  await expect(page).toHaveURL(
    new RegExp(`\\?log=${fp}&name=cordis-tool-round\\.jsonl&size=${bytes.length}#seq=${seq}$`),
  );

  // The right file (dropped): opened, positioned at the seq.
  const b64 = bytes.toString('base64');
  await page.evaluate((b) => {
    const data = Uint8Array.from(atob(b), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([data], 'renamed-copy.jsonl'));
    for (const type of ['dragenter', 'dragover', 'drop'])
      document.body.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, b64);
  await expectLoaded(page, 'renamed-copy.jsonl', log.eventCount);
  await expect(landing).toHaveCount(0);
  await expectMessagesAt(page, log, seq);
  await expect(page).toHaveURL(
    new RegExp(`\\?log=${fp}&name=renamed-copy\\.jsonl&size=${bytes.length}#seq=${seq}$`),
  );
  await expect(page.getByTestId('timeline').locator(`[data-seq="${seq}"]`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.context().close();
  expect(errors).toEqual([]);
});

test("a link's filter survives picking its file on the landing page", async ({ browser, baseURL }) => {
  const bytes = readFileSync(CORDIS);
  const log = loadCore(CORDIS);
  const fp = fingerprint(bytes);
  const link = `/?log=${fp}&name=cordis-tool-round.jsonl&size=${bytes.length}#q=tool`;
  const { page, errors } = await freshPage(browser, baseURL);
  await page.goto(link);
  await expect(page.getByTestId('landing')).toHaveAttribute('data-state', 'missing');
  await openWithInput(page, CORDIS);
  await expectLoaded(page, 'cordis-tool-round.jsonl', log.eventCount);
  await expect(page.getByRole('searchbox', { name: 'Filter events by text' })).toHaveValue('tool');
  await expect(page.getByTestId('row-count')).toHaveText(/^[\d,]+ match(es)?$/);
  await expect(page).toHaveURL(/#.*q=tool/);
  await page.context().close();
  expect(errors).toEqual([]);
});

test('Back and Forward walk the jumps; keyboard moves rewrite the entry; no reload', async ({ page }) => {
  const log = loadCore(DEMO);
  await gotoApp(page, '/?sample=demo.jsonl#seq=0');
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const [a, b, c] = plainSeqs(DEMO, 3, 1);
  const timeline = page.getByTestId('timeline');
  for (const seq of [a, b, c]) {
    await timeline.locator(`[data-seq="${seq}"]`).click();
    await expect(page).toHaveURL(new RegExp(`#seq=${seq}$`));
  }
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`#seq=${b}$`));
  await expectMessagesAt(page, log, b!);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`#seq=${a}$`));
  await expectMessagesAt(page, log, a!);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`#seq=${b}$`));
  await expectMessagesAt(page, log, b!);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`#seq=${c}$`));

  // j/k only rewrite the current entry: Back still goes to the previous jump.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(page).not.toHaveURL(new RegExp(`#seq=${c}$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`#seq=${b}$`));
  await expectMessagesAt(page, log, b!);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test('the hash carries the view: edited by hand it applies without a reload; bad fields are ignored alone', async ({
  page,
}) => {
  const log = loadCore(DEMO);
  await gotoApp(page, '/?sample=demo.jsonl#seq=3');
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));

  await page.evaluate(() => (location.hash = '#seq=20&panel=diagnostics&q=deploy'));
  await expectMessagesAt(page, log, 20);
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-open', 'true');
  await expect(page.locator('#timeline-filter')).toHaveValue('deploy');
  await expect(page.getByTestId('row-count')).toContainText('match');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);

  // Filters and the panel are written back as they change.
  await page.locator('#timeline-filter').fill('');
  await page.getByRole('button', { name: 'Errors only' }).click();
  await expect(page).toHaveURL(/#seq=20&panel=diagnostics&errors=1$/);

  // A malformed field alone is dropped (and said); the rest applies.
  await page.goto('/?sample=demo.jsonl#seq=abc&panel=diagnostics');
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-open', 'true');
  await expect(page.getByText('Ignored what the link could not use: seq=abc')).toBeVisible();

  // Beyond the log: the last event, with a notice; the reload keeps the clamped seq.
  await page.goto(`/?sample=demo.jsonl#seq=${log.eventCount + 500}`);
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  await expectMessagesAt(page, log, log.eventCount - 1);
  await expect(page.getByText(`seq ${log.eventCount + 500} is beyond this log`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#seq=${log.eventCount - 1}$`));
});

// Chromium fetches the page's icon again on every same-document navigation; an SVG icon is decoded
// by building a document for it (~2 ms of the main thread per seek, issue 9). The icon is a PNG:
// a seek by link builds no document.
test('a seek by #seq= link builds no document besides the page (the icon is decoded without one)', async ({
  page,
}) => {
  const log = loadCore(DEMO);
  await gotoApp(page, '/?sample=demo.jsonl#seq=3');
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const documents = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'Documents')?.value ?? NaN;
  // Documents already gone (the start's icon decodes among them) are collected first.
  await cdp.send('HeapProfiler.collectGarbage');
  const before = await documents();
  for (const seq of [20, 40, 60, 80, 100]) {
    await page.evaluate((s) => (location.hash = `#seq=${s}`), seq);
    await expectMessagesAt(page, log, seq);
  }
  // The icon's fetch follows the navigation: give it time to be decoded.
  await page.waitForTimeout(300);
  expect(await documents()).toBeLessThanOrEqual(before);
});

test('?src= loads from a CORS server; reload and copied links reload from there', async ({ page }) => {
  const bytes = readFileSync(CORDIS);
  const log = loadCore(CORDIS);
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/logs/cordis.jsonl')) {
      res.writeHead(200, {
        'Content-Type': 'application/x-ndjson',
        'Access-Control-Allow-Origin': '*',
        'Content-Length': bytes.length,
      });
      res.end(bytes);
    } else {
      res.writeHead(404, { 'Access-Control-Allow-Origin': '*' });
      res.end();
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  try {
    const src = `http://127.0.0.1:${(server.address() as AddressInfo).port}/logs/cordis.jsonl`;
    const seq = plainSeqs(CORDIS, 5)[4]!;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/?src=${encodeURIComponent(src)}#seq=${seq}`);
    await expectLoaded(page, 'cordis.jsonl', log.eventCount);
    await expectMessagesAt(page, log, seq);
    await page.reload();
    await expectLoaded(page, 'cordis.jsonl', log.eventCount);
    await expectMessagesAt(page, log, seq);

    // `c` copies the current position's full URL.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('c');
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText(`Link to seq ${seq} copied`);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${new URL(page.url()).origin}/?src=${encodeURIComponent(src)}#seq=${seq}`);
    await expect(toast).toHaveAttribute('data-link', copied);
  } finally {
    server.close();
  }
});

test('a stored local file opened again from a URL stays stored: counted on the start page, its ?log= link still opens', async ({
  page,
}) => {
  const bytes = readFileSync(CORDIS);
  const log = loadCore(CORDIS);
  const fp = fingerprint(bytes);
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Length': bytes.length });
    res.end(bytes);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  try {
    await gotoApp(page);
    await openWithInput(page, CORDIS);
    await expectLoaded(page, 'cordis-tool-round.jsonl', log.eventCount);
    await waitStored(page);
    const src = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cordis-tool-round.jsonl`;
    await page.goto(`/?src=${encodeURIComponent(src)}`);
    await expectLoaded(page, 'cordis-tool-round.jsonl', log.eventCount);
    await page.getByRole('button', { name: 'Seqscope' }).click();
    const storage = page.getByTestId('storage');
    await expect(storage).toHaveAttribute('data-count', '1');
    await expect(storage).toHaveAttribute('data-used', String(bytes.length));
    const seq = plainSeqs(CORDIS, 3)[2]!;
    await page.goto(`/?log=${fp}&name=cordis-tool-round.jsonl&size=${bytes.length}#seq=${seq}`);
    await expectLoaded(page, 'cordis-tool-round.jsonl', log.eventCount);
    await expectMessagesAt(page, log, seq);
  } finally {
    server.close();
  }
});

test('copy link on a row, a message and a diagnostic; `c` is listed in the help', async ({ page }) => {
  const log = loadCore(DEMO);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoApp(page, '/?sample=demo.jsonl#seq=5');
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  const origin = new URL(page.url()).origin;
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  // A row's hover action: the link to that row, the selection unchanged.
  const row = page.getByTestId('timeline').locator('[data-seq="2"]');
  await row.hover();
  await row.getByTestId('copy-link').click();
  await expect.poll(clipboard).toBe(`${origin}/?sample=demo.jsonl#seq=2`);
  await expect(page).toHaveURL(/#seq=5$/);

  // A message: the link to the event it came from.
  const message = page.getByTestId('messages').locator('[data-testid=message]').first();
  const messageSeq = await message.getAttribute('data-source-seq');
  await message.hover();
  await page.getByTestId('messages').locator(`[data-link-seq="${messageSeq}"]`).first().click();
  await expect.poll(clipboard).toBe(`${origin}/?sample=demo.jsonl#seq=${messageSeq}`);

  // A diagnostic: the link opens the panel on its code.
  const d = log.diagnostics.items.find((x) => x.seq !== undefined)!;
  await page.getByTestId('diagnostics').locator(`[data-code="${d.code}"]`).click();
  const item = page
    .getByTestId('diagnostics')
    .getByRole('button', { name: `seq ${d.seq}`, exact: true })
    .first();
  await item.hover();
  await page
    .getByRole('button', { name: `Copy link to diagnostic at seq ${d.seq}` })
    .first()
    .click();
  await expect
    .poll(clipboard)
    .toBe(`${origin}/?sample=demo.jsonl#seq=${d.seq}&panel=diagnostics&diag=${d.code}`);

  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcuts')).toContainText('copy a link to the selected event');
});

test('export: the messages at the seq as JSON (all of them) and the transcript as Markdown', async ({
  page,
}) => {
  const log = loadCore(DEMO);
  const seq = log.eventCount - 1;
  await gotoApp(page, `/?sample=demo.jsonl#seq=${seq}`);
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  await expectMessagesAt(page, log, seq);

  await page.getByTestId('export-menu-button').click();
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  expect(json.suggestedFilename()).toBe(`demo.seq-${seq}.messages.json`);
  // The shape of `seqscope derive --at SEQ --with-request`: the messages and the request in force.
  const exported = JSON.parse(readFileSync(await json.path(), 'utf8')) as unknown[];
  const request = requestInForceAt(log, seq);
  expect(exported).toEqual([
    {
      seq,
      messages: log.messagesAt(seq).messages.map((m) => m.message),
      request: request === null ? null : requestJson(request),
    },
  ]);

  await page.getByTestId('export-menu-button').click();
  const [md] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-markdown').click(),
  ]);
  expect(md.suggestedFilename()).toBe(`demo.seq-${seq}.transcript.md`);
  const text = readFileSync(await md.path(), 'utf8');
  expect(text).toContain(`# demo.jsonl: transcript up to seq ${seq}`);
  // The human transcript (spec 4.3): every appended message up to seq, also those a compaction
  // replaced, plus each replacement (marked): more entries than the derived history.
  let count = 0;
  for (let s = 0; s <= seq; s++) {
    const ev = log.event(s);
    if (!['user/message', 'assistant/message', 'tool/result'].includes(ev.type) || ev.invalid) continue;
    const content = (ev.data as { message?: { content?: unknown[] } }).message?.content;
    if (ev.type === 'assistant/message' && content?.length === 0 && typeof ev.surfaceOp !== 'object')
      continue;
    count++;
  }
  expect(count).toBeGreaterThan(log.messagesAt(seq).count);
  expect(text).toContain('> [compaction replaced seqs 1..90 with:]');
  expect(text).toContain(`## ${count}. `);
  expect(text).not.toContain(`## ${count + 1}. `);
});

// ---------------------------------------------------------------- seqscope open --follow

test.describe('seqscope open --follow', () => {
  test.beforeAll(buildCli);

  test('appended lines grow the timeline live, the selection stays; a rewrite reloads with a notice', async ({
    page,
  }) => {
    const file = path.join(tmp(), 'live.jsonl');
    writeFileSync(file, jsonLine({ type: 'session', version: 0, id: 'follow' }) + turnLines(1, 0, 'first'));
    const { child, link } = await startOpen(file);
    try {
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?src=.*live\.jsonl&follow=1$/);
      await page.goto(link);
      await expectLoaded(page, 'live.jsonl', 3);
      await expect(page.getByTestId('follow')).toHaveAttribute('data-state', 'live');
      const timeline = page.getByTestId('timeline');
      await timeline.locator('[data-seq="1"]').click();
      await expect(page).toHaveURL(/&follow=1#seq=1$/);

      // A turn appended in two writes, the first ending mid-line.
      const more = turnLines(2, 3, 'second');
      appendFileSync(file, more.slice(0, more.length - 40));
      await expect(timeline.locator('[data-seq="4"]')).toBeAttached();
      appendFileSync(file, more.slice(more.length - 40));
      await expect(page.getByTestId('status')).toHaveAttribute('data-events', '6');
      await expect(timeline.locator('[data-seq="5"]')).toBeAttached();
      await expect(page.getByTestId('follow')).toContainText('+3');
      // The selection stays where the user put it.
      await expect(timeline.locator('[data-seq="1"]')).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/#seq=1$/);
      await expectMessagesAt(page, loadCore(readFileSync(file)), 1);

      // Rewritten (truncated) under the app: reloaded, with a notice.
      writeFileSync(
        file,
        jsonLine({ type: 'session', version: 0, id: 'follow-2' }) + turnLines(1, 0, 'again'),
      );
      await expect(page.getByText('The log was rewritten; reloaded')).toBeVisible({ timeout: 10_000 });
      await expect(page.getByTestId('status')).toHaveAttribute('data-events', '3');
      await expectMessagesAt(page, loadCore(readFileSync(file)), 1);
      await expect(page.getByTestId('follow')).toHaveAttribute('data-state', 'live');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
