/**
 * Test-only: what a pane's jsdom test sets up around it, in one place. The pane renders inside
 * the app's services over a FakeClient; jsdom's gaps (matchMedia, ResizeObserver) are filled; a
 * component can be wrapped to log its renders, so a test counts what re-rendered.
 *
 * matchMedia is read by uPlot when it is imported (through the compose graph), before the test's
 * own code runs, so a test stubs it from a hoisted block:
 *   `await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());`
 */
import { act, type ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '../components/testRender';
import { composeApp } from '../compose';
import { ServicesProvider } from '../services/context';
import type { FakeClient } from './fakeClient';

/** A matchMedia that matches nothing (light theme, motion allowed), when jsdom has none. */
export function stubMatchMedia(): void {
  if (typeof (window as { matchMedia?: unknown }).matchMedia === 'function') return;
  const matchNothing = (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  });
  Object.assign(window, { matchMedia: matchNothing });
}

/** A ResizeObserver that never reports: jsdom lays nothing out. Undone by `vi.unstubAllGlobals()`. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

/**
 * A ResizeObserver that reports each target once when it starts observing it, as a browser does
 * after laying it out: in a microtask, the heights `heightOf` gives (jsdom lays nothing out).
 * Undone by `vi.unstubAllGlobals()`.
 */
export function stubReportingResizeObserver(heightOf: (el: Element) => number): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly waiting = new Set<Element>();
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(el: Element) {
        if (this.waiting.size === 0) queueMicrotask(() => this.deliver());
        this.waiting.add(el);
      }
      unobserve(el: Element) {
        this.waiting.delete(el);
      }
      disconnect() {
        this.waiting.clear();
      }
      private deliver() {
        const entries = [...this.waiting].map((target) => {
          const blockSize = heightOf(target);
          return {
            target,
            borderBoxSize: [{ blockSize, inlineSize: 800 }],
          } as unknown as ResizeObserverEntry;
        });
        this.waiting.clear();
        if (entries.length > 0) this.report(entries, this);
      }
    },
  );
}

/** Lets the fake client's promises and React's updates settle (`rounds` microtask turns). */
export async function settle(rounds = 8): Promise<void> {
  await act(async () => {
    for (let i = 0; i < rounds; i++) await Promise.resolve();
  });
}

/** Renders `node` inside the app's services, composed over `client`. */
export function renderWithClient(client: FakeClient, node: ReactNode): HTMLElement {
  return render(<ServicesProvider services={composeApp(client)}>{node}</ServicesProvider>);
}

/**
 * The module `real` with its component `name` wrapped to push `keyOf(props)` into `log` on each
 * render: for a `vi.mock` factory. `log` must come from `vi.hoisted` (the factory runs before the
 * test file's own lines):
 *   const renders = vi.hoisted(() => [] as number[]);
 *   vi.mock('./Row', async (load) =>
 *     (await import('../testing/paneHarness')).logRenders(await load<typeof Row>(), 'Row', (p) => p.seq, renders));
 */
export function logRenders<M extends object, K extends keyof M & string>(
  real: M,
  name: K,
  keyOf: (props: Parameters<Extract<M[K], (props: never) => unknown>>[0]) => number,
  log: number[],
): M {
  const component = real[name] as (props: Parameters<typeof keyOf>[0]) => ReactNode;
  const counted = (props: Parameters<typeof keyOf>[0]) => {
    log.push(keyOf(props));
    return component(props);
  };
  return { ...real, [name]: counted };
}
