/**
 * Keeping keyboard focus inside a dialog or panel: Tab from its last focusable element goes to
 * its first, Shift+Tab from the first to the last. (A modal <dialog> already makes the page
 * behind it inert; this keeps Tab from leaving for the browser's own controls too.)
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The elements Tab visits inside `container`, in order (rendered ones only). */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert]'),
  );
}

/** A keydown handler's part: wraps Tab around inside `container`. Returns whether it moved focus. */
export function wrapTab(
  e: { key: string; shiftKey: boolean; preventDefault(): void },
  container: HTMLElement,
): boolean {
  if (e.key !== 'Tab') return false;
  const all = tabbables(container);
  const first = all[0];
  const last = all.at(-1);
  if (!first || !last) {
    e.preventDefault();
    return true;
  }
  const active = document.activeElement;
  const outside = !(active instanceof Node) || !container.contains(active);
  if (e.shiftKey && (active === first || outside)) {
    e.preventDefault();
    last.focus();
    return true;
  }
  if (!e.shiftKey && (active === last || outside)) {
    e.preventDefault();
    first.focus();
    return true;
  }
  return false;
}
