/**
 * A layout audit that runs in the page: for every element that matters
 * (found by CSS selectors), is it on screen, whole, and clear of the others?
 *
 * - inside the viewport, and inside every ancestor that clips it (overflow
 *   other than visible): horizontally always; vertically unless the ancestor
 *   scrolls that way (then the element is merely scrolled, wholly or partly,
 *   out of view and skipped);
 * - its text not cut: scrollWidth <= clientWidth, and a button or label on
 *   one line (no wrapping inside it); content past a box that does not clip
 *   is drawn, and checked where it is drawn;
 * - no overlap with any other audited element (ancestors aside);
 * - elements listed as `optional` may be absent or wholly clipped (a group
 *   that hides what does not fit), but never partly shown.
 * Returns one readable line per problem; an empty list is a clean layout.
 */
import type { Page } from '@playwright/test';

export interface AuditSpec {
  /** Elements that must be shown whole. */
  required: string[];
  /** Elements that may be hidden by a clipping group, but never cut. */
  optional?: string[];
  /** Elements allowed to end in an ellipsis, with the least width they must keep (px). */
  ellipsis?: { selector: string; minWidth: number }[];
}

export async function auditLayout(page: Page, spec: AuditSpec): Promise<string[]> {
  return page.evaluate((spec) => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    const name = (el: Element) => {
      const label =
        el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? (el.textContent ?? '').trim();
      return `<${el.tagName.toLowerCase()}> "${label.slice(0, 40)}"`;
    };
    const ellipsis = new Map<Element, number>();
    for (const e of spec.ellipsis ?? [])
      for (const el of document.querySelectorAll(e.selector)) ellipsis.set(el, e.minWidth);
    const shown: { el: Element; r: DOMRect }[] = [];
    const check = (el: Element, optional: boolean) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) {
        if (!optional) problems.push(`${name(el)} is not displayed`);
        return;
      }
      let scrolledAway = false;
      let hiddenWhole = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const cs = getComputedStyle(a);
        const ox = cs.overflowX;
        const oy = cs.overflowY;
        if (ox === 'visible' && oy === 'visible') continue;
        const ar = a.getBoundingClientRect();
        const outside = r.right <= ar.left || r.left >= ar.right || r.bottom <= ar.top || r.top >= ar.bottom;
        if (outside && optional) {
          hiddenWhole = true;
          break;
        }
        if (oy === 'auto' || oy === 'scroll') {
          // Wholly or partly scrolled out of view: a scroll position, not a layout fault.
          if (r.top < ar.top - 0.5 || r.bottom > ar.bottom + 0.5) scrolledAway = true;
        } else if (oy !== 'visible' && (r.top < ar.top - 0.5 || r.bottom > ar.bottom + 0.5)) {
          problems.push(
            `${name(el)} is cut vertically by ${name(a)} (${Math.round(r.top)}..${Math.round(r.bottom)} vs ${Math.round(ar.top)}..${Math.round(ar.bottom)})`,
          );
        }
        if (ox !== 'visible' && (r.left < ar.left - 0.5 || r.right > ar.right + 0.5)) {
          problems.push(
            `${name(el)} is cut horizontally by ${name(a)} (${Math.round(r.left)}..${Math.round(r.right)} vs ${Math.round(ar.left)}..${Math.round(ar.right)})`,
          );
        }
        // Its scroller is what shows it: the boxes around that clip the scroller, not the element.
        if (scrolledAway) break;
      }
      if (hiddenWhole || scrolledAway) return;
      if (r.left < -0.5 || r.right > vw + 0.5 || r.top < -0.5 || r.bottom > vh + 0.5)
        problems.push(
          `${name(el)} is outside the ${vw}x${vh} viewport (${Math.round(r.left)},${Math.round(r.top)} - ${Math.round(r.right)},${Math.round(r.bottom)})`,
        );
      const min = ellipsis.get(el);
      if (min !== undefined) {
        if (r.width < Math.min(min, el.scrollWidth))
          problems.push(`${name(el)} shrank to ${Math.round(r.width)} px`);
      } else if (
        el instanceof HTMLElement &&
        !(el instanceof HTMLInputElement) &&
        // Content past a box that shows its overflow is checked where it is drawn (viewport, ancestors).
        (getComputedStyle(el).overflowX !== 'visible' || el.matches('button, label, a')) &&
        el.scrollWidth > el.clientWidth + 1
      ) {
        problems.push(`${name(el)} cuts its content (${el.scrollWidth} > ${el.clientWidth} px)`);
      }
      if (el.matches('button, label, [role=button], a')) {
        // Lines of its visible text (not of a select's options or screen-reader-only text).
        const fontSize = parseFloat(getComputedStyle(el).fontSize);
        const tops: number[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let t = walker.nextNode(); t; t = walker.nextNode()) {
          if (!t.textContent?.trim() || t.parentElement?.closest('select, .sr-only')) continue;
          const range = document.createRange();
          range.selectNodeContents(t);
          for (const b of range.getClientRects()) {
            if (b.width > 0 && !tops.some((top) => Math.abs(top - b.top) < fontSize * 0.6)) tops.push(b.top);
          }
        }
        if (tops.length > 1) problems.push(`${name(el)} wraps onto ${tops.length} lines`);
      }
      shown.push({ el, r });
    };
    const seen = new Set<Element>();
    for (const [list, optional] of [
      [spec.required, false],
      [spec.optional ?? [], true],
    ] as const) {
      for (const sel of list) {
        const els = document.querySelectorAll(sel);
        if (els.length === 0 && !optional) problems.push(`nothing matches ${sel}`);
        for (const el of els) {
          if (seen.has(el)) continue;
          seen.add(el);
          check(el, optional);
        }
      }
    }
    for (let i = 0; i < shown.length; i++) {
      for (let j = i + 1; j < shown.length; j++) {
        const a = shown[i]!;
        const b = shown[j]!;
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 1 && h > 1)
          problems.push(`${name(a.el)} overlaps ${name(b.el)} by ${Math.round(w)}x${Math.round(h)} px`);
      }
    }
    return problems;
  }, spec);
}
