/**
 * Shared e2e helpers: a `test` whose pages fail on any uncaught page error,
 * ways to open a log (file input, synthetic drop), and expectations computed
 * by the core itself (src/core/log/sessionLog.ts, loaded here in Node from
 * the same bytes the page reads).
 */
import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SessionLog } from '../src/core/log/sessionLog';
import { messageFocus } from '../src/core/view/messageFocus';
import type { Block, Message } from '../src/core/types';

const __dirname = path.dirname(fileURLToPath(import.meta.url));

const ROOT = path.resolve(__dirname, '..');

/** The team's shared sample logs: read in place, never copied into the repo. */
export const SAMPLES_DIR = path.resolve(__dirname, '../../shared/samples');

export const SAMPLE_FILES = [
  'design-card-example.jsonl',
  'dsh/agent-instructions.jsonl',
  'dsh/compaction-recovery.stream.jsonl',
  'dsh/cordis-tool-round.jsonl',
  'dsh/pty-tools.jsonl',
  'dsh/steering.jsonl',
].map((f) => path.join(SAMPLES_DIR, f));

/** Every test gets a page that records uncaught errors; the test fails if there were any. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await use(errors);
    expect(errors, 'uncaught page errors').toEqual([]);
  },
});
export { expect };

export function loadCore(file: string | Buffer): SessionLog {
  const log = new SessionLog();
  log.push(typeof file === 'string' ? readFileSync(file) : file);
  log.end();
  return log;
}

/** The bundled demo's URL: the root URL itself shows the start page. */
export const DEMO_URL = '/?sample=demo.jsonl';

/**
 * Opens the app and waits until its log is ready. A URL that names no log (`/`, `/#seq=5`)
 * opens the bundled demo at that position, as `npm start`'s link does.
 */
export async function gotoApp(page: Page, url = '/'): Promise<void> {
  await page.goto(url.startsWith('/?') ? url : `${DEMO_URL}${url.slice(1)}`);
  // Opening the demo includes the worker's start-up and the first build of the page: on a busy
  // 2-core machine that alone can pass the default 5 s, which is not what the callers test.
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', /ready|error/, { timeout: 20_000 });
}

export async function expectLoaded(page: Page, name: string, events: number): Promise<void> {
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-name', name);
  await expect(status).toHaveAttribute('data-state', 'ready');
  await expect(status).toHaveAttribute('data-events', String(events));
}

export async function openWithInput(page: Page, file: string): Promise<void> {
  await page.locator('input[type=file]').setInputFiles(file);
}

/** A synthetic drop: a DragEvent carrying a DataTransfer built in the page from the file's bytes. */
export async function openWithDrop(page: Page, file: string): Promise<void> {
  const b64 = readFileSync(file).toString('base64');
  await page.evaluate(
    ({ b64, name }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        document.body.dispatchEvent(
          new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }),
        );
      }
    },
    { b64, name: path.basename(file) },
  );
}

export async function selectByHash(page: Page, seq: number): Promise<void> {
  await page.evaluate((s) => (location.hash = `#seq=${s}`), seq);
}

/** What a rendered message shows, read from the page. */
interface RenderedMessage {
  index: number;
  role: string | null;
  seq: number;
  /** The top-level blocks: type, a tool call's id, a tool result's error flag, the text shown. */
  blocks: { type: string | null; callId: string | null; error: string | null; text: string }[];
}

/** What the page must show for one derived message of the core's answer. */
function expectedBlocks(m: Message): { type: string; callId: string | null; error: string | null }[] {
  const content = Array.isArray(m.content) ? m.content : [];
  return content.map((b) => {
    const f = b as Record<string, unknown>;
    return {
      type: String(b.type),
      callId: b.type === 'tool-call' && typeof f.id === 'string' ? f.id : null,
      error: b.type === 'tool-result' ? String(f.isError === true) : null,
    };
  });
}

/** The words of a text a reader must find on screen (markdown markup aside): runs of 4+ letters or digits. */
function wordsOf(text: string, max = 12): string[] {
  // A markdown link shows its text, not its target.
  const shown = text.slice(0, 400).replace(/\]\([^)]*\)/g, ']');
  return (shown.match(/[\p{L}\p{N}]{4,}/gu) ?? []).slice(0, max);
}

/**
 * The messages pane shows exactly the core's derived messages at seq (for the rendered window):
 * the count, and for every rendered message its index, role, source event, its blocks in order
 * (type, tool call id, tool result error flag) and the words of its text blocks.
 */
export async function expectMessagesAt(page: Page, log: SessionLog, seq: number): Promise<void> {
  const want = log.messagesAt(seq);
  const pane = page.getByTestId('messages');
  await expect(pane).toHaveAttribute('data-seq', String(seq));
  await expect(pane).toHaveAttribute('data-count', String(want.count));
  if (want.count > 0) await expect(pane.locator('[data-testid=message]').first()).toBeVisible();
  const rendered: RenderedMessage[] = await pane.locator('[data-testid=message]').evaluateAll((els) =>
    els.map((e) => ({
      index: Number(e.getAttribute('data-index')),
      role: e.getAttribute('data-role'),
      seq: Number(e.getAttribute('data-source-seq')),
      // Top-level blocks only (a tool result nests its own).
      blocks: [...e.querySelectorAll('[data-testid=block]')]
        .filter((b) => b.parentElement?.closest('[data-testid=block]') == null)
        .map((b) => ({
          type: b.getAttribute('data-block-type'),
          callId: b.getAttribute('data-call-id'),
          error: b.getAttribute('data-error'),
          text: (b.textContent ?? '').replace(/\s+/g, ' '),
        })),
    })),
  );
  expect(rendered.length).toBeLessThanOrEqual(want.count);
  for (const r of rendered) {
    const m = want.messages[r.index];
    expect(m, `message index ${r.index} at seq ${seq}`).toBeDefined();
    const where = `message ${r.index} at seq ${seq}`;
    expect({ index: r.index, role: r.role, seq: r.seq }, where).toEqual({
      index: r.index,
      role: m!.message.role,
      seq: m!.seq,
    });
    expect(
      r.blocks.map(({ type, callId, error }) => ({ type, callId, error })),
      `${where}: its blocks`,
    ).toEqual(expectedBlocks(m!.message));
    const content = Array.isArray(m!.message.content) ? m!.message.content : [];
    content.forEach((b, i) => {
      if (b.type !== 'text') return;
      const shown = r.blocks[i]?.text ?? '';
      for (const word of wordsOf((b as { text: string }).text))
        expect(shown, `${where}, block ${i}: the word "${word}"`).toContain(word);
    });
  }
  // The pane shows the message the event at seq produced or changed (core/view/messageFocus.ts),
  // or else the end of the history: that message is among those rendered.
  const focus = messageFocus(log, seq);
  const shown = focus.kind !== 'none' && focus.index < want.count ? focus.index : want.count - 1;
  if (want.count > 0)
    await expect(pane.locator(`[data-testid=message][data-index="${shown}"]`)).toBeVisible();
}

/** What the streaming preview must show: the raw characters streamed into each block so far. */
export function expectedStreamingText(log: SessionLog, seq: number): string | null {
  const s = log.streamAt(seq);
  if (!s || s.messageSeq !== undefined || s.attemptStartSeq === null || s.chunkCount === 0) return null;
  return s.blocks
    .map((b: Block) => {
      const f = b as Record<string, unknown>;
      return typeof f.text === 'string'
        ? f.text
        : typeof f.arguments === 'string'
          ? f.arguments
          : JSON.stringify(b);
    })
    .join('');
}

/** A few seqs worth checking in a log: the ends, the middle, and where the derived history changes shape. */
export function interestingSeqs(log: SessionLog, max = 8): number[] {
  const n = log.eventCount;
  const picks = new Set<number>([0, n - 1, Math.floor(n / 2)]);
  for (const r of log.replacesUpTo(n - 1)) {
    picks.add(r.seq);
    if (r.seq > 0) picks.add(r.seq - 1);
  }
  for (let seq = 0; seq < n && picks.size < max; seq += Math.max(1, Math.floor(n / max))) picks.add(seq);
  return [...picks]
    .filter((s) => s >= 0 && s < n)
    .sort((a, b) => a - b)
    .slice(0, max + 4);
}

/** Scrolls the timeline back to its first row (opening a log selects, and shows, its last event). */
export async function scrollTimelineToTop(page: Page): Promise<void> {
  await page.getByTestId('timeline').evaluate((el) => {
    const scroller = el.parentElement as HTMLElement;
    scroller.scrollTop = 0;
    scroller.dispatchEvent(new Event('scroll'));
  });
  await expect(page.getByTestId('timeline').locator('[data-seq="0"]')).toBeVisible();
}

/** Builds bin/seqscope.mjs (the CLI the `open` tests start). */
export async function buildCli(): Promise<void> {
  const build = spawn(process.execPath, [path.join(ROOT, 'scripts/build-cli.mjs')], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const code = await new Promise<number | null>((ok) => build.on('exit', ok));
  expect(code).toBe(0);
}

/**
 * The built CLI (bin/seqscope.mjs, see buildCli) started with `args`: the process and the first
 * line it prints (the URL of `open` and `serve`). Rejects, with what it wrote to stderr, if it
 * exits first. The caller kills it.
 */
function startCli(args: string[]): Promise<{ child: ChildProcess; firstLine: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/seqscope.mjs'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const first = out.split('\n')[0];
      if (out.includes('\n') && first) resolve({ child, firstLine: first.trim() });
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => reject(new Error(`seqscope ${args[0]} exited (${code}): ${err}`)));
  });
}

/** `seqscope open FILE --follow` on a free port: the process and the deep link it prints. */
export async function startOpen(file: string): Promise<{ child: ChildProcess; link: string }> {
  const { child, firstLine } = await startCli(['open', file, '--follow', '--no-browser', '--port', '0']);
  return { child, link: firstLine };
}

/** `seqscope serve DIR` on a free port: the process and the Library's URL it prints. */
export async function startServe(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const { child, firstLine } = await startCli(['serve', dir, '--port', '0', '--no-browser']);
  return { child, url: firstLine };
}

/** One event as a JSONL line. */
export const jsonLine = (event: object): string => `${JSON.stringify(event)}\n`;

/**
 * One whole turn as JSONL, seqs `seq` to `seq + 2`: turn/start, a user message saying `text`,
 * turn/end (completed). What the `open --follow` tests write and append.
 */
export function turnLines(turn: number, seq: number, text: string): string {
  return (
    jsonLine({ type: 'turn/start', seq, time: 1000 + seq, data: { turn } }) +
    jsonLine({
      type: 'user/message',
      seq: seq + 1,
      time: 1001 + seq,
      data: { role: 'user', content: [{ type: 'text', text }], source: { kind: 'user' } },
      surfaceOp: 'append',
    }) +
    jsonLine({
      type: 'turn/end',
      seq: seq + 2,
      time: 1002 + seq,
      data: { turn, reason: { kind: 'completed' } },
    })
  );
}
