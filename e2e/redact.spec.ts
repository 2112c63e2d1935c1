/**
 * "Redacted" in the app: a log full of secrets (core/testing/secretsLog.ts) opened through
 * the file input downloads as a copy with no secret left, the same events, and the toast
 * says what was masked; the copy opens like the original.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SECRETS, secretsLog } from '../src/core/testing/secretsLog';
import { expect, expectLoaded, loadCore, openWithInput, test } from './helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

test('a redacted copy of a gzip log: no secret survives, the copy opens with the same events', async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-redact-'));
  const original = secretsLog(readFileSync(path.join(ROOT, 'fixtures/diagnostics/clean.jsonl'), 'utf8'));
  const file = path.join(dir, 'secrets.jsonl.gz');
  writeFileSync(file, gzipSync(original));
  const events = loadCore(Buffer.from(original)).eventCount;

  await page.goto('/');
  await openWithInput(page, file);
  await expectLoaded(page, 'secrets.jsonl.gz', events);
  await page.getByTestId('export-menu-button').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-redacted').click(),
  ]);
  expect(download.suggestedFilename()).toBe('secrets.redacted.jsonl');
  const copy = readFileSync(await download.path(), 'utf8');
  // Every well-known shape, and the user name of the home path the header's cwd names.
  for (const [kind, secret] of Object.entries(SECRETS))
    if (kind !== 'mine') expect(copy, kind).not.toContain(secret.slice(-8));
  expect(copy.split('\n')).toHaveLength(original.split('\n').length);
  await expect(page.getByTestId('toast')).toContainText(
    /Redacted copy: masked \d+ values \(.*api-key \d+.*email 1.*\) in \d+ lines/,
  );

  const copied = path.join(dir, 'secrets.redacted.jsonl');
  writeFileSync(copied, copy);
  await openWithInput(page, copied);
  await expectLoaded(page, 'secrets.redacted.jsonl', events);
});
