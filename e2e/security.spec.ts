/**
 * The second audit, in the browser:
 * - XSS through the other agents' formats: a real Claude Code, Codex CLI, pi and Inspect AI log
 *   with markup, an event-handler payload and a `javascript:` markdown link appended to every
 *   string value (discriminators and timestamps aside), opened and walked event by event: the
 *   payloads are on screen as text, nothing becomes markup, nothing runs.
 * - `?src=` schemes: javascript:, data:, blob:, file:, ftp:, `//host`, `/\host`, credentials:
 *   refused with a notice that names the field, no request leaves for the other host; open by
 *   URL says why. Redirects: to data: or file: fail with a message, to another origin load only
 *   when that origin allows it (CORS), like any `?src=`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { SAMPLES_DIR, expect, gotoApp, loadCore, openWithInput, startServe, test } from './helpers';

const PAYLOAD =
  ' <img src=x onerror="window.__xss=1"><svg onload="window.__xss=2"></svg>[click](javascript:window.__xss=3) <iframe src="javascript:window.__xss=4"></iframe>';
/** Fields whose value the importers match on (their shapes' tags): left as they are. */
const TAGS =
  /^(type|role|subtype|kind|status|stop_reason|stopReason|event|version|format|encoding|mimeType|media_type|api|finish_reason)$/;

/** `value` with PAYLOAD appended to every string but tags and timestamps (ids stay consistent). */
function poison(value: unknown, key = ''): unknown {
  if (typeof value === 'string')
    return TAGS.test(key) || /time|date|_at$|At$/i.test(key) || /^\d{4}-\d\d-\d\dT/.test(value)
      ? value
      : value + PAYLOAD;
  if (Array.isArray(value)) return value.map((v) => poison(v, key));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k)]));
  return value;
}

function poisonFile(file: string): Buffer {
  const bytes = readFileSync(file);
  if (file.endsWith('.eval')) {
    const out: Record<string, Uint8Array> = {};
    for (const [name, entry] of Object.entries(unzipSync(bytes)))
      out[name] = name.endsWith('.json')
        ? strToU8(JSON.stringify(poison(JSON.parse(strFromU8(entry)))))
        : entry;
    return Buffer.from(zipSync(out));
  }
  if (file.endsWith('.json')) return Buffer.from(JSON.stringify(poison(JSON.parse(bytes.toString('utf8')))));
  const lines = bytes
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  return Buffer.from(lines.map((l) => JSON.stringify(poison(JSON.parse(l)))).join('\n') + '\n');
}

const OTHER_FORMATS = [
  ['claude-code', 'other/claude-code/agentlogs-compact.jsonl'],
  ['codex', 'other/codex/agentlogs-crud.jsonl'],
  ['pi', 'other/pi/agent-sessions-v3-compaction-small.jsonl'],
  ['pi', 'other/pi/agentlogs-v3-branched.jsonl'],
  ['inspect-eval', 'other/inspect/log_message_deduplication.eval'],
  ['inspect-json', 'other/inspect/2025-05-12T20-27-36-04-00_browser.json'],
] as const;

const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-poisoned-'));

async function injected(page: Page) {
  return page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss ?? null,
    markup: document.querySelectorAll(
      'img[src="x"], svg[onload], iframe, script:not([src]), [onerror], [onload], a[href^="javascript:" i]',
    ).length,
  }));
}

for (const [format, sample] of OTHER_FORMATS) {
  test(`${format} (${path.basename(sample)}): payloads in every string stay text`, async ({ page }) => {
    test.setTimeout(120_000);
    const file = path.join(dir, `poisoned-${path.basename(sample)}`);
    writeFileSync(file, poisonFile(path.join(SAMPLES_DIR, sample)));
    const core = loadCore(file);
    expect(core.sourceFormat).toBe(format);
    // Poisoned text can split what the importer merges (Inspect dedupes messages by content), never lose it.
    expect(core.eventCount).toBeGreaterThanOrEqual(loadCore(path.join(SAMPLES_DIR, sample)).eventCount);
    await gotoApp(page, '/');
    await openWithInput(page, file);
    const status = page.getByTestId('status');
    await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(status).toHaveAttribute('data-events', String(core.eventCount));
    // Every event selected in turn, the raw line shown for each: the messages pane, the inspector
    // and the timeline rows render every field the importers keep.
    await page.getByRole('button', { name: 'Raw line', exact: true }).click();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Home');
    // the walk starts at the first event: read no URL before Home has moved there
    await expect(page).toHaveURL(/#seq=0(&|$)/);
    const seen = new Set<string>();
    for (let i = 0; i < core.eventCount; i++) {
      await expect(page).toHaveURL(/#seq=\d+/);
      const seq = /#seq=(\d+)/.exec(page.url())?.[1] as string;
      seen.add(seq);
      expect(await injected(page), `at seq ${seq}`).toEqual({ xss: null, markup: 0 });
      if (seq === String(core.eventCount - 1)) break;
      await page.keyboard.press('j');
      await expect(page).not.toHaveURL(new RegExp(`#seq=${seq}(&|$)`));
    }
    expect(seen.size).toBe(core.eventCount);
    // The payloads are on screen, as text.
    await expect(page.getByTestId('messages')).toContainText('onerror="window.__xss=1"');
    await page.getByRole('button', { name: 'Event', exact: true }).click();
    await page.getByRole('button', { name: 'Session info' }).click();
    expect(await injected(page)).toEqual({ xss: null, markup: 0 });
  });
}

/** Requests the page makes to hosts other than the app's, recorded (and refused). */
async function offsiteRequests(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.context().route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      seen.push(route.request().url());
      return route.abort();
    },
  );
  return seen;
}

test('?src= with another scheme, another host or credentials is refused and named', async ({ page }) => {
  test.setTimeout(120_000);
  const offsite = await offsiteRequests(page);
  const refused = [
    'javascript:window.__xss=1',
    'JaVaScRiPt:window.__xss=1',
    'data:application/x-ndjson,{"type":"turn/start","seq":0,"data":{"turn":1}}',
    'blob:http://127.0.0.1/0b6b7f3e-1c1a-4a53-9a7e-1b2d5b9c4e11',
    'file:///etc/passwd',
    'ftp://evil.example/x.jsonl',
    '//evil.example/x.jsonl',
    '/\\evil.example/x.jsonl',
    '\\\\evil.example\\x.jsonl',
    'http:evil.example/x.jsonl',
    'https://user:secret@evil.example/x.jsonl',
  ];
  for (const src of refused) {
    await page.goto(`/?src=${encodeURIComponent(src)}#seq=3`);
    await expect(page.getByTestId('start-page')).toBeVisible();
    await expect(page.getByText(`Ignored what the link could not use: src=${src}`)).toBeVisible();
    expect(await injected(page), src).toEqual({ xss: null, markup: 0 });
  }
  expect(offsite).toEqual([]);

  // Open by URL says why it refuses, and sends nothing.
  const box = page.getByLabel('Log URL');
  const reasons: [string, RegExp][] = [
    ['https://user:secret@evil.example/x.jsonl', /carries a user name or password/],
    ['javascript:window.__xss=1', /^Only http\(s\) URLs and paths on this site can be opened/],
    ['//evil.example/x.jsonl', /leads to another site/],
  ];
  for (const [url, why] of reasons) {
    await box.fill(url);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByText(why)).toBeVisible();
  }
  expect(offsite).toEqual([]);
  expect(await injected(page)).toEqual({ xss: null, markup: 0 });
});

const LOG =
  [
    { type: 'turn/start', seq: 0, time: 1000, data: { turn: 1 } },
    {
      type: 'user/message',
      seq: 1,
      time: 1001,
      data: { role: 'user', content: [{ type: 'text', text: 'served from the other origin' }] },
      surfaceOp: 'append',
    },
  ]
    .map((l) => JSON.stringify(l))
    .join('\n') + '\n';

let origin: Server;
let other: Server;
let originBase = '';
let otherBase = '';

const listen = (s: Server) =>
  new Promise<string>((ok) =>
    s.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)),
  );

test.beforeAll(async () => {
  other = createServer((req, res) => {
    const cors = req.url === '/cors.jsonl' ? { 'Access-Control-Allow-Origin': '*' } : {};
    res.writeHead(200, { ...cors, 'Content-Type': 'application/x-ndjson' });
    res.end(LOG);
  });
  otherBase = await listen(other);
  const redirects: Record<string, string> = {
    '/to-data': `data:application/x-ndjson,${encodeURIComponent(LOG)}`,
    '/to-file': 'file:///etc/passwd',
    '/to-javascript': 'javascript:window.__xss=1',
    '/to-cors': `${otherBase}/cors.jsonl`,
    '/to-no-cors': `${otherBase}/no-cors.jsonl`,
  };
  origin = createServer((req, res) => {
    res.writeHead(302, { 'Access-Control-Allow-Origin': '*', Location: redirects[req.url ?? ''] ?? '/' });
    res.end();
  });
  originBase = await listen(origin);
});
test.afterAll(async () => {
  await Promise.all([origin, other].map((s) => new Promise<void>((ok) => s.close(() => ok()))));
});

test('?src= redirects: to data:, file: or javascript: fail with a message; to another origin only with its consent', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const status = page.getByTestId('status');
  for (const route of ['/to-data', '/to-file', '/to-javascript', '/to-no-cors']) {
    await page.goto(`/?src=${encodeURIComponent(originBase + route)}`);
    await expect(status).toHaveAttribute('data-state', 'error');
    await expect(page.getByTestId('error')).toContainText(`Could not fetch ${originBase}${route}`);
    expect(await injected(page), route).toEqual({ xss: null, markup: 0 });
  }
  await page.goto(`/?src=${encodeURIComponent(`${originBase}/to-cors`)}`);
  await expect(status).toHaveAttribute('data-state', 'ready');
  await expect(status).toHaveAttribute('data-events', '2');
  await expect(page.getByTestId('messages')).toContainText('served from the other origin');
});

test('the Library of `seqscope serve`: hostile titles, messages and file names stay text; SQL in the box is text', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const folder = mkdtempSync(path.join(tmpdir(), 'seqscope-hostile-library-'));
  const name = `evil'"<img src=x onerror=window.__xss=5>.jsonl`;
  const title = `<img src=x onerror="window.__xss=6">' OR 1=1; DROP TABLE sessions; --`;
  const log = [
    { type: 'session/title', seq: 0, time: 1000, data: { title } },
    { type: 'turn/start', seq: 1, time: 1001, data: { turn: 1 } },
    {
      type: 'user/message',
      seq: 2,
      time: 1002,
      data: { role: 'user', content: [{ type: 'text', text: `first ${PAYLOAD}` }], source: { kind: 'user' } },
      surfaceOp: 'append',
    },
  ];
  writeFileSync(path.join(folder, name), log.map((l) => JSON.stringify(l)).join('\n') + '\n');
  writeFileSync(
    path.join(folder, 'poisoned-claude.jsonl'),
    poisonFile(path.join(SAMPLES_DIR, 'other/claude-code/agentlogs-compact.jsonl')),
  );
  const { child: serve, url } = await startServe(folder);
  try {
    await page.goto(url);
    const rows = page.getByTestId('library-row');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('start-page')).toContainText(title);
    await expect(page.getByTestId('start-page')).toContainText('onerror="window.__xss=1"');
    expect(await injected(page)).toEqual({ xss: null, markup: 0 });
    // SQL in the text box is searched for as text: it finds the title that carries it, nothing else.
    await page.getByTestId('library-search').fill("' OR 1=1;");
    await expect(rows).toHaveCount(1);
    await page.getByTestId('library-search').fill("x' OR '1'='1");
    await expect(rows).toHaveCount(0);
    await page.getByTestId('library-search').fill('');
    await expect(rows).toHaveCount(2);
    // The hostile log opens by its link, and its title is text there too.
    await rows.filter({ hasText: 'DROP TABLE' }).getByTestId('library-link').click();
    const status = page.getByTestId('status');
    await expect(status).toHaveAttribute('data-state', 'ready');
    await expect(status).toHaveAttribute('data-events', '3');
    await expect(page.getByTestId('timeline')).toContainText(title);
    await page.getByRole('button', { name: 'Session info' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await injected(page)).toEqual({ xss: null, markup: 0 });
  } finally {
    serve.kill('SIGTERM');
  }
});
