// @vitest-environment jsdom
import { act, useLayoutEffect, useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { render } from '../components/testRender';
import { useScrollBox } from './useScrollBox';

const frames: FrameRequestCallback[] = [];
/** What each render of the probe saw. */
const seen: number[] = [];

function Probe() {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const box = useScrollBox(el);
  seen.push(box.scrollTop);
  return <div data-testid="box" ref={setEl} />;
}

/** A probe whose `sync` (the list's read right after its own scroll) the test calls. */
function mountSynced(): { handle: { sync?: () => void }; el: HTMLElement } {
  const handle: { sync?: () => void } = {};
  function Synced() {
    const [el, setEl] = useState<HTMLElement | null>(null);
    const box = useScrollBox(el);
    seen.push(box.scrollTop);
    useLayoutEffect(() => {
      handle.sync = box.sync;
    });
    return <div data-testid="box" ref={setEl} />;
  }
  const host = render(<Synced />);
  const el = host.querySelector<HTMLElement>('[data-testid=box]');
  if (!el) throw new Error('no box');
  return { handle, el };
}

beforeEach(() => {
  frames.length = 0;
  seen.length = 0;
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => {});
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

it('scroll events are read and rendered once, in the next animation frame', () => {
  const host = render(<Probe />);
  const el = host.querySelector<HTMLElement>('[data-testid=box]');
  if (!el) throw new Error('no box');
  let top = 0;
  const reads = vi.fn(() => top);
  Object.defineProperty(el, 'scrollTop', { configurable: true, get: reads });
  seen.length = 0;
  act(() => {
    for (const y of [100, 200, 300]) {
      top = y;
      el.dispatchEvent(new Event('scroll'));
    }
  });
  // The events read nothing (a read there can force a layout) and render nothing.
  expect(reads).not.toHaveBeenCalled();
  expect(seen).toEqual([]);
  expect(frames.length).toBe(1);
  act(() => frames.splice(0).forEach((f) => f(0)));
  expect(seen).toEqual([300]);
});

it('the scroll event echoing a move read by sync() is not read again; the next one is', () => {
  const { handle, el } = mountSynced();
  let top = 0;
  const reads = vi.fn(() => top);
  Object.defineProperty(el, 'scrollTop', { configurable: true, get: reads });
  // Code scrolls the list (a jump) and reads the new position at once.
  top = 500;
  act(() => {
    handle.sync?.();
  });
  expect(seen.at(-1)).toBe(500);
  reads.mockClear();
  // The browser's scroll event for that move: nothing to read, no frame asked for.
  act(() => {
    el.dispatchEvent(new Event('scroll'));
  });
  expect(frames.length).toBe(0);
  expect(reads).not.toHaveBeenCalled();
  // The user scrolls next: read in the next frame as usual.
  top = 700;
  act(() => {
    el.dispatchEvent(new Event('scroll'));
  });
  expect(frames.length).toBe(1);
  act(() => frames.splice(0).forEach((f) => f(0)));
  expect(seen.at(-1)).toBe(700);
});

it("a user's scroll in the frame of the list's own move (one scroll event, taken as the echo) is read once that frame is over", () => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
  const { handle, el } = mountSynced();
  let top = 0;
  Object.defineProperty(el, 'scrollTop', { configurable: true, get: () => top });
  top = 500;
  act(() => handle.sync?.());
  // The user scrolls on in that frame: the browser reports both moves with one event.
  top = 900;
  act(() => {
    el.dispatchEvent(new Event('scroll'));
  });
  expect(seen.at(-1)).toBe(500);
  act(() => {
    vi.advanceTimersByTime(100);
  });
  expect(seen.at(-1)).toBe(900);
  vi.useRealTimers();
});
