// @vitest-environment jsdom
/**
 * The Diagnostics panel with 50,000 items of one code: it renders the rows in view, not a page of
 * 200, asks the worker for a bounded window around them, and reaches any item by scrolling.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiagnosticItem, DiagnosticsWindow } from '../../worker/protocol';
import { useApp } from '../appState';
import { resetStores } from '../testing/fixtures';
import { FakeClient } from '../testing/fakeClient';
import { renderWithClient, settle, stubResizeObserver } from '../testing/paneHarness';
import { DiagnosticsPanel } from './DiagnosticsPanel';

await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

const COUNT = 50_000;
/** The panel's list box in jsdom: 210 px, ten rows of the estimated 21 px. */
const BOX_PX = 210;

const item = (i: number): DiagnosticItem => ({
  code: 'unknown-ignorable-type',
  severity: 'info',
  message: `unknown event type "x/t${i + 1}"`,
  seq: i + 1,
  line: i + 2,
});

function client(): FakeClient {
  return new FakeClient({
    diagnostics: (req): DiagnosticsWindow => {
      const from = Math.max(0, req.from);
      const to = Math.min(COUNT, req.to);
      return {
        counts: { error: 0, warning: 0, info: COUNT },
        groups: [],
        code: 'unknown-ignorable-type',
        total: COUNT,
        from,
        items: Array.from({ length: Math.max(0, to - from) }, (_, k) => item(from + k)),
      };
    },
  });
}

beforeEach(() => {
  resetStores();
  stubResizeObserver();
  // jsdom lays nothing out: a measured row is 21 px, anything else the list box.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const height = this.hasAttribute('data-index') ? 21 : BOX_PX;
    return DOMRect.fromRect({ x: 0, y: 0, width: 800, height });
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(BOX_PX);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-index') ? 21 : BOX_PX;
  });
  useApp.setState({
    status: 'ready',
    events: COUNT + 2,
    diagnostics: { error: 0, warning: 0, info: COUNT },
    codes: [{ code: 'unknown-ignorable-type', severity: 'info', count: COUNT, firstSeq: 1 }],
    diagnosticsOpen: true,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const seqsShown = (el: HTMLElement): number[] =>
  [...el.querySelectorAll('[data-testid=diagnostic-items] button')]
    .map((b) => /^seq (\d+)$/.exec(b.textContent ?? '')?.[1])
    .filter((s) => s !== undefined)
    .map(Number);

describe('DiagnosticsPanel', () => {
  it('opens on 50,000 items with only the rows in view rendered, from a bounded window', async () => {
    const fake = client();
    const el = renderWithClient(fake, <DiagnosticsPanel />);
    await settle();
    const shown = seqsShown(el);
    expect(shown[0]).toBe(1);
    // Ten rows in view plus the margin, not a page of 200 (nor 50,000).
    expect(shown.length).toBeGreaterThanOrEqual(10);
    expect(shown.length).toBeLessThanOrEqual(25);
    for (const r of fake.sent('diagnostics')) expect(r.to - r.from).toBeLessThanOrEqual(200);
    const list = el.querySelector('[data-testid=diagnostic-items]') as HTMLElement;
    expect(list.getAttribute('data-count')).toBe(String(COUNT));
    // The scroll range covers every item.
    expect(parseFloat((list.firstElementChild as HTMLElement).style.height)).toBeGreaterThanOrEqual(
      COUNT * 21,
    );
  });

  it('scrolled to the middle and to the end, it asks for those windows and shows those items', async () => {
    const fake = client();
    const el = renderWithClient(fake, <DiagnosticsPanel />);
    await settle();
    const list = el.querySelector('[data-testid=diagnostic-items]') as HTMLElement;
    const scrollTo = async (top: number) => {
      act(() => {
        list.scrollTop = top;
        list.dispatchEvent(new Event('scroll'));
      });
      await settle();
    };
    await scrollTo(25_000 * 21);
    let shown = seqsShown(el);
    expect(shown.length).toBeLessThanOrEqual(25);
    expect(shown).toContain(25_001);
    const last = fake.sent('diagnostics').at(-1);
    expect(last?.from).toBeLessThanOrEqual(25_000);
    expect(last?.to).toBeGreaterThan(25_010);

    await scrollTo(COUNT * 21 - BOX_PX);
    shown = seqsShown(el);
    expect(shown).toContain(COUNT);
    expect(shown.length).toBeLessThanOrEqual(25);
    for (const r of fake.sent('diagnostics')) expect(r.to - r.from).toBeLessThanOrEqual(200);
  });
});
