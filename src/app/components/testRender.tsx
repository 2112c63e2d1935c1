/**
 * Test-only: render React into a jsdom host with `act`; every root rendered in a test is unmounted
 * after it. Import it from a test file that runs under `// @vitest-environment jsdom`.
 *
 * Why every root, and the wait: a root left mounted (a test that renders twice) keeps its
 * virtualizer's observers, and a render React deferred to its scheduler (a flushSync asked inside a
 * lifecycle runs on setImmediate) could then run after the file's jsdom environment was torn down,
 * where it threw "window is not defined" as an unhandled error that failed a full run.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Node's setImmediate, where React's scheduler queues its work (the app's types do not know Node). */
const nextImmediate =
  (globalThis as { setImmediate?: (callback: () => void) => void }).setImmediate ??
  ((callback: () => void) => setTimeout(callback, 0));

const mounted: { root: Root; host: HTMLElement }[] = [];

export function render(node: ReactNode): HTMLElement {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  mounted.push({ root, host });
  act(() => root.render(node));
  return host;
}

/** The number of roots `render` has mounted and not yet unmounted (for the test of this helper). */
export function mountedRoots(): number {
  return mounted.length;
}

afterEach(async () => {
  const all = mounted.splice(0);
  if (all.length > 0) {
    act(() => {
      for (const { root } of all) root.unmount();
    });
  }
  for (const { host } of all) host.remove();
  // Let a callback the scheduler already queued run now, while the window exists; with every
  // root unmounted it finds no work.
  await new Promise<void>((resolve) => nextImmediate(resolve));
});
