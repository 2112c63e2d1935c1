/**
 * Pieces of the input diff: a word diff inside a message or a system prompt,
 * and the request in force's changes (model, provider, system prompt, tools).
 * Store-free.
 */
import { useState } from 'react';
import { sliceChars as slice } from '../../core/diff/postedParts';
import type { TextPart } from '../../core/diff/textDiff';
import { smallButton } from '../components/blockChrome';
import { PlainTextView } from '../components/plainText';
import { HEAD_CHARS, SHOWN_CHARS } from '../components/textRows';
import type { HistoryDiffPage } from '../../worker/protocol';

export function RequestDiff({ request: r }: { request: HistoryDiffPage['request'] }) {
  return (
    <div className="mt-2 px-3" data-testid="request-diff">
      <p className="font-semibold text-fg-soft">Request in force</p>
      {Object.keys(r).length === 0 && <p className="text-fg-muted">unchanged</p>}
      {r.model && (
        <p>
          model: {r.model.from ?? 'none'} → {r.model.to ?? 'none'}
        </p>
      )}
      {r.provider && (
        <p>
          provider: {r.provider.from ?? 'none'} → {r.provider.to ?? 'none'}
        </p>
      )}
      {r.system && (
        <div>
          system prompt: <TextDiff parts={r.system.diff} />
        </div>
      )}
      {r.tools && (
        <p>
          tools:{' '}
          {r.tools.added.length > 0 && (
            <span className="text-emerald-300">+{r.tools.added.join(', +')} </span>
          )}
          {r.tools.removed.length > 0 && (
            <span className="text-rose-300">−{r.tools.removed.join(', −')} </span>
          )}
          {r.tools.changed.length > 0 && (
            <span className="text-amber-200">~{r.tools.changed.join(', ~')}</span>
          )}
        </p>
      )}
    </div>
  );
}

/**
 * Characters of removed and added text a diff draws before "show more" (about one capped body of
 * each side): a diff given up on two rewritten 4 MB one-line messages printed both whole, a 9.5 s
 * main-thread task.
 */
export const DIFF_SHOWN_CHARS = 2 * SHOWN_CHARS;

/** What one changed part draws: all of it, or a head and a tail around the characters hidden. */
interface Shown {
  head: string;
  tail: string;
  hidden: number;
}

/** Each changed part's share of `budget` characters (at most SHOWN_CHARS each); null past the budget. */
function shownParts(parts: readonly TextPart[], budget: number): (Shown | null)[] {
  let left = budget;
  return parts.map((p) => {
    if (p.op === '=') return { head: '', tail: '', hidden: 0 };
    if (left <= 0) return null;
    // Cut by the worker already (core/diff/postedParts.ts), within SHOWN_CHARS.
    if (p.hidden) {
      left -= p.text.length;
      return { head: p.text.slice(0, p.hidden.at), tail: p.text.slice(p.hidden.at), hidden: p.hidden.chars };
    }
    const n = Math.min(left, SHOWN_CHARS);
    left -= Math.min(p.text.length, n);
    if (p.text.length <= n) return { head: p.text, tail: '', hidden: 0 };
    const head = slice(p.text, Math.floor((n * HEAD_CHARS) / SHOWN_CHARS));
    const tail = slice(p.text, n - head.length, true);
    return { head, tail, hidden: p.text.length - head.length - tail.length };
  });
}

const count = (n: number): string => n.toLocaleString('en-US');
const controlClass =
  'mx-1 rounded border border-dashed border-edge px-1 font-sans text-fg-muted hover:text-fg';

export interface TextDiffProps {
  parts: TextPart[];
  /** Parts the worker did not post after `parts` (core/diff/postedParts.ts), and their characters. */
  unposted?: { parts: number; chars: number };
  /** Opens the whole old (`-`) or new (`+`) text: what a part cut by the worker offers. */
  onWhole?: (op: '-' | '+') => void;
  /** Without `onWhole`: where the whole text of a part cut by the worker can be read instead. */
  wholeElsewhere?: string;
  /** Whether to say here that the diff was given up (false when the caller says it). */
  sayCut?: boolean;
}

/**
 * Kept text dimmed (long runs elided), removed struck through, added highlighted. A long removed or
 * added run shows its head and tail: its control opens the whole run as plain text (head and
 * tail, then every row virtualized), so no click draws megabytes. A run cut by the worker opens
 * the whole text through `onWhole`.
 */
export function TextDiff({ parts, unposted, onWhole, wholeElsewhere, sayCut = true }: TextDiffProps) {
  const [budget, setBudget] = useState(DIFF_SHOWN_CHARS);
  const [opened, setOpened] = useState<number | null>(null);
  const shown = shownParts(parts, budget);
  const firstUnshown = shown.indexOf(null);
  const unshown = firstUnshown < 0 ? [] : parts.slice(firstUnshown).filter((p) => p.op !== '=');
  const openedPart = opened === null ? undefined : parts[opened];
  return (
    <>
      <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-inset p-1 font-mono text-[11px]">
        {/* Not textDiff's diffWasCut: that would bring jsdiff into the page's bundle. */}
        {sayCut && parts.some((p) => p.cut) && (
          <span className="block text-fg-muted" data-testid="diff-cut">
            Too many changes to diff: the whole old text, then the whole new one.
          </span>
        )}
        {parts.map((p, i) => {
          const s = firstUnshown >= 0 && i >= firstUnshown ? null : shown[i];
          if (!s) return null;
          if (p.op === '=')
            return (
              <span key={i} className="text-fg-muted">
                {p.hidden
                  ? `${p.text.slice(0, p.hidden.at)} … ${p.text.slice(p.hidden.at)}`
                  : p.text.length > 240
                    ? `${p.text.slice(0, 100)} … ${p.text.slice(-100)}`
                    : p.text}
              </span>
            );
          const Tag = p.op === '-' ? 'del' : 'ins';
          const tone =
            p.op === '-' ? 'bg-rose-500/25 text-rose-100' : 'bg-emerald-500/25 text-emerald-100 no-underline';
          return (
            <Tag key={i} className={tone}>
              {s.head}
              {s.hidden > 0 && p.hidden && !onWhole && (
                <span data-testid="diff-part-hidden" className={controlClass} title={wholeElsewhere}>
                  … {count(s.hidden)} characters hidden …
                </span>
              )}
              {s.hidden > 0 && (!p.hidden || onWhole) && (
                <button
                  type="button"
                  data-testid="diff-part-hidden"
                  className={controlClass}
                  title={`Show the whole ${p.op === '-' ? 'removed' : 'added'} text`}
                  onClick={() => (p.hidden ? onWhole?.(p.op === '-' ? '-' : '+') : setOpened(i))}
                >
                  … {count(s.hidden)} characters hidden …
                </button>
              )}
              {s.tail}
            </Tag>
          );
        })}
        {unshown.length > 0 && (
          <button
            type="button"
            data-testid="diff-more"
            className={`${controlClass} block`}
            onClick={() => setBudget((b) => b + DIFF_SHOWN_CHARS)}
          >
            … {count(unshown.length)} more {unshown.length === 1 ? 'change' : 'changes'} (
            {count(unshown.reduce((n, p) => n + p.text.length, 0))} characters): show more
          </button>
        )}
        {unposted && unposted.parts > 0 && unshown.length === 0 && (
          <span data-testid="diff-unposted" className={`${controlClass} block`}>
            … {count(unposted.parts)} more {unposted.parts === 1 ? 'run' : 'runs'}, changed or kept (
            {count(unposted.chars)} characters) not shown
          </span>
        )}
      </pre>
      {openedPart && (
        <div className="mt-1" data-testid="diff-part-open">
          <PlainTextView
            text={openedPart.text}
            note={openedPart.op === '-' ? 'removed text' : 'added text'}
            extra={
              <button type="button" className={smallButton} onClick={() => setOpened(null)}>
                close
              </button>
            }
          />
        </div>
      )}
    </>
  );
}
