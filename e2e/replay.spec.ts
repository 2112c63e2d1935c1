/**
 * Token-level replay: the scrubber as a keyboard slider stepping
 * through a chunk run (the preview equals the deltas streamed so far, the
 * slider and the URL hash follow), character steps inside a delta
 * (`&char=K`; old links say `&chunk=K`), playback to the end and to a diagnostic, the wall-clock
 * axis, and a drag across a generated 20k-event log.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { loadLogFromBytes } from '../src/core/log/load';
import { seqAxis, timeAxis } from '../src/core/replay/axis';
import type { SessionLog } from '../src/core/log/sessionLog';
import type { StreamChunk } from '../src/core/types';
import { generateLogText } from '../scripts/gen/index';
import {
  SAMPLES_DIR,
  expect,
  expectLoaded,
  expectedStreamingText,
  gotoApp,
  openWithInput,
  selectByHash,
  test,
} from './helpers';

const STEERING = path.join(SAMPLES_DIR, 'dsh/steering.jsonl');
const DEMO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../public/samples/demo.jsonl');
const FIXTURES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../fixtures/diagnostics');

const load = (file: string): SessionLog => loadLogFromBytes(readFileSync(file));

/**
 * The preview's expected text at seq, folded here from the events themselves:
 * per block (in order of first appearance) the deltas streamed so far, a
 * `block-end` replacing the block with its final form.
 */
function deltasSoFar(log: SessionLog, from: number, seq: number): string {
  const blocks = new Map<number, string>();
  for (let s = from; s <= seq; s++) {
    const ev = log.event(s);
    if (ev.type !== 'assistant/chunk') continue;
    const c = (ev.data as { chunk: StreamChunk }).chunk as Record<string, unknown> & { type: string };
    const index = c.index as number;
    if (c.type === 'block-start') blocks.set(index, blocks.get(index) ?? '');
    else if (c.type === 'text-delta' || c.type === 'reasoning-delta')
      blocks.set(index, (blocks.get(index) ?? '') + (c.text as string));
    else if (c.type === 'tool-call-delta')
      blocks.set(index, (blocks.get(index) ?? '') + (c.argumentsDelta as string));
    else if (c.type === 'block-end') {
      const b = c.block as { text?: string; arguments?: string };
      blocks.set(index, b.text ?? b.arguments ?? JSON.stringify(b));
    }
  }
  return [...blocks.values()].join('');
}

const streamingText = (page: Page) => page.getByTestId('streaming').evaluate((e) => e.textContent ?? '');

async function focusSlider(page: Page) {
  const slider = page.getByRole('slider', { name: 'Replay position' });
  await slider.focus();
  return slider;
}

test('keyboard stepping through a chunk run: the preview is the deltas so far; slider and hash follow', async ({
  page,
}) => {
  // One key press and five checks per chunk of the run: long on a loaded machine.
  test.setTimeout(120_000);
  const log = load(STEERING);
  const step = log.structure.steps[0]!;
  const attempt = step.attempts[0]!;
  await gotoApp(page);
  await openWithInput(page, STEERING);
  await expectLoaded(page, 'steering.jsonl', log.eventCount);
  const first = attempt.firstChunkSeq;
  await selectByHash(page, first);
  const slider = await focusSlider(page);
  await expect(slider).toHaveAttribute('aria-valuenow', String(first));
  await expect(slider).toHaveAttribute('aria-valuemin', '0');
  await expect(slider).toHaveAttribute('aria-valuemax', String(log.eventCount - 1));
  await expect(slider).toHaveAttribute(
    'aria-valuetext',
    `seq ${first} of ${log.eventCount}, turn ${step.turn}, step ${step.step}, block-start`,
  );
  const streaming = page.getByTestId('streaming');
  for (let seq = first + 1; seq <= attempt.lastChunkSeq; seq++) {
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', String(seq));
    await expect(page).toHaveURL(new RegExp(`#seq=${seq}$`));
    await expect(streaming).toHaveAttribute('data-seq', String(seq));
    const want = deltasSoFar(log, first, seq);
    // The test's own fold agrees with the core's assembly.
    expect(want).toBe(expectedStreamingText(log, seq));
    expect(await streamingText(page)).toBe(want);
  }
  // Shift+Right: the next step; PageUp: back to the turn's start; End: the last event.
  await page.keyboard.press('Shift+ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', String(log.structure.steps[1]!.startSeq));
  await page.keyboard.press('PageUp');
  await expect(slider).toHaveAttribute('aria-valuenow', String(log.structure.turns[0]!.startSeq));
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', String(log.eventCount - 1));
  await expect(page).toHaveURL(new RegExp(`#seq=${log.eventCount - 1}$`));
  // Up/Down stay the timeline's (rows), Left steps back one event.
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', String(log.eventCount - 2));
});

test('Alt+Right inside a long delta advances char=K and the preview grows by one character', async ({
  page,
}) => {
  const log = load(STEERING);
  const attempt = log.structure.steps[0]!.attempts[0]!;
  // The longest text/reasoning delta of the attempt.
  let best = -1;
  let bestLen = 0;
  for (let s = attempt.firstChunkSeq; s <= attempt.lastChunkSeq; s++) {
    const c = (log.event(s).data as { chunk: { type: string; text?: string } }).chunk;
    const len = c.type.endsWith('-delta') && typeof c.text === 'string' ? Array.from(c.text).length : 0;
    if (len > bestLen) {
      best = s;
      bestLen = len;
    }
  }
  expect(bestLen).toBeGreaterThanOrEqual(3);
  const text = Array.from((log.event(best).data as { chunk: { text: string } }).chunk.text);
  const before = deltasSoFar(log, attempt.firstChunkSeq, best - 1);

  await gotoApp(page);
  await openWithInput(page, STEERING);
  await expectLoaded(page, 'steering.jsonl', log.eventCount);
  await selectByHash(page, best - 1);
  const slider = await focusSlider(page);
  await expect(slider).toHaveAttribute('aria-valuenow', String(best - 1));
  await expect(page.getByTestId('streaming')).toHaveAttribute('data-seq', String(best - 1));
  expect(await streamingText(page)).toBe(before);
  for (let k = 1; k < text.length; k++) {
    await page.keyboard.press('Alt+ArrowRight');
    await expect(page).toHaveURL(new RegExp(`#seq=${best}&char=${k}$`));
    await expect(slider).toHaveAttribute('aria-valuenow', String(best));
    await expect(slider).toHaveAttribute('aria-valuetext', new RegExp(`character ${k} of ${text.length}$`));
    await expect.poll(() => streamingText(page)).toBe(before + text.slice(0, k).join(''));
  }
  // The last character completes the delta: no chunk offset any more.
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page).toHaveURL(new RegExp(`#seq=${best}$`));
  await expect.poll(() => streamingText(page)).toBe(before + text.join(''));
  // And back.
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page).toHaveURL(new RegExp(`#seq=${best}&char=${text.length - 1}$`));
  await expect.poll(() => streamingText(page)).toBe(before + text.slice(0, -1).join(''));
  // A link with a chunk offset opens there.
  await page.evaluate((s) => (location.hash = `#seq=${s}&chunk=2`), best);
  await expect.poll(() => streamingText(page)).toBe(before + text.slice(0, 2).join(''));
});

test('playback at a uniform pace plays through to the end and stops', async ({ page }) => {
  const log = load(DEMO);
  const n = log.eventCount;
  await gotoApp(page, '/#seq=0');
  await expectLoaded(page, 'demo.jsonl', n);
  await page.getByRole('button', { name: 'Uniform' }).click();
  await page.getByLabel('Events per second').fill('120');
  const slider = page.getByRole('slider', { name: 'Replay position' });
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  // Count the positions shown on the way (not a jump to the end).
  await page.evaluate(() => {
    const el = document.querySelector('[role=slider]')!;
    const seen = new Set<string>();
    (window as unknown as { __seen: Set<string> }).__seen = seen;
    new MutationObserver(() => seen.add(el.getAttribute('aria-valuenow') ?? '')).observe(el, {
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  const play = page.getByRole('button', { name: 'Play', exact: true });
  await play.click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(slider).toHaveAttribute('aria-valuenow', String(n - 1));
  await expect(page).toHaveURL(new RegExp(`#seq=${n - 1}$`));
  const seen = await page.evaluate(() => (window as unknown as { __seen: Set<string> }).__seen.size);
  // How many frames a loaded machine paints varies; that playback passes through positions (and
  // does not jump to the end) does not.
  expect(seen).toBeGreaterThan(2);
});

for (const motion of ['no-preference', 'reduce'] as const) {
  test(`real-time playback (${motion} motion): deltas ${motion === 'reduce' ? 'appear whole' : 'reveal character by character'}, idle gaps are skipped and said so`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: motion });
    const log = load(DEMO);
    // From just before the demo's 45 s pause (seq 149 -> 150), and through the next step's stream.
    await gotoApp(page, '/#seq=146');
    await expectLoaded(page, 'demo.jsonl', log.eventCount);
    const slider = page.getByRole('slider', { name: 'Replay position' });
    await expect(slider).toHaveAttribute('aria-valuenow', '146');
    await page.getByLabel('Speed').selectOption('2');
    await page.evaluate(() => {
      const el = document.querySelector('[role=slider]')!;
      const w = window as unknown as { __chunks: number; __notices: string[] };
      w.__chunks = 0;
      w.__notices = [];
      new MutationObserver(() => {
        if (el.getAttribute('data-chunk') !== null) w.__chunks++;
      }).observe(el, { attributes: true, attributeFilter: ['data-chunk'] });
      const notice = document.querySelector('[data-testid=replay-notice]')!;
      new MutationObserver(() => w.__notices.push(notice.textContent ?? '')).observe(notice, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(slider).toHaveAttribute('aria-valuenow', /^(1[7-9]\d|2\d\d)$/, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __chunks: number; __notices: string[] };
      return { __chunks: w.__chunks, __notices: w.__notices };
    });
    const gap = Math.round((log.timeOf(150)! - log.timeOf(149)!) / 1000);
    expect(seen.__notices.join(' | ')).toContain(`Skipped ${gap}.0 s idle`);
    if (motion === 'reduce') expect(seen.__chunks).toBe(0);
    else expect(seen.__chunks).toBeGreaterThan(0);
  });
}

test('playback stops at a problem when asked, and on user interaction', async ({ page }) => {
  const file = path.join(FIXTURES, 'chunk-mismatch.jsonl');
  const log = load(file);
  const problem = log.diagnostics.items.find((d) => d.seq !== undefined && d.severity !== 'info')!.seq!;
  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, 'chunk-mismatch.jsonl', log.eventCount);
  await selectByHash(page, 0);
  await page.getByRole('button', { name: 'Uniform' }).click();
  await page.getByLabel('Events per second').fill('20');
  await page.getByLabel('Stop at problems').check();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible({ timeout: 10_000 });
  const slider = page.getByRole('slider', { name: 'Replay position' });
  await expect(slider).toHaveAttribute('aria-valuenow', String(problem));
  await expect(page.getByTestId('replay-notice')).toContainText(`seq ${problem}`);

  // Interaction: a click on a timeline row stops playback where the user clicked.
  await page.getByLabel('Stop at problems').uncheck();
  await page.getByLabel('Events per second').fill('2');
  await selectByHash(page, 0);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await page.getByTestId('timeline').locator('[data-seq="2"]').click();
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(slider).toHaveAttribute('aria-valuenow', '2');
  await page.waitForTimeout(700); // it stays stopped
  await expect(slider).toHaveAttribute('aria-valuenow', '2');
});

test('the wall-clock axis marks compressed gaps; a click on the bar selects the seq under it', async ({
  page,
}) => {
  const log = load(DEMO);
  await gotoApp(page, '/#seq=0');
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  const slider = page.getByRole('slider', { name: 'Replay position' });
  await expect(slider).toHaveAttribute('data-axis', 'seq');
  const box = (await slider.boundingBox())!;
  // Seq axis: the middle of the bar is the middle event.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const mid = Math.floor(log.eventCount / 2);
  const now = Number(await slider.getAttribute('aria-valuenow'));
  expect(Math.abs(now - mid)).toBeLessThanOrEqual(1);
  await expect(page.getByTestId('messages')).toHaveAttribute('data-seq', String(now));
  // The handle and the end of the played part are drawn at the selected event (both move by
  // transform: a share of the track's width, cqw, and a scale from its left edge).
  const midX = box.x + box.width * seqAxis(log.eventCount).xOf(now);
  await expect.poll(async () => Math.abs((await drawnAt(page)).handle - midX)).toBeLessThanOrEqual(1);
  await expect.poll(async () => Math.abs((await drawnAt(page)).played - midX)).toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: 'Time', exact: true }).click();
  await expect(slider).toHaveAttribute('data-axis', 'time');
  // The demo's idle gaps (the 45 s pause before seq 150 among them) are compressed and marked.
  const axis = timeAxis(log)!;
  expect(axis.markers.map((m) => m.seq)).toContain(150);
  await expect(slider).toHaveAttribute('data-gaps', String(axis.markers.length));
  // A click at x selects the last event at or before x on the wall clock (the core's axis).
  for (const f of [0.1, 0.5, 0.8, 0.97]) {
    await page.mouse.click(box.x + box.width * f, box.y + box.height / 2);
    const want = axis.seqAt(f);
    await expect
      .poll(async () => Math.abs(Number(await slider.getAttribute('aria-valuenow')) - want))
      .toBeLessThanOrEqual(1);
    // The handle stands at the selected event's place on the wall clock.
    const x = box.x + box.width * axis.xOf(Number(await slider.getAttribute('aria-valuenow')));
    await expect.poll(async () => Math.abs((await drawnAt(page)).handle - x)).toBeLessThanOrEqual(1);
  }
});

/** Where the scrubber's handle stands and where its played part ends, in page pixels. */
const drawnAt = (page: Page) =>
  page.getByTestId('scrubber-handle').evaluate((h) => ({
    handle: h.getBoundingClientRect().left,
    played:
      h.parentElement?.querySelector('[data-testid=scrubber-played]')?.getBoundingClientRect().right ?? NaN,
  }));

test('stream health: a stalled step is marked in its row and on the scrubber', async ({ page }) => {
  // One step streaming "Hello, world" with a 3.5 s stall before the last delta.
  const t0 = 1_760_000_000_000;
  const ev = (type: string, t: number, data: object, extra: object = {}) => ({
    type,
    time: t0 + t,
    data,
    ...extra,
  });
  const chunk = (t: number, c: object) => ev('assistant/chunk', t, { turn: 1, step: 1, chunk: c });
  const rows = [
    ev('turn/start', 0, { turn: 1 }),
    ev(
      'user/message',
      10,
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { surfaceOp: 'append' },
    ),
    ev('step/start', 20, { turn: 1, step: 1 }),
    chunk(400, { type: 'block-start', index: 0, blockType: 'text' }),
    chunk(420, { type: 'text-delta', index: 0, text: 'Hello' }),
    chunk(460, { type: 'text-delta', index: 0, text: ', ' }),
    chunk(3960, { type: 'text-delta', index: 0, text: 'world' }),
    chunk(3970, { type: 'block-end', index: 0, block: { type: 'text', text: 'Hello, world' } }),
    chunk(3975, { type: 'usage', usage: { inputTokens: 10, outputTokens: 3 } }),
    chunk(3980, { type: 'finish', reason: { kind: 'stop' } }),
    ev(
      'assistant/message',
      3990,
      { turn: 1, step: 1, message: { role: 'assistant', content: [{ type: 'text', text: 'Hello, world' }] } },
      { surfaceOp: 'append' },
    ),
    ev('step/end', 4000, { turn: 1, step: 1 }),
    ev('turn/end', 4010, { turn: 1, reason: { kind: 'completed' } }),
  ];
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-replay-')), 'stall.jsonl');
  writeFileSync(file, rows.map((r, seq) => JSON.stringify({ ...r, seq })).join('\n') + '\n');
  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, 'stall.jsonl', rows.length);
  const health = page.getByTestId('timeline').locator('[data-kind=step] [data-testid=step-health]');
  await expect(health).toHaveAttribute('data-stalled', 'true');
  await expect(health).toContainText('stall 3.5 s');
  const title = (await health.getAttribute('title')) ?? '';
  expect(title).toContain('time to first token: 400 ms (from step start)');
  expect(title).toContain('longest stall: 3.5 s (before seq 6)');
  await expect(page.getByRole('slider', { name: 'Replay position' })).toHaveAttribute('data-stalls', '1');
});

// The drag's long tasks and dropped frames are measured by `npm run measure:replay`
// (scripts/measure-replay.mjs): figures belong there, not in a pass/fail test.
test('a drag across a generated 20k-event log moves the selection to its end; the panes catch up', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-replay-'));
  const file = path.join(dir, 'gen-20k.jsonl');
  writeFileSync(file, generateLogText({ events: 20_000, seed: 4 }));
  await gotoApp(page);
  await openWithInput(page, file);
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('status')).toHaveAttribute('data-events', '20000');
  const slider = page.getByRole('slider', { name: 'Replay position' });
  await expect(slider).toHaveAttribute('aria-valuemax', '19999');
  const box = (await slider.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 2, y);
  await page.mouse.down();
  const moves = 40;
  const seen = new Set<number>();
  for (let i = 1; i <= moves; i++) {
    await page.mouse.move(box.x + 2 + ((box.width - 4) * i) / moves, y);
    seen.add(Number(await slider.getAttribute('aria-valuenow')));
    // While dragging, a move commits the selection (once per frame) and nothing else: the readout
    // is the selection's, no hover description is kept up to date underneath.
    if (i % 10 === 0) await expect(page.getByTestId('scrubber-hover')).toHaveCount(0);
  }
  await expect(page.getByTestId('replay-position')).toContainText(/seq [\d,]+ of/);
  await page.mouse.up();
  const last = Number(await slider.getAttribute('aria-valuenow'));
  // Released, the pointer over the bar describes what is under it again.
  await page.mouse.move(box.x + box.width / 2, y);
  await expect(page.getByTestId('scrubber-hover')).toContainText('seq');
  expect(last).toBeGreaterThan(19_900);
  // The selection went through the log on the way, not in one jump.
  expect(seen.size).toBeGreaterThan(2);
  // The panes catch up with where the drag ended.
  await expect(page.getByTestId('messages')).toHaveAttribute('data-seq', String(last), { timeout: 10_000 });
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-seq', String(last), { timeout: 10_000 });
});
