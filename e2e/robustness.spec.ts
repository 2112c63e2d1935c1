/**
 * Hostile input in the page: an event nested thousands of levels deep must
 * not freeze the inspector (the worker depth-limits what it posts and always
 * answers; the client never lets one lost answer block a lane).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, expectLoaded, gotoApp, loadCore, openWithInput, selectByHash, test } from './helpers';

function deepLog(): string {
  let deep = '{"leaf":true}';
  for (let i = 0; i < 5000; i++) deep = `{"a":${deep}}`;
  const lines = [
    '{"type":"session","version":3,"id":"deep","createdAt":1755000000000}',
    '{"type":"turn/start","seq":0,"time":1755000000000,"data":{"turn":1}}',
    '{"type":"user/message","seq":1,"time":1755000000010,"data":{"role":"user","content":[{"type":"text","text":"hello"}]}}',
    `{"type":"weird/thing","seq":2,"time":1755000000020,"data":{"deep":${deep}}}`,
    '{"type":"turn/end","seq":3,"time":1755000000030,"data":{"turn":1}}',
  ];
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-e2e-')), 'deep.jsonl');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

test('a 5000-level-deep event is shown (cut with a marker) and the inspector keeps following the selection', async ({
  page,
}) => {
  const file = deepLog();
  const log = loadCore(file);
  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, 'deep.jsonl', log.eventCount);
  const inspector = page.getByTestId('inspector');

  await selectByHash(page, 2);
  await expect(inspector).toHaveAttribute('data-seq', '2');
  await expect(page.getByTestId('inspector-error')).toHaveCount(0);

  // Copy-as-JSON serializes the cut event: the marker is in it.
  await page.evaluate(() => {
    (window as unknown as { copied: string[] }).copied = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: {
        writeText: (t: string) => {
          (window as unknown as { copied: string[] }).copied.push(t);
          return Promise.resolve();
        },
      },
    });
  });
  await page.getByTitle('Copy the normalized event as JSON').click();
  const copied = await page.evaluate(() => (window as unknown as { copied: string[] }).copied.join(''));
  expect(copied).toContain('nested deeper than 100 levels: see Raw line');
  // The Raw line tab (the line as written, parsed in the page) renders too.
  await page.getByRole('button', { name: 'Raw line' }).click();
  await expect(inspector).toHaveAttribute('data-seq', '2');
  await page.getByRole('button', { name: 'Event', exact: true }).click();

  for (const seq of [1, 3, 0, 2, 1]) {
    await selectByHash(page, seq);
    await expect(inspector).toHaveAttribute('data-seq', String(seq));
  }
});
