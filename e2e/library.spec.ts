/**
 * The Library (`seqscope serve DIR`): the start page lists the folder's sessions from the
 * index, the text box and the filters narrow them server-side, a header sorts them, and a
 * click opens the log exactly as `?src=` does, named by path and fingerprint.
 */
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SAMPLES_DIR, expect, expectLoaded, loadCore, startServe, test } from './helpers';

const LOGS = [
  'design-card-example.jsonl',
  'dsh/compaction-recovery.stream.jsonl',
  'dsh/cordis-tool-round.jsonl',
  'dsh/pty-tools.jsonl',
];

let server: ChildProcess;
let url: string;

test.beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-library-'));
  mkdirSync(path.join(dir, 'runs'));
  for (const f of LOGS) copyFileSync(path.join(SAMPLES_DIR, f), path.join(dir, 'runs', path.basename(f)));
  ({ child: server, url } = await startServe(dir));
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test('lists the sessions, searches, filters, sorts, and opens a log by path and fingerprint', async ({
  page,
}) => {
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?library$/);
  await page.goto(url);
  const rows = page.getByTestId('library-row');
  await expect(rows).toHaveCount(LOGS.length);
  await expect(page.getByTestId('library-count')).toHaveText('4 sessions');

  // The text box: answered server-side (title, first message, path, tool names).
  await page.getByTestId('library-search').fill('pty');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-path', 'runs/pty-tools.jsonl');
  await page.getByTestId('library-search').fill('');
  await expect(rows).toHaveCount(LOGS.length);

  // A filter: only the session with a compaction.
  await page.getByTestId('library-filter-compactions').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-path', 'runs/compaction-recovery.stream.jsonl');
  await page.getByTestId('library-filter-compactions').click();
  await expect(rows).toHaveCount(LOGS.length);

  // Sorting by steps: most first, then fewest first.
  await page.getByTestId('library-sort-steps').click();
  await expect(rows.first()).toHaveAttribute('data-path', 'runs/pty-tools.jsonl');
  await page.getByTestId('library-sort-steps').click();
  await expect(rows.first()).toHaveAttribute('data-path', 'runs/design-card-example.jsonl');

  // Opening: a plain ?src= link to the file on this server, with the fingerprint.
  const file = path.join(SAMPLES_DIR, 'dsh/pty-tools.jsonl');
  const link = page.locator('[data-path="runs/pty-tools.jsonl"] [data-testid=library-link]');
  const href = await link.getAttribute('href');
  const src = new URL(href ?? '', url).searchParams.get('src') ?? '';
  expect(src).toMatch(/^\/files\/runs\/pty-tools\.jsonl\?fp=[0-9a-f]{16}$/);
  await link.click();
  // The app names the log by its full URL once it opens it (same path, same fingerprint).
  await expect(page).toHaveURL(
    /\?src=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Ffiles%2Fruns%2Fpty-tools\.jsonl%3Ffp%3D[0-9a-f]{16}/,
  );
  await expectLoaded(page, 'pty-tools.jsonl', loadCore(file).eventCount);
});

test('at 1024 and 1600 px every column of the Library is in view: the session column gives way', async ({
  page,
}) => {
  for (const [width, height] of [
    [1024, 768],
    [1600, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(url);
    await expect(page.getByTestId('library-row')).toHaveCount(LOGS.length);
    const table = page.getByTestId('library-table');
    const [scroll, client] = await table.evaluate((t) => [t.scrollWidth, t.parentElement!.clientWidth]);
    expect(scroll, `${width}px`).toBeLessThanOrEqual(client);
    const cost = (await page.getByTestId('library-sort-cost_usd').boundingBox())!;
    expect(cost.x + cost.width, `${width}px`).toBeLessThanOrEqual(width);
  }
});

test("other agents' logs (dated model ids, costs under a cent) keep every column in view at 1024 px", async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-library-wide-'));
  // Every sample of another agent and the harness's own: dated model ids (claude-sonnet-4-5-20250929),
  // "47.5M / 83.2k" tokens, "24 h 15 m", costs under a cent ("$0.0000076").
  const files = ['claude-code', 'codex', 'inspect', 'pi']
    .flatMap((d) => readdirSync(path.join(SAMPLES_DIR, 'other', d)).map((f) => path.join('other', d, f)))
    .concat(readdirSync(path.join(SAMPLES_DIR, 'dsh')).map((f) => path.join('dsh', f)))
    .filter((f) => /\.(jsonl|json)$/.test(f));
  for (const f of files) copyFileSync(path.join(SAMPLES_DIR, f), path.join(dir, path.basename(f)));
  const served = await startServe(dir);
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(served.url);
    await expect(page.getByTestId('library-row')).toHaveCount(files.length);
    const table = page.getByTestId('library-table');
    const [scroll, client] = await table.evaluate((t) => [t.scrollWidth, t.parentElement!.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
    const model = page.getByTestId('library-row').locator('td span[title^="claude-sonnet-4-5-20250929"]');
    await expect(model).toHaveText('claude-sonnet-4-5-20250929');
  } finally {
    served.child.kill('SIGTERM');
  }
});

test('an Inspect AI .json log is in the Library and opens; other .json files are listed as left out', async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-library-json-'));
  const inspect = '2025-05-12T20-27-36-04-00_browser.json';
  copyFileSync(path.join(SAMPLES_DIR, 'other/inspect', inspect), path.join(dir, inspect));
  writeFileSync(path.join(dir, 'package.json'), '{"name":"not-a-log"}\n');
  const served = await startServe(dir);
  try {
    await page.goto(served.url);
    const rows = page.getByTestId('library-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-path', inspect);
    const skipped = page.getByTestId('library-skipped');
    await expect(skipped).toContainText('1 file in the folder left out of the library');
    await skipped.locator('summary').click();
    await expect(skipped).toContainText(
      'package.json: a .json file that is neither an Inspect AI eval log nor a JSON array of session events',
    );
    await rows.first().getByTestId('library-link').click();
    const file = path.join(SAMPLES_DIR, 'other/inspect', inspect);
    await expectLoaded(page, inspect, loadCore(file).eventCount);
  } finally {
    served.child.kill('SIGTERM');
  }
});
