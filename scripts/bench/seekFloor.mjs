// This machine's floor for the bench's seek figure: the same seeks' messages-pane content, as the
// app painted it, set again with no app code (no worker, no React: `innerHTML` on the pane), and
// timed the way the seek is (to the next frame's callbacks after the one that paints it, and to
// that frame rendered). Also a change that lays nothing out (an attribute no style reads): what
// the frames alone cost that definition. The app's seek cannot be faster than the first; what it
// takes over it is the app's. A bench helper, not a test; the page.evaluate callbacks run in the
// browser, and the pane's DOM is the app's no more afterwards (run it last on a page).
/* global document, requestAnimationFrame */
import { percentile as pct } from '../loadProbe.mjs';

/** The floor's table row for a size (`label`): painted p95, with the rest in its note. */
export async function seekFloorRow(page, htmls, label) {
  const floor = await seekFloor(page, htmls);
  const p = (xs, q) => pct(xs, q).toFixed(0);
  return {
    figure: `machine: the same seeks' pane content set with no app code, painted p95, ${label}`,
    value: pct(floor.content.painted, 0.95),
    unit: 'ms',
    target: "- (this machine's floor for the seek figure)",
    met: null,
    note: `p50 ${p(floor.content.painted, 0.5)} ms; frame rendered p50/p95 ${p(floor.content.frame, 0.5)}/${p(floor.content.frame, 0.95)} ms; a change that lays nothing out: painted p50/p95 ${p(floor.empty.painted, 0.5)}/${p(floor.empty.painted, 0.95)} ms`,
  };
}

/** `htmls`: the pane's innerHTML after each seek. Returns painted/frame times (ms) per kind. */
async function seekFloor(page, htmls) {
  const content = { painted: [], frame: [] };
  const empty = { painted: [], frame: [] };
  for (let i = 0; i < htmls.length; i++) {
    // Another seek's content than the one on screen (the order is shifted by a prime).
    for (const [into, html] of [
      [content, htmls[(i * 7 + 3) % htmls.length]],
      [empty, null],
    ]) {
      const r = await page.evaluate(
        (html) =>
          new Promise((ok) => {
            const pane = document.querySelector('[data-testid=messages]');
            const t0 = performance.now();
            if (html === null) pane.setAttribute('data-floor', String(t0));
            else {
              pane.innerHTML = html;
              // At the end of the list, as the app shows a seek (its items sit far down at times).
              const list = pane.querySelector('.overflow-auto');
              if (list) list.scrollTop = list.scrollHeight;
            }
            let frame = NaN;
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => (frame = performance.now() - t0);
              channel.port2.postMessage(0);
              requestAnimationFrame(() => ok({ painted: performance.now() - t0, frame }));
            });
          }),
        html,
      );
      into.painted.push(r.painted);
      into.frame.push(r.frame);
      await page.waitForTimeout(50);
    }
  }
  return { content, empty };
}
