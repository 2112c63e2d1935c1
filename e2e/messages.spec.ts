/**
 * The messages pane (QA fixes): tool call/result links that reach outside the
 * loaded messages, the failed attempt kept on screen until its retry streams,
 * the Markdown transcript keeping what a compaction replaced, the "new since"
 * note, and the raw/md toggle never covering text.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, expectLoaded, gotoApp, loadCore, openWithInput, selectByHash, test } from './helpers';

const DEMO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../public/samples/demo.jsonl');
const log = loadCore(DEMO);

test('"result →" jumps to the tool result even when it is after the selected seq', async ({ page }) => {
  await gotoApp(page, '/?sample=demo.jsonl#seq=47');
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  const pane = page.getByTestId('messages');
  await expect(pane).toHaveAttribute('data-seq', '47');
  const call = pane.locator('[data-block-type=tool-call][data-call-id=call_read_1]');
  await call.getByRole('button', { name: 'result →' }).click();
  await expect(page).toHaveURL(/#seq=49$/);
  await expect(pane).toHaveAttribute('data-seq', '49');
  // A pushState jump: Back returns to the call.
  await page.goBack();
  await expect(pane).toHaveAttribute('data-seq', '47');
});

test('"result →" is disabled for a call whose result is not in the log', async ({ page }) => {
  const lines = [
    { type: 'session', version: 0, id: 'orphan', createdAt: 1000 },
    { type: 'turn/start', seq: 0, time: 1000, data: { turn: 1 } },
    {
      type: 'user/message',
      seq: 1,
      time: 1001,
      data: { role: 'user', content: [{ type: 'text', text: 'list files' }], source: { kind: 'user' } },
      surfaceOp: 'append',
    },
    { type: 'step/start', seq: 2, time: 1002, data: { turn: 1, step: 1 } },
    {
      type: 'assistant/message',
      seq: 3,
      time: 1003,
      data: {
        turn: 1,
        step: 1,
        message: {
          role: 'assistant',
          content: [{ type: 'tool-call', id: 'call_ls', name: 'bash', arguments: '{"cmd":"ls"}' }],
        },
      },
      surfaceOp: 'append',
      sourceEventSeqs: [],
    },
    {
      type: 'tool/call',
      seq: 4,
      time: 1004,
      data: { turn: 1, step: 1, callId: 'call_ls', name: 'bash', arguments: '{"cmd":"ls"}' },
    },
  ];
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-')), 'orphan.jsonl');
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const core = loadCore(file);
  expect(core.structure.toolCalls.map((c) => [c.callId, c.resultSeq])).toEqual([['call_ls', null]]);
  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, 'orphan.jsonl', core.eventCount);
  await selectByHash(page, 4);
  const pane = page.getByTestId('messages');
  await expect(pane).toHaveAttribute('data-seq', '4');
  const link = pane
    .locator('[data-block-type=tool-call][data-call-id=call_ls]')
    .getByRole('button', { name: 'result →' });
  await expect(link).toBeDisabled();
  await expect(link).toHaveAttribute('title', 'no result in the log');
});

test('a failed attempt shows its failure message, and stays (marked failed) until the retry streams', async ({
  page,
}) => {
  await gotoApp(page, '/?sample=demo.jsonl#seq=60');
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  const streaming = page.getByTestId('streaming');
  await expect(streaming).toHaveAttribute('data-seq', '60');
  await expect(streaming).toHaveText('Found it: `cart.items[0]` is undefined when');
  await expect(page.getByTestId('stream-failure')).toContainText('upstream overloaded');

  // seq 61: llm/retry, before the retry's first chunk.
  await selectByHash(page, 61);
  await expect(streaming).toHaveAttribute('data-seq', '61');
  await expect(streaming).toHaveText(''); // the current (not yet started) attempt's text only
  const failed = page.getByTestId('failed-attempt');
  await expect(failed).toContainText('Found it: `cart.items[0]` is undefined when');
  await expect(failed.getByTestId('stream-failure')).toContainText('failed');
  await expect(failed.getByTestId('stream-failure')).toContainText('upstream overloaded');

  // The retry's first text: the failed attempt is no longer shown, never merged into the new one.
  await selectByHash(page, 63);
  await expect(streaming).toHaveAttribute('data-seq', '63');
  await expect(streaming).toHaveText('Found ');
  await expect(failed).toHaveCount(0);
});

test('the Markdown transcript keeps the messages a compaction replaced; the JSON stays the derived messages', async ({
  page,
}) => {
  const seq = 235;
  await gotoApp(page, `/?sample=demo.jsonl#seq=${seq}`);
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  await expect(page.getByTestId('messages')).toHaveAttribute('data-seq', String(seq));

  await page.getByTestId('export-menu-button').click();
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  const exported = JSON.parse(readFileSync(await json.path(), 'utf8')) as { messages: unknown[] }[];
  // The derive --with-request shape: one entry, its messages the derived history.
  expect(exported[0]?.messages).toEqual(log.messagesAt(seq).messages.map((m) => m.message));

  await page.getByTestId('export-menu-button').click();
  const [md] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-markdown').click(),
  ]);
  const text = readFileSync(await md.path(), 'utf8');
  expect(text).toContain('> [compaction replaced seqs 1..90 with:]');
  // The originals the compaction hid are in the transcript, before the replacement.
  const firstUser = log.event(1).data as { content: { text: string }[] };
  const original = firstUser.content[0]!.text.split('\n')[0]!;
  expect(text).toContain(original);
  expect(text.indexOf(original)).toBeLessThan(text.indexOf('> [compaction replaced seqs 1..90 with:]'));
  expect(text).toContain('## 2. Assistant');
  expect(text).toMatch(/· seq 47\n/);
  expect(text).toMatch(/· seq 49\n/);
});

test('"new since seq N" only when a message is new, on one header line', async ({ page }) => {
  await gotoApp(page, '/?sample=demo.jsonl#seq=60');
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  const pane = page.getByTestId('messages');
  const header = page.getByTestId('messages-header');
  await expect(pane).toHaveAttribute('data-seq', '60');
  await selectByHash(page, 61);
  await expect(pane).toHaveAttribute('data-seq', '61');
  await expect(header).toHaveText(/^at seq 61 · \d+ messages?$/);
  await expect(pane.locator('[data-highlighted]')).toHaveCount(0);

  // 47 -> 49: the tool result at 49 is new.
  await selectByHash(page, 47);
  await expect(pane).toHaveAttribute('data-seq', '47');
  await selectByHash(page, 49);
  await expect(pane).toHaveAttribute('data-seq', '49');
  await expect(header).toContainText('new since seq 47');
  await expect(header).toHaveAttribute('title', /new since seq 47/);
  // One line: no taller than a single line of its text, even in a narrow pane.
  await page.setViewportSize({ width: 700, height: 700 });
  const box = await header.boundingBox();
  const lineHeight = await header.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight) || 16);
  expect(box!.height).toBeLessThanOrEqual(lineHeight + 1);
});

test('the raw/md toggle never covers the message text', async ({ page }) => {
  // A narrow window: long text wraps across the whole width, through the toggle's corner.
  await page.setViewportSize({ width: 1000, height: 800 });
  const seq = 235;
  await gotoApp(page, `/?sample=demo.jsonl#seq=${seq}`);
  await expectLoaded(page, 'demo.jsonl', log.eventCount);
  const pane = page.getByTestId('messages');
  await expect(pane).toHaveAttribute('data-seq', String(seq));
  const blocks = pane.locator('[data-testid=message] [data-block-type=text]');
  await expect(blocks.first()).toBeVisible();
  // A seek renders only what its end shows: scrolled up a little, the messages above render too
  // (the long ones whose lines run through the toggle's column).
  const before = await blocks.count();
  await pane.evaluate((el) => el.scrollBy(0, -500));
  await expect.poll(() => blocks.count()).toBeGreaterThan(before);
  const n = await blocks.count();
  let fullWidthLines = 0;
  for (let i = 0; i < n; i++) {
    const block = blocks.nth(i);
    // The geometry does not depend on hovering (the toggle keeps its place while transparent);
    // hover the ones on screen to see it shown.
    const toggle = block.getByTestId('raw-toggle');
    if (
      await block.evaluate(
        (el) =>
          document.elementFromPoint(el.getBoundingClientRect().x + 2, el.getBoundingClientRect().y + 2) !==
            null &&
          el.getBoundingClientRect().top > 0 &&
          el.getBoundingClientRect().bottom < innerHeight &&
          el.contains(
            document.elementFromPoint(el.getBoundingClientRect().x + 2, el.getBoundingClientRect().y + 2),
          ),
      )
    ) {
      await block.hover();
      await expect(toggle).toHaveCSS('opacity', '1');
    }
    const r = await block.evaluate((el) => {
      const t = el.querySelector('[data-testid=raw-toggle]')!.getBoundingClientRect();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let overlap = false;
      let reaching = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if ((node.parentElement as Element).closest('[data-testid=raw-toggle]')) continue;
        range.selectNodeContents(node);
        for (const x of range.getClientRects()) {
          if (x.width === 0 || x.height === 0) continue;
          if (x.left < t.right && x.right > t.left && x.top < t.bottom && x.bottom > t.top) overlap = true;
          if (x.right > t.left) reaching++; // a line as wide as the toggle's column
        }
      }
      return { overlap, reaching };
    });
    expect(r.overlap, `text block ${i}`).toBe(false);
    fullWidthLines += r.reaching;
  }
  // The check means something: text does run through the toggle's column (below it).
  expect(fullWidthLines).toBeGreaterThan(0);
});

test('scrolling up fast through a few hundred messages keeps the pane (audit R15-2: a page choice looped, React #301, blank app)', async ({
  page,
  pageErrors,
}) => {
  // 150 user/assistant exchanges of 1-7 lines, then one long pasted message and 10 short ones
  let r = 12345;
  const rnd = (n: number) => {
    r = (r * 1103515245 + 12345) % 2147483648;
    return r % n;
  };
  const words = 'the of and to in is that for it with as was on be by this are or from at which an but'.split(
    ' ',
  );
  const para = (n: number) => Array.from({ length: n }, () => words[rnd(words.length)]).join(' ');
  const lines: string[] = [];
  const ev = (type: string, data: unknown, extra: object = {}) =>
    lines.push(
      JSON.stringify({ type, seq: lines.length, time: 1755000000000 + lines.length, data, ...extra }),
    );
  const user = (text: string) =>
    ev('user/message', { role: 'user', content: [{ type: 'text', text }] }, { surfaceOp: 'append' });
  ev('turn/start', { turn: 1 });
  for (let i = 0; i < 150; i++) {
    user(para(1 + rnd(6)));
    ev('step/start', { turn: 1, step: i + 1 });
    const text = Array.from({ length: 1 + rnd(7) }, () => para(1 + rnd(8))).join('\n');
    ev(
      'assistant/message',
      { turn: 1, step: i + 1, message: { role: 'assistant', content: [{ type: 'text', text }] } },
      { surfaceOp: 'append', sourceEventSeqs: [] },
    );
    ev('step/end', { turn: 1, step: i + 1 });
  }
  user(para(8000));
  for (let i = 0; i < 10; i++) user(para(3));
  ev('turn/end', { turn: 1, reason: { kind: 'completed' } });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-chat-')), 'chat.jsonl');
  writeFileSync(file, lines.join('\n') + '\n');

  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, 'chat.jsonl', lines.length);
  const pane = page.getByTestId('messages');
  const box = await pane.boundingBox();
  if (!box) throw new Error('no messages pane');
  const before = await pane.evaluate((el) => el.scrollTop);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 20; i++) {
    await page.mouse.wheel(0, -1000);
    await page.waitForTimeout(50);
  }
  // the pane is still there, scrolled up, showing older messages; no page error (#301 was one)
  await expect(pane).toBeVisible();
  await expect.poll(() => pane.evaluate((el) => el.scrollTop)).toBeLessThan(before - 10_000);
  await expect(pane.locator('[data-testid=message]').first()).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('scrolling down through older messages loads each of them: no placeholder stays on screen (audit R16-4)', async ({
  page,
  pageErrors,
}) => {
  // 500 one-word exchanges: ~25 short messages rendered at a time, more than the 40 of one page
  const lines: string[] = [];
  const ev = (type: string, data: unknown, extra: object = {}) =>
    lines.push(
      JSON.stringify({ type, seq: lines.length, time: 1755000000000 + lines.length, data, ...extra }),
    );
  ev('turn/start', { turn: 1 });
  for (let i = 0; i < 500; i++) {
    ev('user/message', { role: 'user', content: [{ type: 'text', text: `q${i}` }] }, { surfaceOp: 'append' });
    ev('step/start', { turn: 1, step: i + 1 });
    ev(
      'assistant/message',
      { turn: 1, step: i + 1, message: { role: 'assistant', content: [{ type: 'text', text: `a${i}` }] } },
      { surfaceOp: 'append', sourceEventSeqs: [] },
    );
    ev('step/end', { turn: 1, step: i + 1 });
  }
  ev('turn/end', { turn: 1, reason: { kind: 'completed' } });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seqscope-short-')), 'short.jsonl');
  writeFileSync(file, lines.join('\n') + '\n');

  await gotoApp(page);
  await openWithInput(page, file);
  await expectLoaded(page, 'short.jsonl', lines.length);
  const pane = page.getByTestId('messages');
  await expect(pane.locator('[data-testid=message]').first()).toBeVisible();
  await pane.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => pane.evaluate((el) => el.scrollTop)).toBeLessThan(10);
  const box = await pane.boundingBox();
  if (!box) throw new Error('no messages pane');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  /** Placeholders ("message 83…") intersecting the pane's viewport. */
  const placeholdersInView = () =>
    pane.evaluate((el) => {
      const view = el.getBoundingClientRect();
      return [...el.querySelectorAll('.animate-pulse')].filter((p) => {
        const r = p.getBoundingClientRect();
        return r.bottom > view.top && r.top < view.bottom;
      }).length;
    });
  for (let step = 0; step < 12; step++) {
    for (let i = 0; i < 3; i++) {
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(60);
    }
    // once the pages asked for have arrived, every message in view is drawn
    await expect.poll(placeholdersInView, { message: `after ${(step + 1) * 900} px down` }).toBe(0);
  }
  expect(await pane.evaluate((el) => el.scrollTop)).toBeGreaterThan(8000);
  expect(pageErrors).toEqual([]);
});
