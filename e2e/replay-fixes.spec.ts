/**
 * Replay and session-info fixes: the replay bar forgets the previous log's
 * position when another log loads, "stop at problems" stops at failed
 * attempts too, the session header and wrapper lines are shown, and a broken
 * line can be looked at from the diagnostics panel.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadLogFromBytes } from '../src/core/log/load';
import { SAMPLES_DIR, expect, expectLoaded, gotoApp, openWithInput, test } from './helpers';

const DEMO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../public/samples/demo.jsonl');
const CARD = path.join(SAMPLES_DIR, 'design-card-example.jsonl');

test('a new log resets the replay position: no seq of the previous log stays behind', async ({ page }) => {
  const demo = loadLogFromBytes(readFileSync(DEMO));
  const n = demo.eventCount;
  await gotoApp(page, `/#seq=${n - 1}`);
  await expectLoaded(page, 'demo.jsonl', n);
  const slider = page.getByRole('slider', { name: 'Replay position' });
  const readout = page.getByTestId('replay-position');
  await expect(readout).toContainText(`of ${n}`);
  await expect(slider).toHaveAttribute('aria-valuemax', String(n - 1));

  await openWithInput(page, CARD);
  await expectLoaded(page, 'design-card-example.jsonl', 10);
  await expect(slider).toHaveAttribute('aria-valuemax', '9');
  await expect(readout).not.toContainText(`of ${n}`);
  await expect(slider).not.toHaveAttribute('aria-valuetext', new RegExp(`of ${n}\\b`));

  // Select the card's last event, then load a log with no events at all.
  await page.evaluate(() => (location.hash = '#seq=9'));
  await expect(readout).toContainText('seq 9 of 10');
  const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-empty-'));
  const empty = path.join(dir, 'empty.jsonl');
  writeFileSync(empty, '{"type":"session","version":0,"id":"empty-session","createdAt":1785157562825}\n');
  await openWithInput(page, empty);
  await expect(page.getByTestId('status')).toHaveAttribute('data-name', 'empty.jsonl');
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', /ready|error/);
  await expect(readout).toHaveText('');
  await expect(slider).toHaveAttribute('aria-valuemax', '0');
});

test('stop at problems stops at the first failed attempt; the notice clears when playback starts again', async ({
  page,
}) => {
  const demo = loadLogFromBytes(readFileSync(DEMO));
  const firstFailed = Math.min(
    ...demo.structure.steps.flatMap((s) => s.attempts.filter((a) => a.failed).map((a) => a.lastChunkSeq)),
  );
  // An info diagnostic only: the old rule (errors and warnings) played past it.
  expect(
    demo.diagnostics.items.some((d) => d.seq !== undefined && d.severity !== 'info' && d.seq <= firstFailed),
  ).toBe(false);
  await gotoApp(page, '/#seq=0');
  await expectLoaded(page, 'demo.jsonl', demo.eventCount);
  await page.getByRole('button', { name: 'Uniform' }).click();
  await page.getByLabel('Events per second').fill('60');
  const stop = page.getByLabel('Stop at problems');
  await stop.check();
  await expect(page.locator('label', { has: stop })).toHaveAttribute('title', /failed attempt/);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible({ timeout: 15_000 });
  const slider = page.getByRole('slider', { name: 'Replay position' });
  await expect(slider).toHaveAttribute('aria-valuenow', String(firstFailed));
  const notice = page.getByTestId('replay-notice');
  await expect(notice).toContainText(`seq ${firstFailed}`);
  // Playing again: the notice goes at once (not 4 s later) and playback moves on past the problem.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(notice).not.toContainText(`seq ${firstFailed}`, { timeout: 1000 });
  await expect
    .poll(async () => Number(await slider.getAttribute('aria-valuenow')), { timeout: 10_000 })
    .toBeGreaterThan(firstFailed);
});

test('session info shows the header fields and the wrapper lines with their line numbers', async ({
  page,
}) => {
  const recovery = path.join(SAMPLES_DIR, 'dsh/compaction-recovery.stream.jsonl');
  const rlog = loadLogFromBytes(readFileSync(recovery));
  await gotoApp(page);
  await openWithInput(page, recovery);
  await expectLoaded(page, 'compaction-recovery.stream.jsonl', rlog.eventCount);
  await page.getByTestId('session-info-button').click();
  const info = page.getByTestId('session-info');
  await expect(info).toBeVisible();
  const result = rlog.metas.find((m) => m.value.type === 'result')!;
  const metas = info.getByTestId('session-metas');
  await expect(metas).toContainText('COMPACTION RECOVERED');
  await expect(metas).toContainText(`line ${result.line}`);
  await page.keyboard.press('Escape');
  await expect(info).toHaveCount(0);

  const cordis = path.join(SAMPLES_DIR, 'dsh/cordis-tool-round.jsonl');
  const clog = loadLogFromBytes(readFileSync(cordis));
  await openWithInput(page, cordis);
  await expectLoaded(page, 'cordis-tool-round.jsonl', clog.eventCount);
  await page.getByTestId('session-info-button').click();
  const header = page.getByTestId('session-header');
  await expect(header).toContainText(String(clog.sessionHeader!.id));
  await expect(header).toContainText(String(clog.sessionHeader!.cwd));
});

test('session info over a header of the wrong types and sizes: the app stays, the values are cut (R22-3, R22-9)', async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-header-'));
  const bad = path.join(dir, 'bad-header.jsonl');
  const header = {
    type: 'session',
    version: 0,
    id: 'a\n'.repeat(250_000),
    seedLength: { a: 1 },
    parentSession: { b: 2 },
  };
  const events = [
    '{"type":"turn/start","seq":0,"time":1755000000000,"data":{"turn":1}}',
    '{"type":"turn/end","seq":1,"time":1755000000030,"data":{"turn":1,"reason":{"kind":"completed"}}}',
  ];
  writeFileSync(bad, `${[JSON.stringify(header), ...events].join('\n')}\n`);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await gotoApp(page);
  await openWithInput(page, bad);
  await expectLoaded(page, 'bad-header.jsonl', 2);
  await page.getByTestId('session-info-button').click();
  const info = page.getByTestId('session-header');
  await expect(info).toContainText('"a": 1');
  await expect(info).toContainText('more characters');
  expect((await info.textContent())?.length).toBeLessThan(5_000);
  await expect(page.getByTestId('session-seed')).toHaveCount(0);
  // the app is still there behind the dialog
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('session-info')).toHaveCount(0);
  await expect(page.getByTestId('status')).toHaveAttribute('data-name', 'bad-header.jsonl');
  expect(errors).toEqual([]);
});

test('a broken line can be looked at: bad JSON and a torn tail unfold to show their text', async ({
  page,
}) => {
  const lines = [
    '{"type":"turn/start","seq":0,"time":1755000000000,"data":{"turn":1}}',
    '{"type":"step/start","seq":1,"time":1755000000010,"data":{"turn":1,"step":1}}',
    '{"type":"user/message","seq":2,"time":1755000000020,"data":{"role":"user","content":[{"type":"text","text":"hi"}]}}',
    'this line \u0007 is {not json',
    '{"type":"step/end","seq":3,"time":1755000000030,"data":{"turn":1,"step":1}}',
  ];
  const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-broken-'));
  const file = path.join(dir, 'broken.jsonl');
  writeFileSync(file, lines.join('\n') + '\n{"type":"turn/end","seq":4,"da');
  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, 'broken.jsonl', 4);
  const panel = page.getByTestId('diagnostics');
  await panel.locator('[data-code="bad-json"]').click();
  const bad = panel.locator('[data-line="4"]');
  await bad.getByRole('button', { name: /line 4/ }).click();
  await expect(bad.getByTestId('diagnostic-line-text')).toHaveText('this line \\x07 is {not json');
  // Its jump to the next event is still there, apart.
  await expect(bad.getByRole('button', { name: 'next: seq 3' })).toBeVisible();

  await panel.locator('[data-code="torn-tail"]').click();
  const torn = panel.locator('[data-line="6"]');
  await torn.getByRole('button', { name: /line 6/ }).click();
  await expect(torn.getByTestId('diagnostic-line-text')).toHaveText('{"type":"turn/end","seq":4,"da');
});
