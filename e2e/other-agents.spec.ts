/**
 * Other agents' logs open in the app like the harness's own: detected by
 * content in the worker, and the messages pane shows exactly the core's
 * derived messages at any seq (here a Claude Code /compact run, a Codex
 * rollout and an Inspect AI .eval zip).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  SAMPLES_DIR,
  expect,
  expectLoaded,
  expectMessagesAt,
  gotoApp,
  interestingSeqs,
  loadCore,
  openWithInput,
  selectByHash,
  test,
} from './helpers';

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
