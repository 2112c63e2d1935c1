/**
 * Seventh audit, in the browser: the surfaces earlier XSS sweeps did not walk. A log whose every
 * string (tool names, models, providers, error messages, diagnostics, event types, search hits)
 * carries markup, event handlers, `javascript:` links and terminal controls is opened, and the
 * Why panel's Search, Charts (tools table, cost per model) and Compare runs (the log against
 * itself), the Diagnostics panel and Session info are each opened in turn; an Inspect .json of
 * samples with hostile ids fills the sample picker. After each: no element the log made (no
 * handler attribute, no script/iframe/object, no href or src but http(s)/mailto/same-origin),
 * nothing ran, no CSP violation, and the payload is on screen as text.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openWithInput, test } from './helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-audit-r7-'));

const P =
  '<img src=x onerror="window.__x=1"><svg onload="window.__x=2"></svg><script>window.__x=3</script>' +
  '[a](javascript:window.__x=4)<a href="javascript:window.__x=5">l</a>\u001b]0;T\u0007\u202e';

function hostileLog(): string {
  const step = { turn: 1, step: 1 };
  const events: object[] = [
    { type: 'session/title', data: { title: `title${P}` } },
    {
      type: 'request/header',
      data: {
        header: {
          config: { provider: `prov${P}`, model: `model${P}` },
          system: P,
          tools: [{ name: `tool${P}` }],
        },
        reason: P,
      },
    },
    { type: 'turn/start', data: { turn: 1 } },
    { type: 'step/start', data: step },
    {
      type: 'user/message',
      data: { role: 'user', content: [{ type: 'text', text: `needle ${P}` }] },
      surfaceOp: 'append',
    },
    {
      type: 'assistant/message',
      data: {
        ...step,
        message: {
          role: 'assistant',
          content: [
            { type: 'text', text: `needle ${P}` },
            { type: 'tool-call', id: 'c1', name: `bash${P}`, arguments: JSON.stringify({ cmd: P }) },
          ],
          source: { kind: 'model', provider: `prov${P}`, model: `model${P}` },
        },
        usage: { inputTokens: 10, outputTokens: 5 },
      },
      surfaceOp: 'append',
    },
    {
      type: 'tool/call',
      data: { ...step, callId: 'c1', name: `bash${P}`, arguments: JSON.stringify({ cmd: P }) },
    },
    {
      type: 'tool/result',
      data: {
        ...step,
        message: {
          role: 'tool',
          toolCallId: 'c1',
          toolName: `bash${P}`,
          content: [{ type: 'text', text: `needle ${P}` }],
          isError: true,
        },
        error: { name: P, code: P },
      },
      surfaceOp: 'append',
      sourceEventSeqs: [6],
    },
    { type: `x/${P}`, data: { note: `needle ${P}` } },
    { type: 'step/end', data: step },
    {
      type: 'turn/end',
      data: { turn: 1, reason: { kind: 'error', error: { message: `needle ${P}`, code: P } } },
    },
  ];
  return `${events.map((e, seq) => JSON.stringify({ ...e, seq, time: 1_755_000_000_000 + seq * 10 })).join('\n')}\nnot json ${P}\n`;
}

/** What the log may have made of the page: markup, handlers, script URLs; and whether anything ran. */
async function injected(page: Page): Promise<{ bad: string[]; ran: unknown; violations: string[] }> {
  return page.evaluate(() => {
    const bad: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (/^(IFRAME|OBJECT|EMBED|SCRIPT|BASE|META)$/.test(el.tagName)) bad.push(el.tagName);
      for (const a of el.attributes) {
        if (/^on/i.test(a.name)) bad.push(`${el.tagName} ${a.name}`);
        const url = /^(href|src|action|formaction|xlink:href)$/i.test(a.name) ? a.value : '';
        if (url && !/^(https?:|mailto:|#|\/(?!\/)|blob:http:\/\/127\.0\.0\.1)/i.test(url))
          bad.push(`${el.tagName} ${a.name}=${url.slice(0, 60)}`);
      }
    }
    const w = window as unknown as { __x?: unknown; __violations?: string[] };
    return { bad, ran: w.__x ?? null, violations: w.__violations ?? [] };
  });
}

async function expectClean(page: Page, where: string) {
  expect(await injected(page), where).toEqual({ bad: [], ran: null, violations: [] });
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
});

test('payloads in every field stay text in Search, Charts, Compare runs, Diagnostics and Session info', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const file = path.join(dir, 'hostile-why.jsonl');
  writeFileSync(file, hostileLog());
  await page.goto('/');
  await openWithInput(page, file);
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-state', 'ready');
  await expect(status).toHaveAttribute('data-events', '11');
  await expectClean(page, 'loaded');

  await page.keyboard.press('/');
  await page.getByLabel('search every event').fill('needle');
  await expect(page.getByTestId('search-count')).toContainText('match');
  await expect(page.getByTestId('search-results')).toContainText('needle');
  await expectClean(page, 'search');

  await page.getByRole('tab', { name: 'Charts' }).click();
  await expect(page.getByTestId('why-panel')).toContainText('onerror');
  await expectClean(page, 'charts');

  await page.getByRole('tab', { name: 'Compare runs' }).click();
  await page.getByLabel('second log').setInputFiles(file);
  await expect(page.getByTestId('run-compare')).toBeVisible({ timeout: 20_000 });
  await expectClean(page, 'compare runs');

  const diagnostics = page.getByTestId('diagnostics');
  await diagnostics.getByRole('button', { name: 'Diagnostics' }).click();
  await expect(diagnostics).toHaveAttribute('data-open', 'true');
  await expect(diagnostics).toContainText('"not json <i');
  await expectClean(page, 'diagnostics');

  await page.getByRole('button', { name: 'Session info' }).click();
  await expectClean(page, 'session info');
});

test('sample ids with markup stay text in the sample picker and its go-to box', async ({ page }) => {
  const sample = (id: string) => ({
    id,
    epoch: 1,
    messages: [{ role: 'user', content: `q ${P}` }],
    events: [
      {
        event: 'model',
        timestamp: '2025-01-01T00:00:01Z',
        model: `m${P}`,
        input: [{ role: 'user', content: `q ${P}` }],
        output: { choices: [{ message: { role: 'assistant', content: `a ${P}` }, stop_reason: 'stop' }] },
      },
    ],
  });
  const file = path.join(dir, 'hostile-samples.json');
  writeFileSync(
    file,
    JSON.stringify({
      version: 2,
      status: 'success',
      eval: { task: `t${P}`, model: `m${P}` },
      samples: Array.from({ length: 300 }, (_, i) => sample(`s${i}${P}`)),
    }),
  );
  await page.goto('/');
  await openWithInput(page, file);
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready');
  const picker = page.getByTestId('sample-picker');
  await expect(picker).toBeVisible();
  await expect(picker.locator('option').first()).toContainText('<img');
  await expectClean(page, 'sample picker');
});
