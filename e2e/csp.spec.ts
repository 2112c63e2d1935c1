/**
 * The Content-Security-Policy holds everything the app does: the built index.html carries
 * it as a meta tag (static hosting: this preview server sends no header), `seqscope open`
 * sends it as a header; loading a sample, a dropped file, `?src=`, playback, the inspector
 * and the exports run with zero violations, and an injected inline script is refused.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { startServer } from '../src/cli/server';
import { CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_META } from '../src/cli/http/csp';
import { SAMPLES_DIR, expect, expectLoaded, gotoApp, loadCore, openWithInput, test } from './helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO = path.join(ROOT, 'public/samples/demo.jsonl');
const CORDIS = path.join(SAMPLES_DIR, 'dsh/cordis-tool-round.jsonl');

/** Records every CSP violation the page (or its workers) reports, from before the first script. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  await page.exposeFunction('__cspViolation', (s: string) => seen.push(s));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (s: string) => void }).__cspViolation;
      report(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return seen;
}

/** Plays a few events, opens the inspector's raw view, and downloads both exports. */
async function exercise(page: Page): Promise<void> {
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toContainText('Pause');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toContainText('Play');
  await page.getByTestId('export-menu-button').click();
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  expect(JSON.parse(readFileSync(await json.path(), 'utf8'))).toBeInstanceOf(Array);
  await page.getByTestId('export-menu-button').click();
  const [md] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-markdown').click(),
  ]);
  expect(readFileSync(await md.path(), 'utf8')).toContain('transcript up to seq');
}

test('the built app carries the policy and runs under it: sample, file, ?src=, playback, exports', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const demo = loadCore(DEMO);
  await gotoApp(page, `/?sample=demo.jsonl#seq=${demo.eventCount - 1}`);
  await expectLoaded(page, 'demo.jsonl', demo.eventCount);
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta).toBe(CONTENT_SECURITY_POLICY_META);
  await exercise(page);

  await openWithInput(page, CORDIS);
  await expectLoaded(page, 'cordis-tool-round.jsonl', loadCore(CORDIS).eventCount);

  const bytes = readFileSync(CORDIS);
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Length': bytes.length });
    res.end(bytes);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  try {
    const src = `http://127.0.0.1:${(server.address() as AddressInfo).port}/logs/cordis.jsonl`;
    await page.goto(`/?src=${encodeURIComponent(src)}#seq=3`);
    await expectLoaded(page, 'cordis.jsonl', loadCore(CORDIS).eventCount);
    await exercise(page);
  } finally {
    server.close();
  }
  expect(violations).toEqual([]);

  // The policy is live: an inline script injected into the page does not run.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.append(s);
  });
  expect(
    await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
  ).toBeUndefined();
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

test('seqscope open sends the policy as a header, and the app runs under it', async ({ page }) => {
  const violations = await watchViolations(page);
  const server = await startServer({ file: DEMO, distDir: path.join(ROOT, 'dist'), port: 0 });
  try {
    const response = await page.goto(`${server.url}?src=${encodeURIComponent(server.logUrl)}`);
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    await expectLoaded(page, 'demo.jsonl', loadCore(DEMO).eventCount);
    await exercise(page);
    expect(violations).toEqual([]);
  } finally {
    await server.close();
  }
});
