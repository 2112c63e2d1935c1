/**
 * The tab's read limits in the browser (core/reader/readLimits.ts browserReadLimits, sized
 * for the device's memory): a gzip bomb and an endless line served to `?src=` stop with a
 * read-limit error that says what was kept, the events before load, and "Load anyway"
 * reopens the log past exactly that limit.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { BOMB_LINE, gzipBomb } from '../src/core/testing/hostileInputs';
import { expect, test } from './helpers';

const MiB = 1024 * 1024;
const event = (seq: number, text: string) =>
  JSON.stringify({
    type: 'user/message',
    seq,
    time: 1000 + seq,
    data: { role: 'user', content: [{ type: 'text', text }] },
    surfaceOp: 'append',
  }) + '\n';

/**
 * Three events, then 72 MiB of chunk events from 270 kB (a ratio near 280:1, past the 100:1
 * a real log never reaches), then one more event: gzip members one after another.
 */
const BOMB_LINES = Math.floor((72 * MiB) / BOMB_LINE.length);
const BOMB = Buffer.concat([
  gzipSync(event(0, 'before the bomb') + event(1, 'still before') + event(2, 'last before')),
  gzipBomb(BOMB_LINES * BOMB_LINE.length),
  gzipSync(event(3 + BOMB_LINES, 'after the bomb')),
]);

let server: Server;
let base = '';

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const headers = { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/octet-stream' };
    if (req.url === '/bomb.jsonl.gz') {
      res.writeHead(200, { ...headers, 'Content-Length': BOMB.length });
      res.end(BOMB);
    } else if (req.url === '/endless.jsonl') {
      // Two events, then one line that never ends: written until the page hangs up.
      res.writeHead(200, headers);
      res.write(event(0, 'first') + event(1, 'second') + '{"type":"user/message","seq":2,"data":"');
      const chunk = 'a'.repeat(256 * 1024);
      const pump = () => {
        while (!res.destroyed) if (!res.write(chunk)) return void res.once('drain', pump);
      };
      pump();
    } else {
      res.writeHead(404, headers);
      res.end();
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

test('a gzip bomb stops at the ratio limit; "Load anyway" reads it whole', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`/?src=${encodeURIComponent(`${base}/bomb.jsonl.gz`)}`);
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  // The events before the bomb and the bomb's first 64 MiB or so: the worker survived it.
  const kept = Number(await status.getAttribute('data-events'));
  expect(kept).toBeGreaterThan(3);
  expect(kept).toBeLessThan(3 + BOMB_LINES);
  await expect(page.getByTestId('messages')).toContainText('last before');
  const banner = page.getByTestId('read-limit');
  await expect(banner).toContainText('the input expands more than 100:1');
  await expect(banner).toContainText(
    /Everything before line \d+ is loaded \(read [\d.]+ KiB of the compressed input/,
  );
  await expect(page.getByTestId('diagnostics').locator('[data-code="read-limit"]')).toHaveAttribute(
    'data-count',
    '1',
  );

  await banner.getByRole('button', { name: 'Load anyway' }).click();
  await expect(status).toHaveAttribute('data-events', String(4 + BOMB_LINES), { timeout: 90_000 });
  await expect(status).toHaveAttribute('data-state', 'ready');
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('diagnostics').locator('[data-code="read-limit"]')).toHaveCount(0);
  // The selection stays where it was; the end of the log is now the event after the bomb.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('End');
  await expect(page.getByTestId('messages')).toContainText('after the bomb');
});

test('an endless line stops at the line limit, and the page stops downloading it', async ({ page }) => {
  test.setTimeout(120_000);
  const closed = new Promise<void>((ok) => server.once('request', (_req, res) => res.on('close', ok)));
  await page.goto(`/?src=${encodeURIComponent(`${base}/endless.jsonl`)}`);
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await expect(status).toHaveAttribute('data-events', '2');
  const banner = page.getByTestId('read-limit');
  await expect(banner).toContainText(/line 3 is longer than [\d.]+ MiB, the line limit/);
  await expect(banner.getByRole('button', { name: 'Load anyway' })).toBeVisible();
  await expect(page.getByTestId('messages')).toContainText('second');
  // The worker cancelled the response (an endless body would otherwise download forever).
  await closed;
});
