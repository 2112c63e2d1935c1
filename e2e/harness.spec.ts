/**
 * What the harness itself sees (spec section 4): the request in force above
 * the messages for a log with two different request headers, the timeline
 * marks where the header changed, the inspector's header diff, and the
 * resume preview of a log that ends inside a turn. Expectations come from
 * the core (loaded in Node from the same bytes).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requestInForceAt } from '../src/core/harness/requestInForce';
import { resumeCheck } from '../src/core/harness/resumeCheck';
import { expect, expectLoaded, gotoApp, loadCore, openWithInput, selectByHash, test } from './helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TWO_HEADERS = path.join(ROOT, 'fixtures/harness/two-headers.jsonl');
const ENDS_MID_TURN = path.join(ROOT, 'fixtures/diagnostics/resume-repair.jsonl');

test('the request in force follows the seq across two different headers', async ({ page }) => {
  const log = loadCore(TWO_HEADERS);
  const first = requestInForceAt(log, 5)!;
  const second = requestInForceAt(log, 15)!;
  expect([first.seq, second.seq]).toEqual([0, 12]);
  await gotoApp(page);
  await openWithInput(page, TWO_HEADERS);
  await expectLoaded(page, 'two-headers.jsonl', log.eventCount);

  const request = page.getByTestId('request-in-force');
  await selectByHash(page, 5);
  await expect(page.getByTestId('messages')).toHaveAttribute('data-seq', '5');
  await expect(request).toHaveAttribute('data-header-seq', '0');
  await expect(request.getByTestId('request-model')).toHaveText('acme / m-1');
  await expect(request).toContainText('1 tool');

  await selectByHash(page, 15);
  await expect(page.getByTestId('messages')).toHaveAttribute('data-seq', '15');
  await expect(request).toHaveAttribute('data-header-seq', '12');
  await expect(request.getByTestId('request-model')).toHaveText('acme / m-2');
  const system = second.system as string;
  await expect(request).toContainText(`system ${system.length} chars`);

  // Expanded: the system prompt (collapsed until asked), the tools with their schemas.
  await request.locator('summary').first().click();
  const prompt = request.getByTestId('request-system');
  await expect(prompt.locator('pre')).toBeHidden();
  await prompt.locator('summary').click();
  await expect(prompt.locator('pre')).toHaveText(system);
  const tools = request.getByTestId('request-tools');
  await tools.locator('summary').first().click();
  await expect(tools).toContainText('Tools (2)');
  await expect(tools).toContainText('write');

  // The timeline marks both header changes; the link goes to the header, whose inspector shows the change.
  await expect(page.getByTestId('request-changed-mark')).toHaveCount(2);
  await request.getByTestId('request-header-link').click();
  await expect(page).toHaveURL(/#seq=12$/);
  const change = page.getByTestId('request-change');
  await expect(change).toContainText('Changes from the request header at seq 0');
  await expect(change.getByTestId('request-tools-added')).toContainText('write');
  await expect(change.getByTestId('request-system-diff').locator('ins').first()).toContainText('write tool');
});

test('the resume preview of a log that ends mid-turn shows the synthetic events and messages', async ({
  page,
}) => {
  const log = loadCore(ENDS_MID_TURN);
  const check = resumeCheck(log);
  expect(check.repair.map((e) => e.type)).toEqual([
    'tool/result',
    'tool/result',
    'step/end',
    'turn/end',
    'session/end-seed',
  ]);
  await gotoApp(page);
  await openWithInput(page, ENDS_MID_TURN);
  await expectLoaded(page, 'resume-repair.jsonl', log.eventCount);
  await page.getByTestId('resume-preview-toggle').click();
  const preview = page.getByTestId('resume-preview');
  await expect(preview).toContainText('on resume the harness appends 5 events, then sends 4 messages');
  const events = preview.getByTestId('resume-synthetic-events').locator('li');
  await expect(events).toHaveCount(5);
  await expect(events.nth(0)).toContainText('TOOL_OUTCOME_UNKNOWN for call_a (tool/call at seq 4)');
  await expect(events.nth(1)).toContainText('TOOL_NOT_STARTED for call_b');
  await expect(events.nth(3)).toContainText('turn 1: interrupted');
  for (let i = 0; i < 5; i++) await expect(events.nth(i)).toContainText('synthetic');
  const messages = preview.getByTestId('resume-messages').locator('[data-synthetic]');
  await expect(messages).toHaveCount(4);
  await expect(preview.locator('[data-synthetic=true]')).toHaveCount(2);
  await expect(preview.locator('[data-synthetic=true]').first()).toContainText(
    'The tool call was interrupted',
  );
});
