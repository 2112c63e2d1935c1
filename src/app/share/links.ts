/**
 * "Copy link": the full URL of this app positioned at an event of the log on
 * screen (its identity, the seq, and the current view: panel and filters),
 * put on the clipboard, with a toast that shows it.
 */
import { create } from 'zustand';
import { writeClipboard } from '../components/clipboard';
import type { ViewState } from '../url/state';
import type { UrlSync } from '../url/sync';
import { formatSeq } from '../../core/view/seqText';

interface Toast {
  id: number;
  text: string;
  /** The link copied, shown (selectable) under the text. */
  link?: string;
  tone: 'ok' | 'warn';
}

export const useToast = create<{ toast: Toast | null }>()(() => ({ toast: null }));

let toastId = 0;
let toastTimer: ReturnType<typeof setTimeout> | undefined;

export function showToast(
  text: string,
  options: { link?: string; tone?: 'ok' | 'warn'; ms?: number } = {},
): void {
  const toast: Toast = { id: ++toastId, text, tone: options.tone ?? 'ok' };
  if (options.link !== undefined) toast.link = options.link;
  useToast.setState({ toast });
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => useToast.setState({ toast: null }), options.ms ?? 4000);
}

/** Copies the link to an event (the current position when seq is omitted) and says so. */
export function copyLink(url: UrlSync, seq?: number | null, extra: Partial<ViewState> = {}): void {
  const link = url.linkTo(seq, extra);
  if (typeof link !== 'string') {
    showToast(link.error, { tone: 'warn' });
    return;
  }
  const at = new URL(link).hash.match(/seq=(\d+)/)?.[1];
  void writeClipboard(link).then((ok) =>
    showToast(
      ok ? `Link to ${at !== undefined ? formatSeq(Number(at)) : 'this log'} copied` : 'Copy this link:',
      {
        link,
        tone: ok ? 'ok' : 'warn',
        ms: ok ? 4000 : 15000,
      },
    ),
  );
}
