/**
 * The partly streamed assistant message at the selected seq, as RAW text:
 * a token replay must show exactly the characters streamed, so nothing here
 * is markdown-rendered. Block labels are CSS pseudo-content, which keeps
 * them out of the element's text.
 */
import { FIRST_BLOCKS } from '../components/boundedBlocks';
import type { Block } from '../../core/types';
import type { StreamView } from '../../worker/protocol';
import { select } from '../appState';
import { formatSeq } from '../../core/view/seqText';
import { nameHead } from '../../core/view/bidiControls';
import { formatBytes } from '../../core/view/byteSize';

function rawText(b: Block): string {
  const f = b as Record<string, unknown>;
  if (typeof f.text === 'string') return f.text;
  if (typeof f.arguments === 'string') return f.arguments;
  return JSON.stringify(b);
}

function label(b: Block, open: boolean): string {
  const f = b as Record<string, unknown>;
  const name = b.type === 'tool-call' && typeof f.name === 'string' && f.name ? ` ${nameHead(f.name)}` : '';
  return `${nameHead(b.type)}${name}${open ? ' · streaming' : ' · ended'}`;
}

/** Where the stream's cursor is: the block the last delta went to, else the last open block. */
function caretBlock(s: StreamView['state']): number {
  if (s.lastDelta) return s.lastDelta.block;
  for (let i = s.blocks.length - 1; i >= 0; i--) if (s.open[i]) return i;
  return -1;
}

/** "error: upstream overloaded (overloaded_error)" from a finish reason. */
export function failureText(finish: unknown): string {
  const f = (finish ?? {}) as { kind?: unknown; failure?: { message?: unknown; code?: unknown } };
  const kind = typeof f.kind === 'string' ? f.kind : 'failed';
  const message = typeof f.failure?.message === 'string' ? f.failure.message : '';
  const code = typeof f.failure?.code === 'string' ? f.failure.code : '';
  return `${kind}${message ? `: ${message}` : ''}${code ? ` (${code})` : ''}`;
}

/**
 * The characters of a block the preview lays out at most: its tail, where the stream writes. A
 * block of megabytes in one `<pre>` took 1-2.5 s of layout on every seek to one of its deltas
 * (audit 33 N4); the whole text is the message's, in the messages pane once it ends.
 */
export const PREVIEW_TAIL = 32_768;

/**
 * Stacked combining marks (past the third on a letter, any script) cost ~30 µs each to lay out:
 * a tail that holds more than STACKED_LIMIT of them is cut to MARKED_TAIL characters (six deltas of
 * 20,000 Thai marks were a 1.6 s task: audit 35 N1).
 */
const STACKED_LIMIT = 2_000;
const MARKED_TAIL = 2_048;
function stackedMarks(text: string): number {
  let n = 0;
  for (const run of text.matchAll(/\p{M}{4,}/gu)) n += run[0].length - 3;
  return n;
}

/** The last PREVIEW_TAIL characters of `text` at most (from a line's start near there), and how many precede them. */
export function previewTail(text: string): { shown: string; hidden: number } {
  const tail = stackedMarks(text.slice(-PREVIEW_TAIL)) > STACKED_LIMIT ? MARKED_TAIL : PREVIEW_TAIL;
  if (text.length <= tail) return { shown: text, hidden: 0 };
  let at = text.length - tail;
  // from a line's start when one is near (not mid-word), never from half a surrogate pair
  const line = text.indexOf('\n', at);
  if (line !== -1 && line < at + 1024) at = line + 1;
  const unit = text.charCodeAt(at);
  if (unit >= 0xdc00 && unit <= 0xdfff) at++;
  return { shown: text.slice(at), hidden: at };
}

function BlockPre({ b, open, caret, live }: { b: Block; open: boolean; caret: boolean; live?: boolean }) {
  const { shown, hidden } = previewTail(rawText(b));
  return (
    <>
      {hidden > 0 && (
        <span data-testid="block-cut" className="text-[11px] text-fg-subtle">
          {hidden.toLocaleString('en-US')} earlier characters of this block not shown ({formatBytes(hidden)}):
          the stream's last {shown.length.toLocaleString('en-US')} are
        </span>
      )}
      <BlockText b={b} text={shown} open={open} caret={caret} live={live} />
    </>
  );
}

function BlockText({
  b,
  text,
  open,
  caret,
  live,
}: {
  b: Block;
  text: string;
  open: boolean;
  caret: boolean;
  live?: boolean | undefined;
}) {
  return (
    <pre
      data-block-type={b.type}
      data-label={label(b, open)}
      data-caret={caret ? '' : undefined}
      className={`font-mono text-xs whitespace-pre-wrap break-words text-fg before:mb-0.5 before:block before:font-sans before:text-[10px] before:text-emerald-300 before:content-[attr(data-label)] ${caret ? "after:ml-px after:inline-block after:h-[1.1em] after:w-[0.55em] after:translate-y-[0.2em] after:bg-emerald-300/80 after:content-['']" : ''} ${caret && live ? 'motion-safe:after:animate-pulse' : ''}`}
    >
      {text}
    </pre>
  );
}

/**
 * `live`: playback is running. The caret and the dot pulse only then: an animation that runs
 * while the preview just sits there repaints the page every frame (a software-painted
 * pseudo-element), and those frames compete with a seek's work for the main thread.
 */
export function StreamingPreview({ view, live = false }: { view: StreamView; live?: boolean }) {
  const s = view.state;
  const caret = s.failed ? -1 : caretBlock(s);
  // Between a failed attempt's finish and the retry's first chunk: the failed attempt, marked failed.
  const failedShown = view.failedAttempt ?? null;
  const from = Math.max(0, s.blocks.length - FIRST_BLOCKS);
  return (
    <div className="m-3 rounded border border-emerald-500/40 bg-emerald-500/[0.04]">
      <div className="flex flex-wrap items-center gap-2 border-b border-emerald-500/20 px-2 py-1 text-[11px] text-emerald-200">
        <span className="relative flex h-2 w-2">
          {live && (
            <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:hidden" />
          )}
          <span className="relative inline-flex h-2 w-2 rounded-full bg-emerald-400" />
        </span>
        <span className="font-medium">
          {failedShown ? `assistant · attempt ${failedShown.attempt + 1} failed` : 'assistant · streaming'}
        </span>
        <span className="font-mono text-fg-muted">
          step {s.turn}.{s.step} · attempt {s.attempt + 1} · {s.chunkCount} chunk
          {s.chunkCount === 1 ? '' : 's'}
          {s.attemptStartSeq !== null && ` from ${formatSeq(s.attemptStartSeq)}`}
        </span>
        {s.failed && (
          <span data-testid="stream-failure" className="rounded border border-red-500/40 px-1 text-red-300">
            failed: {failureText(s.finish)}
          </span>
        )}
        {s.failedAttempts.length > 0 && (
          <span className="text-amber-300">
            after {s.failedAttempts.length} failed attempt{s.failedAttempts.length === 1 ? '' : 's'} (
            {s.failedAttempts.map((a, i) => (
              <button
                key={a.firstChunkSeq}
                type="button"
                className="font-mono text-sky-400 hover:underline"
                onClick={() => select(a.firstChunkSeq)}
              >
                {i > 0 ? ', ' : ''}
                {a.firstChunkSeq}–{a.lastChunkSeq}
              </button>
            ))}
            )
          </span>
        )}
      </div>
      {failedShown && (
        <div
          data-testid="failed-attempt"
          data-attempt={failedShown.attempt}
          className="flex flex-col gap-1 border-b border-red-500/30 bg-red-500/[0.06] px-2 py-1.5"
        >
          <span data-testid="stream-failure" className="text-[11px] text-red-300">
            attempt {failedShown.attempt + 1} ({formatSeq(failedShown.firstChunkSeq)}–
            {failedShown.lastChunkSeq}) failed: {failureText(failedShown.finish)} · waiting for the retry
          </span>
          <div className="flex flex-col gap-1 opacity-70">
            {failedShown.blocks.slice(0, FIRST_BLOCKS).map((b, i) => (
              <BlockPre key={i} b={b} open={false} caret={false} />
            ))}
          </div>
        </div>
      )}
      <div data-testid="streaming" data-seq={view.seq} className="flex flex-col gap-1 px-2 py-1.5">
        {/* The newest blocks (where the stream writes), bounded like a message's blocks. */}
        {from > 0 && (
          <span data-testid="earlier-blocks" className="text-[11px] text-fg-subtle">
            {from.toLocaleString('en-US')} earlier blocks not shown
          </span>
        )}
        {s.blocks.slice(from).map((b, j) => (
          <BlockPre
            key={from + j}
            b={b}
            open={s.open[from + j] ?? true}
            caret={from + j === caret}
            live={live}
          />
        ))}
      </div>
    </div>
  );
}
