/**
 * Other agents' logs open in the app like the harness's own: detected by
 * content in the worker, and the messages pane shows exactly the core's
 * derived messages at any seq (here a Claude Code /compact run, a Codex
 * rollout and an Inspect AI .eval zip).
 */
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SessionLog } from '../src/core/log/sessionLog';
import {
  SAMPLES_DIR,
  buildCli,
  expect,
  expectLoaded,
  expectMessagesAt,
  gotoApp,
  interestingSeqs,
  loadCore,
  openWithInput,
  selectByHash,
  startOpen,
  test,
} from './helpers';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'seqscope-other-'));

const FILES = [
  'other/claude-code/agentlogs-compact.jsonl',
  'other/codex/agentlogs-crud.jsonl',
  'other/inspect/log_message_deduplication.eval',
].map((f) => path.join(SAMPLES_DIR, f));

for (const file of FILES) {
  const name = path.basename(file);
  test(`opens ${name} and derives its messages`, async ({ page }) => {
    const log = loadCore(file);
    expect(log.sourceFormat).not.toBe('seqscope');
    await gotoApp(page);
    await openWithInput(page, file);
    await expectLoaded(page, name, log.eventCount);
    for (const seq of interestingSeqs(log)) {
      await selectByHash(page, seq);
      await expectMessagesAt(page, log, seq);
    }
  });
}

test('the Claude Code /compact run shows only the summary and what followed at its last event', async ({
  page,
}) => {
  const file = FILES[0] as string;
  const log = loadCore(file);
  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, path.basename(file), log.eventCount);
  await selectByHash(page, log.eventCount - 1);
  const pane = page.getByTestId('messages');
  await expect(pane).toHaveAttribute('data-count', '4');
  await expect(pane.locator('[data-testid=message]').first()).toContainText(
    'This session is being continued from a previous conversation',
  );
});

test('the start page says which other agents\u2019 logs open', async ({ page }) => {
  await gotoApp(page);
  await page.getByRole('button', { name: 'Seqscope' }).click();
  await expect(page.getByTestId('other-formats')).toContainText('Claude Code, Codex CLI, pi and Inspect AI');
});

test('the OTLP button downloads the whole log as OTLP JSON traces', async ({ page }) => {
  const file = FILES[1] as string;
  const log = loadCore(file);
  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, path.basename(file), log.eventCount);
  await page.getByTestId('export-menu-button').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-otlp').click(),
  ]);
  expect(download.suggestedFilename()).toBe('agentlogs-crud.otlp.json');
  const text = readFileSync(await download.path(), 'utf8');
  const spans = (JSON.parse(text) as { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] })
    .resourceSpans[0]?.scopeSpans[0]?.spans;
  const st = log.structure;
  // session + a turn + a chat span per model call + a tool span per call
  expect(spans?.filter((s) => s.name.startsWith('invoke_agent'))).toHaveLength(st.turns.length);
  expect(spans?.filter((s) => s.name.startsWith('execute_tool'))).toHaveLength(st.toolCalls.length);
  expect(spans?.filter((s) => s.name.startsWith('chat '))).toHaveLength(st.steps.length);
  expect(text).not.toContain('gen_ai.input.messages');
});

test('a multi-sample Inspect AI log: a picker opens each sample, and a link names the sample', async ({
  page,
}) => {
  const doc = JSON.parse(
    readFileSync(path.join(SAMPLES_DIR, 'other/inspect/2025-05-12T20-27-36-04-00_browser.json'), 'utf8'),
  ) as { samples: { id: unknown; events: unknown[] }[] };
  const [only] = doc.samples;
  const file = path.join(tmp(), 'two-samples.json');
  writeFileSync(
    file,
    JSON.stringify({ ...doc, samples: [only, { ...only, id: 'short', events: only?.events.slice(0, 5) }] }),
  );
  const first = loadCore(file);
  const second = new SessionLog({ import: { sample: 1 } });
  second.push(readFileSync(file));
  second.end();
  expect(second.eventCount).toBeLessThan(first.eventCount);

  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, 'two-samples.json', first.eventCount);
  const picker = page.getByTestId('sample-picker');
  await expect(picker.locator('option')).toHaveText([`1 of 2: ${String(only?.id)}#1`, '2 of 2: short#1']);
  await picker.selectOption('2');
  await expectLoaded(page, 'two-samples.json', second.eventCount);
  await expect(picker).toHaveValue('2');
  const last = second.eventCount - 1;
  await selectByHash(page, last);
  await expectMessagesAt(page, second, last);
  await expect(page).toHaveURL(/[?&]part=2(&|#)/);

  // The link reopens sample 2 (the file is kept in this browser), at the same event.
  await page.reload();
  await expectLoaded(page, 'two-samples.json', second.eventCount);
  await expect(page.getByTestId('sample-picker')).toHaveValue('2');
  await expectMessagesAt(page, second, last);
});

test.describe('following another agent\u2019s growing log', () => {
  test.beforeAll(buildCli);

  test('records appended to a Claude Code log show up: read on, or imported again with a notice', async ({
    page,
  }) => {
    const source = readFileSync(FILES[0] as string, 'utf8');
    const lines = source.split('\n').filter(Boolean);
    const file = path.join(tmp(), 'live-claude.jsonl');
    const head = lines.slice(0, 8).join('\n') + '\n';
    writeFileSync(file, head);
    const { child, link } = await startOpen(file);
    try {
      await page.goto(link);
      await expectLoaded(page, 'live-claude.jsonl', loadCore(Buffer.from(head)).eventCount);
      await expect(page.getByTestId('follow')).toHaveAttribute('data-state', 'live');
      appendFileSync(file, lines.slice(8).join('\n') + '\n');
      const whole = loadCore(readFileSync(file));
      await expect(page.getByText('The log grew; imported again from the start')).toBeVisible({
        timeout: 10_000,
      });
      await expectLoaded(page, 'live-claude.jsonl', whole.eventCount);
      await selectByHash(page, whole.eventCount - 1);
      await expectMessagesAt(page, whole, whole.eventCount - 1);
      await expect(page.getByTestId('follow')).toHaveAttribute('data-state', 'live');
    } finally {
      child.kill('SIGTERM');
    }
  });

  test('lines appended to a Codex rollout are read on piece by piece, never imported again', async ({
    page,
  }) => {
    const lines = readFileSync(FILES[1] as string, 'utf8')
      .split('\n')
      .filter(Boolean);
    const file = path.join(tmp(), 'live-codex.jsonl');
    /** What follow mode shows of the file as it stands: its settled events (core/import/lineImport.ts). */
    const followed = () => {
      const log = new SessionLog();
      log.push(readFileSync(file));
      log.checkpoint('now');
      return log;
    };
    writeFileSync(file, lines.slice(0, 12).join('\n') + '\n');
    const { child, link } = await startOpen(file);
    try {
      await page.goto(link);
      await expectLoaded(page, 'live-codex.jsonl', followed().eventCount);
      await expect(page.getByTestId('follow')).toHaveAttribute('data-state', 'live');
      for (const [from, to] of [
        [12, 30],
        [30, lines.length],
      ] as const) {
        appendFileSync(file, lines.slice(from, to).join('\n') + '\n');
        await expectLoaded(page, 'live-codex.jsonl', followed().eventCount);
      }
      await expect(page.getByText('The log grew; imported again from the start')).toHaveCount(0);
      const log = followed();
      await selectByHash(page, log.eventCount - 1);
      await expectMessagesAt(page, log, log.eventCount - 1);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
