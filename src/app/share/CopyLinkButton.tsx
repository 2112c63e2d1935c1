/**
 * The "copy link" action: a small chain-link button (hover action on rows,
 * messages and diagnostics) that copies the full URL of an event.
 */
import { useServices } from '../services/context';
import type { ViewState } from '../url/state';
import { copyLink } from './links';
import { formatSeq } from '../../core/view/seqText';

export function LinkIcon({ className = 'h-3 w-3' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      className={className}
      aria-hidden
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <path d="M6.5 9.5a3 3 0 0 0 4.2 0l2.3-2.3a3 3 0 0 0-4.2-4.2L7.7 4.1" strokeLinecap="round" />
      <path d="M9.5 6.5a3 3 0 0 0-4.2 0L3 8.8a3 3 0 0 0 4.2 4.2l1.1-1.1" strokeLinecap="round" />
    </svg>
  );
}

export function CopyLinkButton({
  seq,
  extra,
  className = '',
  what = 'event',
  tabIndex,
}: {
  seq: number;
  /** View fields for the link (e.g. the diagnostics panel on a code). */
  extra?: Partial<ViewState>;
  className?: string;
  /** What the link points at, for the label: "event", "message", "diagnostic". */
  what?: string;
  /** -1 inside a composite widget (a timeline row) that is one Tab stop. */
  tabIndex?: number;
}) {
  const { url } = useServices();
  return (
    <button
      type="button"
      data-testid="copy-link"
      data-link-seq={seq}
      tabIndex={tabIndex}
      aria-label={`Copy link to ${what} at ${formatSeq(seq)}`}
      title={`Copy link to ${formatSeq(seq)}`}
      onClick={(e) => {
        e.stopPropagation();
        copyLink(url, seq, extra);
      }}
      className={`flex h-4 w-4 shrink-0 items-center justify-center rounded text-fg-muted hover:bg-tint/10 hover:text-sky-300 focus-visible:opacity-100 ${className}`}
    >
      <LinkIcon />
    </button>
  );
}
