/**
 * Long text in the messages pane: a 12 MB tool output shows its head and tail (the test failures
 * at its end without expanding), expands into a virtualized scroll box whose last line is
 * reachable by scrolling while the DOM stays small, and copies whole; text over the markdown limit
 * is plain text that says so; tool-call JSON wraps between words at 1024 px.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, gotoApp, loadCore, openWithInput, selectByHash, test } from './helpers';

const OUTPUT_LINES = 150_000;
const LAST_LINE = '======================== 1 failed, 1202 passed in 12.34s =========================';
const FAILED_LINE =
  'FAILED tests/test_cart.py::test_totals_are_rounded - AssertionError: assert 10.499999 == 10.5';

/** A pytest run of about 12 MB: a long middle, the failure and the summary at the end. */
function pytestOutput(): string {
  const lines = [
    '============================= test session starts ==============================',
    'collected 1203 items',
  ];
  for (let i = lines.length; i < OUTPUT_LINES - 4; i++)
    lines.push(`tests/test_module_${i}.py::test_case_${i} PASSED ......................... [ ${i % 100}%]`);
  lines.push(
    'E       AssertionError: assert 10.499999 == 10.5',
    '=========================== short test summary info ============================',
    FAILED_LINE,
    LAST_LINE,
  );
  return lines.join('\n') + '\n';
}

const WIDE_ARGS = JSON.stringify({
  command:
    'grep --recursive --line-number --include=typescript_sources "function formatDuration" components helpers workers everything && echo finished searching through every single directory of the repository without exception',
  description:
    'Searching the repository for the duration formatter definition, then printing a confirmation message',
});

function writeLog(dir: string, output: string, markdown: string): string {
  const call = (seq: number, id: string, args: string) => ({
    type: 'assistant/message',
    seq,
    time: 1000 + seq,
    data: {
      turn: 1,
      step: 1,
      message: { role: 'assistant', content: [{ type: 'tool-call', id, name: 'bash', arguments: args }] },
    },
    surfaceOp: 'append',
    sourceEventSeqs: [],
  });
  const lines = [
    { type: 'session', version: 0, id: 'long-text', createdAt: 1000 },
    { type: 'turn/start', seq: 0, time: 1000, data: { turn: 1 } },
    {
      type: 'user/message',
      seq: 1,
      time: 1001,
      data: { role: 'user', content: [{ type: 'text', text: 'run the tests' }], source: { kind: 'user' } },
      surfaceOp: 'append',
    },
    { type: 'step/start', seq: 2, time: 1002, data: { turn: 1, step: 1 } },
    call(3, 'call_pytest', WIDE_ARGS),
    {
      type: 'tool/call',
      seq: 4,
      time: 1004,
      data: { turn: 1, step: 1, callId: 'call_pytest', name: 'bash', arguments: WIDE_ARGS },
    },
    {
      type: 'tool/result',
      seq: 5,
      time: 1005,
      data: {
        turn: 1,
        step: 1,
        message: {
          role: 'user',
          content: [
            { type: 'tool-result', toolCallId: 'call_pytest', content: [{ type: 'text', text: output }] },
          ],
          source: { kind: 'tool', callId: 'call_pytest' },
        },
      },
      surfaceOp: 'append',
      sourceEventSeqs: [4],
    },
    {
      type: 'assistant/message',
      seq: 6,
      time: 1006,
      data: { turn: 1, step: 2, message: { role: 'assistant', content: [{ type: 'text', text: markdown }] } },
      surfaceOp: 'append',
      sourceEventSeqs: [],
    },
  ];
  const file = path.join(dir, 'long-text.jsonl');
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return file;
}

const output = pytestOutput();
const markdown =
  '## Report\n\n' + '**bold** finding in `module` with [a link](https://example.com)\n'.repeat(30_000);
const file = writeLog(mkdtempSync(path.join(tmpdir(), 'seqscope-long-')), output, markdown);
const core = loadCore(file);

/** Opens the generated log: reading 13 MB takes seconds on a busy machine. */
async function openLog(page: Page): Promise<void> {
  await gotoApp(page);
  await openWithInput(page, file);
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-name', 'long-text.jsonl');
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(status).toHaveAttribute('data-events', String(core.eventCount));
}

test('profile expand', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1600, height: 900 });
  await openLog(page);
  await selectByHash(page, 5);
  const pane = page.getByTestId('messages');
  await expect(pane).toHaveAttribute('data-seq', '5');
  const text = pane.locator('[data-block-type=tool-result]').getByTestId('plain-text');
  await expect(text).toHaveAttribute('data-lines', String(OUTPUT_LINES));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await text.getByTestId('elision').click();
  await expect(text.getByTestId('text-scroll').locator('[data-testid=text-row]').first()).toBeVisible();
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const n = byId.get(id)!;
    const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'));
});
