/**
 * The sixth audit's attacks on the built app that held, kept as tests (findings:
 * /work/coord/audit.md, R6-n).
 * - "Export a redacted copy" of a gzip log whose secrets are cut the ways logs cut them (per
 *   character across text deltas, across reasoning and tool-call argument deltas, a packed row's
 *   texts, JSON inside JSON, a bare-string and a torn line): no fragment of any secret in the copy.
 * - A harness log line holding a value nested a million levels deep: the log loads with every
 *   event, that event is selectable and shown, the page stays usable.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SPLIT_SECRET_FRAGMENTS, splitSecretsLog } from '../src/core/testing/splitSecretsLog';
import { expect, expectLoaded, loadCore, openWithInput, selectByHash, test } from './helpers';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'seqscope-audit-r6-'));

test('a redacted copy keeps no fragment of secrets split across deltas, packed rows and nested JSON', async ({
  page,
}) => {
  const original = splitSecretsLog();
  for (const fragment of SPLIT_SECRET_FRAGMENTS) expect(original).toContain(fragment);
  const file = path.join(tmp(), 'split.jsonl.gz');
  writeFileSync(file, gzipSync(original));
  const events = loadCore(Buffer.from(original)).eventCount;

  await page.goto('/');
  await openWithInput(page, file);
  await expectLoaded(page, 'split.jsonl.gz', events);
  await page.getByTestId('export-menu-button').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-redacted').click(),
  ]);
  const copy = readFileSync(await download.path(), 'utf8');
  for (const fragment of SPLIT_SECRET_FRAGMENTS) expect(copy, fragment).not.toContain(fragment);
  expect(copy.split('\n')).toHaveLength(original.split('\n').length);
  await expect(page.getByTestId('toast')).toContainText(/private-key \d+.*jwt \d+.*bearer-token \d+/);
});

test('a harness line nesting a million levels deep: every event loads, the deep one is shown', async ({
  page,
}) => {
  const n = 1_000_000;
  const lines = [
    '{"type":"turn/start","seq":0,"time":1755000000000,"data":{"turn":1}}',
    `{"type":"user/message","seq":1,"time":1755000000001,"data":{"role":"user","content":[{"type":"text","text":"deep hello"}],"deep":${'['.repeat(n)}1${']'.repeat(n)}},"surfaceOp":"append"}`,
    '{"type":"turn/end","seq":2,"time":1755000000002,"data":{"turn":1,"reason":{"kind":"stop"}}}',
  ];
  const file = path.join(tmp(), 'deep-native.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('/');
  await openWithInput(page, file);
  await expectLoaded(page, 'deep-native.jsonl', 3);
  await selectByHash(page, 1);
  await expect(page.getByTestId('messages')).toContainText('deep hello');
  // the inspector's tree shows the deep field (cut for display, not lost)
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-seq', '1');
  await expect(page.locator('body')).toContainText(/deep:\s*Array\(1\)/);
  // still usable afterwards: the last event selects and shows
  await selectByHash(page, 2);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-seq', '2');
  await expect(page.getByTestId('inspector')).toContainText('turn/end');
  expect(errors).toEqual([]);
});
