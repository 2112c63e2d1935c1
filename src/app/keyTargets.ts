/**
 * What the keymap's handlers ask of the key event's target: typing in a field, a button Space
 * activates, a timeline row (its seq, whether it folds, how many rows a page holds), a list that
 * scrolls by keys, and the search panel Esc closes. DOM look-ups only; the keys are keymap.ts's.
 */
import { TIMELINE_GRID_ID, focusTimeline } from './views/focusTargets';
import { useWhy } from './why/whyState';

/** Elements Space activates by itself. */
export function activatesOnSpace(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('button, a[href], summary, [role=button], [role=option], [role=treeitem]') !== null
  );
}

/** The treegrid row a timeline key was pressed on (the key is the row's, not a button's in it). */
export function rowOf(e: KeyboardEvent): HTMLElement | null {
  const t = e.target;
  return t instanceof HTMLElement && t.getAttribute('role') === 'row' ? t : null;
}

export function rowSeq(e: KeyboardEvent): number {
  return Number(rowOf(e)?.dataset.seq);
}

export function foldState(e: KeyboardEvent): 'expanded' | 'collapsed' | null {
  const expanded = rowOf(e)?.getAttribute('aria-expanded');
  return expanded === 'true' ? 'expanded' : expanded === 'false' ? 'collapsed' : null;
}

/** The rows a page holds: those the timeline shows, less one kept for context. */
export function rowsPerPage(e: KeyboardEvent): number {
  const row = rowOf(e);
  const scroller = row?.closest('[role=treegrid]')?.parentElement;
  if (!row || !scroller) return 1;
  return Math.max(1, Math.floor(scroller.clientHeight / row.offsetHeight) - 1);
}

/**
 * The second Esc after leaving the search box (or one pressed in the panel or on the timeline):
 * closes the why panel, focus back on the timeline if it was in the panel. Not while a dialog
 * or another pane has the key.
 */
export function closeWhyPanel(target: EventTarget | null): void {
  if (!useWhy.getState().open || document.querySelector('dialog[open]')) return;
  const panel = document.querySelector('[data-testid="why-panel"]');
  const grid = document.getElementById(TIMELINE_GRID_ID);
  const inPanel = target instanceof Node && panel?.contains(target) === true;
  const onTimeline = target instanceof Node && grid?.contains(target) === true;
  if (!inPanel && !onTimeline && target !== document.body) return;
  useWhy.setState({ open: false });
  if (inPanel) requestAnimationFrame(() => focusTimeline());
}

export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return (
    !!el &&
    (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
  );
}

/** Keys a focused scrolling list (the messages) keeps for itself: the browser scrolls it. */
export const SCROLL_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'PageUp',
  'PageDown',
  'Home',
  'End',
  'Space',
]);
