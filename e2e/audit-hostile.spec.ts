/**
 * Third audit, in the browser: files that try to slip past the not-text refusal, Inspect .json
 * documents that are deep or only look like Inspect, and the Library of `seqscope serve` with
 * hostile left-out file names and symlinks out of the folder.
 */
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  DEEP,
  inspectLog,
  inspectSample,
  nestedArray,
  nestedObject,
  withDeep,
} from '../src/core/testing/nestedJson';
import { SAMPLES_DIR, buildCli, expect, openWithInput, startServe, test } from './helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-audit-browser-'));
const SAMPLE = readFileSync(path.join(SAMPLES_DIR, 'design-card-example.jsonl'));

function file(name: string, bytes: Buffer | string): string {
  const p = path.join(dir, name);
  writeFileSync(p, bytes);
  return p;
}

async function injected(page: Page) {
  return page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss ?? null,
    markup: document.querySelectorAll(
      'img[src="x"], svg[onload], iframe, script:not([src]), [onerror], [onload]',
    ).length,
  }));
}

test.describe('not-text refusal in the browser', () => {
  test('a UTF-8 BOM before a valid log loads every event', async ({ page }) => {
    await page.goto('/');
    await openWithInput(page, file('bom.jsonl', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), SAMPLE])));
    const status = page.getByTestId('status');
    await expect(status).toHaveAttribute('data-state', 'ready');
    await expect(status).toHaveAttribute('data-events', '10');
  });

  test('UTF-16 without a BOM is refused as not text, nothing loaded', async ({ page }) => {
    await page.goto('/');
    await openWithInput(page, file('utf16.jsonl', Buffer.from(SAMPLE.toString('utf8'), 'utf16le')));
    const error = page.getByTestId('error');
    await expect(error).toContainText('Could not open the log.');
    await expect(error).toContainText('utf16.jsonl: this is not a text log: ');
    await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'error');
    await expect(page.getByTestId('timeline')).toHaveCount(0);
  });
});

test.describe('Inspect .json that is deep or only looks like Inspect', () => {
  const deep = (n: number) =>
    withDeep(JSON.stringify(inspectLog([], { task: 't', model: DEEP })), nestedObject(n));

  test('a 200,000-deep value in an Inspect .json: the page says it could not open it, and the next log opens', async ({
    page,
  }) => {
    await page.goto('/');
    await openWithInput(page, file('deep-inspect.json', deep(200_000)));
    const status = page.getByTestId('status');
    await expect(status).toHaveAttribute('data-name', 'deep-inspect.json');
    await expect(status).toHaveAttribute('data-state', /ready|error/, { timeout: 20_000 });
    // The worker still answers: another log opens.
    await openWithInput(page, file('after.jsonl', SAMPLE));
    await expect(status).toHaveAttribute('data-name', 'after.jsonl');
    await expect(status).toHaveAttribute('data-state', 'ready');
    await expect(status).toHaveAttribute('data-events', '10');
  });

  // Audit finding F1 (fixed): the log was refused with "Failed to execute 'postMessage' on
  // 'DedicatedWorkerGlobalScope': Maximum call stack size exceeded"; values past 1000 levels are cut on import.
  test('a 200,000-deep value in an Inspect .json: it opens, the deep value cut, with no JS error text', async ({
    page,
  }) => {
    await page.goto('/');
    await openWithInput(page, file('deep-inspect-2.json', deep(200_000)));
    const status = page.getByTestId('status');
    await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    await expect(page.getByTestId('error')).toHaveCount(0);
  });

  // Chromium's JSON.parse in the worker overflowed on an array nested a million deep inside a
  // sample: the log opened with 0 events and one import-unmapped diagnostic (Node read it).
  test('an array nested 1,000,000 deep inside a sample: the events load, the deep value cut with an import-note', async ({
    page,
  }) => {
    const n = 1_000_000;
    const sample = inspectSample({
      task: DEEP,
      input: 'list the files',
      answer: 'a.txt is there',
      extra: { metadata: { nested: DEEP } },
    });
    const text = withDeep(JSON.stringify(inspectLog([sample])), nestedArray(n, '1'), nestedArray(n, '2'));
    await page.goto('/');
    await openWithInput(page, file('deep-sample.json', text));
    const status = page.getByTestId('status');
    await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(page.getByTestId('error')).toHaveCount(0);
    await expect(page.getByTestId('messages')).toContainText('a.txt is there');
    expect(Number(await status.getAttribute('data-events'))).toBeGreaterThanOrEqual(4);
    const panel = page.getByTestId('diagnostics');
    await expect(panel.locator('[data-code="import-note"]')).toBeAttached();
    await expect(panel.locator('[data-code="import-unmapped"]')).toHaveCount(0);
  });
});

test.describe('the Library of `seqscope serve` with hostile .json files', () => {
  test.beforeAll(buildCli);

  test('left-out names stay text; symlinks out of the folder are neither listed nor served; a poisoned Inspect .json opens as text', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const folder = mkdtempSync(path.join(tmpdir(), 'seqscope-audit-library-'));
    const outside = mkdtempSync(path.join(tmpdir(), 'seqscope-audit-outside-'));
    const names = [
      `<img src=x onerror=window.__xss=7>.json`,
      `esc\u001b]0;PWNED\u0007\u001b[31mred.json`,
      `\u202enosj.evil.json`,
      `fake-inspect.json`,
    ];
    for (const n of names) writeFileSync(path.join(folder, n), '{"a":1}');
    // Sniffs as Inspect by its first keys, then is not JSON at all: indexed as unreadable, no crash.
    writeFileSync(path.join(folder, 'fake-inspect.json'), '{"version":2,"status":"success","eval":{');
    const inspect = readFileSync(
      path.join(SAMPLES_DIR, 'other/inspect/2025-05-12T20-27-36-04-00_browser.json'),
      'utf8',
    );
    const poisoned = inspect.replaceAll(
      'Use the web browser tool',
      'Use <img src=x onerror=window.__xss=8> the web browser tool',
    );
    writeFileSync(path.join(folder, 'poisoned-inspect.json'), poisoned);
    writeFileSync(path.join(outside, 'secret.json'), inspect);
    writeFileSync(path.join(outside, 'secret.jsonl'), SAMPLE);
    symlinkSync(path.join(outside, 'secret.json'), path.join(folder, 'link-out.json'));
    symlinkSync(path.join(outside, 'secret.jsonl'), path.join(folder, 'link-out.jsonl'));
    symlinkSync(outside, path.join(folder, 'dir-out'));

    const { child: serve, url } = await startServe(folder);
    try {
      const origin = new URL(url).origin;
      // The API: the poisoned Inspect log is a row; nothing from outside the folder is.
      const api = (await (await page.request.get(`${origin}/api/library`)).json()) as {
        rows: { file: string }[];
        skipped: { file: string }[];
      };
      const files = api.rows.map((r) => r.file).sort();
      expect(files).toContain('poisoned-inspect.json');
      expect(files.filter((f) => /link-out|dir-out|secret/.test(f))).toEqual([]);
      expect(api.skipped.map((s) => s.file).sort()).toEqual(
        names.filter((n) => n !== 'fake-inspect.json').sort(),
      );
      for (const p of ['link-out.json', 'link-out.jsonl', 'dir-out/secret.jsonl', 'dir-out/secret.json'])
        expect((await page.request.get(`${origin}/files/${p}`)).status(), p).toBe(404);
      const served = await page.request.get(`${origin}/files/poisoned-inspect.json`);
      expect(served.status()).toBe(200);
      expect(served.headers()['x-content-type-options']).toBe('nosniff');
      expect(served.headers()['content-disposition']).toMatch(/^attachment/);

      await page.goto(url);
      const skipped = page.getByTestId('library-skipped');
      await skipped.locator('summary').click();
      await expect(skipped).toContainText('<img src=x onerror=window.__xss=7>.json');
      await expect(
        page.getByTestId('library-row').filter({ hasText: 'poisoned-inspect.json' }),
      ).toContainText('Use <img src=x onerror=window.__xss=8> the web browser tool');
      expect(await injected(page)).toEqual({ xss: null, markup: 0 });
      await page
        .getByTestId('library-row')
        .filter({ hasText: 'poisoned-inspect.json' })
        .getByTestId('library-link')
        .click();
      const status = page.getByTestId('status');
      await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
      await expect(page.getByTestId('status')).toHaveAttribute('data-name', 'poisoned-inspect.json');
      expect(await injected(page)).toEqual({ xss: null, markup: 0 });
    } finally {
      serve.kill('SIGTERM');
    }
  });
});
