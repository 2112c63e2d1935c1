/**
 * The fifth audit's attacks that held, kept as tests (findings: /work/coord/audit.md, R5-n).
 *
 * The hashing thread (worker/hashThread.ts + hashWorker.ts) fingerprints a large local file:
 * its fingerprint must be the file's SHA-256 whether the thread works, throws on every
 * message or never loads, and the link made with that fingerprint must reopen the file
 * from the browser's stored copy at the same seq.
 *
 * Markdown and link payloads of this audit's own (entity-encoded, tab-split, upper-case and
 * control-prefixed `javascript:`, reference-style and autolinks, data:/vbscript:/file:/blob:,
 * attribute breakouts in URLs and titles, raw HTML in tables, quotes, lists and SVG) in every
 * field that reaches the page: on screen as text, no handler attribute, no link but http(s),
 * mailto or the app's own, nothing runs.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { generateLogText } from '../scripts/gen/index';
import { CONTENT_SECURITY_POLICY } from '../src/cli/http/csp';
import { createStaticApp } from '../src/cli/http/staticApp';
import { OFF_THREAD_HASH_BYTES } from '../src/worker/openLog';
import { expect, expectMessagesAt, loadCore, openWithInput, selectByHash, test } from './helpers';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const tmp = () => mkdtempSync(path.join(tmpdir(), 'seqscope-audit-r5-'));

/** A generated plain log just over the size that sends its fingerprint to the hashing thread. */
function largeLog(): { file: string; text: string; fp: string } {
  let events = 20_000;
  let text = generateLogText({ events, seed: 5 });
  while (Buffer.byteLength(text) < OFF_THREAD_HASH_BYTES + 1024) {
    events *= 2;
    text = generateLogText({ events, seed: 5 });
  }
  const file = path.join(tmp(), 'hashed.jsonl');
  writeFileSync(file, text);
  return { file, text, fp: createHash('sha256').update(text).digest('hex').slice(0, 16) };
}

/**
 * The built app served (with its CSP header) from a copy of dist/ whose hashing thread's script is
 * `hashWorker`: a broken thread, which a page route cannot fake (the log worker starts it).
 */
async function serveWithHashWorker(hashWorker: string | null): Promise<{ origin: string; server: Server }> {
  const dir = tmp();
  cpSync(DIST, dir, { recursive: true });
  const assets = path.join(dir, 'assets');
  const name = readdirSync(assets).find((f) => /^hashWorker.*\.js$/.test(f));
  if (!name) throw new Error('no hashWorker asset in dist/assets: run npm run build');
  writeFileSync(path.join(assets, name), hashWorker ?? '');
  const serveStatic = await createStaticApp(dir);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    // null: the thread's script is missing (404), as when an asset did not deploy
    if (hashWorker === null && url.pathname === `/assets/${name}`) {
      res.writeHead(404).end('not found');
      return;
    }
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    void serveStatic(url.pathname, res, false);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Opens `file`, waits for it to be ready and stored, and returns the worker URLs the page started. */
async function openLarge(page: Page, file: string, events: number, origin = ''): Promise<string[]> {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(`${origin}/`);
  await openWithInput(page, file);
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-name', 'hashed.jsonl');
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  await expect(status).toHaveAttribute('data-events', String(events));
  await expect(page.getByTestId('stored')).toHaveAttribute('data-state', 'stored', { timeout: 60_000 });
  return workers;
}

/** The fingerprint shown, the link it makes, and that link reopening the stored copy at the seq. */
async function expectLinkReopens(page: Page, fp: string, file: string): Promise<void> {
  const log = loadCore(file);
  await page.getByTestId('session-info-button').click();
  await expect(page.getByTestId('session-fingerprint')).toContainText(fp);
  await page.keyboard.press('Escape');
  const seq = Math.floor(log.eventCount * 0.7);
  await selectByHash(page, seq);
  await expectMessagesAt(page, log, seq);
  await expect(page).toHaveURL(new RegExp(`\\?log=${fp}&.*#seq=${seq}$`));
  // A new tab of this browser opens the link from the stored copy, at the seq.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await expect(other.getByTestId('status')).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  await expect(other.getByTestId('status')).toHaveAttribute('data-events', String(log.eventCount));
  await expectMessagesAt(other, log, seq);
  await other.close();
}

const MARKDOWN_PAYLOADS = [
  '[a](JaVaScRiPt:window.__x=1)',
  '[b](java\tscript:window.__x=2)',
  '[c](&#106;avascript:window.__x=3)',
  '[d](&#x6A;avascript&colon;window.__x=4)',
  '[e][r1]\n\n[r1]: javascript:window.__x=5',
  '<javascript:window.__x=6>',
  '[f](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194PTc8L3NjcmlwdD4=)',
  '[g](vbscript:msgbox(1))',
  '![h](javascript:window.__x=8)',
  '[i]( javascript:window.__x=9)',
  '[j](\u0001javascript:window.__x=10)',
  '[k](https://ok.example/"onmouseover="window.__x=11)',
  '[l](https://ok.example/ \'title" onclick="window.__x=12\')',
  '[https://a.example](https://b.example)',
  '<https://x.example/"><img src=x onerror=window.__x=13>>',
  '`<img src=x onerror=window.__x=14>`',
  '```html\n<script>window.__x=15</script>\n```',
  '**<b onclick=window.__x=16>b</b>**',
  '[m](#seq=1" onfocus="window.__x=17)',
  '[n](/?src=javascript:window.__x=18)',
  '[o](file:///etc/passwd)',
  '[p](blob:https://x.example/1)',
  '<svg><a xlink:href=javascript:window.__x=19><text>x</text></a></svg>',
  '[q](mailto:a@b.example?body=<img src=x onerror=window.__x=20>)',
  '| t | <img src=x onerror=window.__x=21> |\n|---|---|\n| [r](javascript:window.__x=22) | x |',
  '> [s](javascript:window.__x=23)',
  '- [t](javascript:window.__x=24)\n  - [u](  JAVASCRIPT:window.__x=25 )',
  '[v](javas%63ript:window.__x=26)',
  '[w](\\javascript:window.__x=27)',
];

/** A log carrying every payload in user, reasoning, text, tool-call, tool-result, name and error fields. */
function markdownLog(): string {
  const text = MARKDOWN_PAYLOADS.join('\n\n');
  const step = { turn: 1, step: 1 };
  const events: object[] = [
    { type: 'turn/start', data: { turn: 1 } },
    {
      type: 'user/message',
      data: { role: 'user', content: [{ type: 'text', text }], source: { kind: 'user' } },
      surfaceOp: 'append',
    },
    { type: 'step/start', data: step },
    { type: 'assistant/chunk', data: { ...step, chunk: { type: 'text-delta', index: 0, text } } },
    {
      type: 'assistant/chunk',
      data: {
        ...step,
        chunk: {
          type: 'tool-call-delta',
          index: 1,
          id: 'c1',
          name: `bash${MARKDOWN_PAYLOADS[0]}`,
          argumentsDelta: JSON.stringify({ cmd: text }),
        },
      },
    },
    {
      type: 'assistant/message',
      data: {
        ...step,
        message: {
          role: 'assistant',
          content: [
            { type: 'reasoning', text },
            { type: 'text', text },
            { type: 'tool-call', id: 'c1', name: 'bash', arguments: JSON.stringify({ cmd: text }) },
          ],
          source: { kind: 'model', provider: MARKDOWN_PAYLOADS[14], model: MARKDOWN_PAYLOADS[13] },
        },
        usage: { inputTokens: 1, outputTokens: 2 },
      },
      surfaceOp: 'append',
    },
    {
      type: 'tool/result',
      data: {
        ...step,
        message: { role: 'tool', toolName: 'bash', toolCallId: 'c1', content: text, isError: true },
      },
      surfaceOp: 'append',
      sourceEventSeqs: [5],
    },
    { type: 'step/end', data: step },
    {
      type: 'turn/end',
      data: { turn: 1, reason: { kind: 'error', failure: { code: MARKDOWN_PAYLOADS[0], message: text } } },
    },
  ];
  return `${events.map((e, seq) => JSON.stringify({ ...e, seq, time: 1_755_000_000_000 + seq * 10 })).join('\n')}\n`;
}

test('markdown and link payloads in every field stay text: no handler, no script link, nothing runs', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const file = path.join(tmp(), 'md-payloads.jsonl');
  writeFileSync(file, markdownLog());
  const log = loadCore(file);
  await page.goto('/');
  await openWithInput(page, file);
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('status')).toHaveAttribute('data-events', String(log.eventCount));
  for (let seq = 0; seq < log.eventCount; seq++) {
    await selectByHash(page, seq);
    await expect(page.getByTestId('messages')).toHaveAttribute('data-seq', String(seq));
    const found = await page.evaluate(() => {
      const bad: string[] = [];
      for (const el of document.body.querySelectorAll('*')) {
        if (/^(IFRAME|OBJECT|EMBED|SCRIPT|FORM|BASE|META)$/.test(el.tagName)) bad.push(el.tagName);
        for (const a of el.attributes) {
          if (/^on/i.test(a.name)) bad.push(`${el.tagName} ${a.name}`);
          const url = /^(href|src|action|formaction|xlink:href)$/i.test(a.name) ? a.value : '';
          if (url && !/^(https?:|mailto:|#|\/(?!\/)|blob:http:\/\/127\.0\.0\.1)/i.test(url))
            bad.push(`${el.tagName} ${a.name}=${url.slice(0, 60)}`);
        }
      }
      return { bad, ran: (window as { __x?: unknown }).__x };
    });
    expect(found.bad, `seq ${seq}`).toEqual([]);
    expect(found.ran, `seq ${seq}`).toBeUndefined();
  }
  // The payloads are on screen as text (the user message at the last seq).
  await expect(page.getByTestId('messages')).toContainText('window.__x=13');
});

test.describe('the hashing thread', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a large file is hashed on its thread: the fingerprint is its SHA-256 and its link reopens it at the seq', async ({
    page,
  }) => {
    const { file, fp } = largeLog();
    const workers = await openLarge(page, file, loadCore(file).eventCount);
    expect(workers.some((u) => /hashWorker/.test(u))).toBe(true);
    await expectLinkReopens(page, fp, file);
  });

  const broken: [string, string | null][] = [
    ['throws on every message', 'self.onmessage = () => { throw new Error("hash thread broken"); };'],
    ['cannot be loaded (404)', null],
  ];
  for (const [what, script] of broken)
    test(`a hashing thread that ${what}: the log worker hashes the file itself, same fingerprint, the link reopens it`, async ({
      page,
    }) => {
      const { file, fp } = largeLog();
      const { origin, server } = await serveWithHashWorker(script);
      try {
        const violations: string[] = [];
        page.on('console', (m) => {
          if (/Content.Security.Policy/i.test(m.text())) violations.push(m.text());
        });
        const workers = await openLarge(page, file, loadCore(file).eventCount, origin);
        // The broken thread was started: without the fallback the fingerprint would stay unknown.
        if (script !== null) expect(workers.some((u) => /hashWorker/.test(u))).toBe(true);
        await expectLinkReopens(page, fp, file);
        expect(violations).toEqual([]);
      } finally {
        server.closeAllConnections();
        server.close();
      }
    });
});
