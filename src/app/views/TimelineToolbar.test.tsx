// @vitest-environment jsdom
import { act, Profiler } from 'react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useApp } from '../appState';
import { render } from '../components/testRender';
import { composeApp } from '../compose';
import { ServicesProvider } from '../services/context';
import { FakeClient } from '../testing/fakeClient';
import { resetStores, summary } from '../testing/fixtures';
import type { ResponseValues } from '../../worker/protocol';
import { TOLD_MS } from './rowCountStatus';
import { TimelineToolbar } from './TimelineToolbar';

// uPlot (reached through the compose graph) reads matchMedia when imported.
await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

beforeEach(resetStores);

describe('TimelineToolbar', () => {
  it("gives no count while a slow filter's scan runs (the rows shown are still the last filter's), and tells a screen reader the count it ends with", async () => {
    const answers: ((v: ResponseValues['filter']) => void)[] = [];
    const services = composeApp(new FakeClient({ filter: () => new Promise((r) => answers.push(r)) }));
    useApp.setState({ rowCount: 34256, rowsVersion: 1 });
    const el = render(
      <ServicesProvider services={services}>
        <TimelineToolbar />
      </ServicesProvider>,
    );
    const count = () => el.querySelector('[data-testid=row-count]')?.textContent;
    const status = () => el.querySelector('[role=status]')?.textContent;
    expect(count()).toBe('34,256 rows');
    act(() => services.load.setFilter({ types: null, errorsOnly: false, text: 'deploy' }));
    // A scan that ends at once shows no "Filtering…" (it would flash on every filter of a small
    // log): meanwhile the last count stays, not the old number called matches, and not as final.
    expect(count()).toBe('34,256 rows…');
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(count()).toBe('Filtering…');
    expect(status()).toBe('Filtering…');
    await act(async () => {
      useApp.setState({ rowCount: 3, rowsVersion: 2 });
      answers[0]!({ rowCount: 3, rowsVersion: 2, matches: 3, through: true });
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(count()).toBe('3 matches');
    // The count is told once the scan ends; a loading log's growing count is not.
    expect(status()).toBe('3 matches');
    // A later change is not told, and what was told goes (it is no longer so).
    act(() => useApp.setState({ rowCount: 5, rowsVersion: 3 }));
    expect(count()).toBe('5 matches');
    expect(status()).toBe('');
    // Answered before its scan read the whole log (a loading log): the count says more may come.
    act(() => useApp.setState({ filterRest: true }));
    expect(count()).toBe('5 matches…');
  });
  it('typing waits for a pause before it filters; emptying the box unfilters at once', async () => {
    const services = composeApp(
      new FakeClient({ filter: () => ({ rowCount: 3, rowsVersion: 2, matches: 3, through: true }) }),
    );
    const el = render(
      <ServicesProvider services={services}>
        <TimelineToolbar />
      </ServicesProvider>,
    );
    const input = el.querySelector<HTMLInputElement>('#timeline-filter')!;
    const type = (value: string) =>
      act(() => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    type('deploy');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(useApp.getState().filter.text).toBe('');
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(useApp.getState().filter.text).toBe('deploy');
    type('');
    await act(() => new Promise((r) => setTimeout(r, 5)));
    expect(useApp.getState().filter.text).toBe('');
  });

  it("while a scan runs, once the new filter's rows are on screen (their shape moved on) counts them so far; a scan that was reading keeps its ellipsis", async () => {
    const answers: ((v: ResponseValues['filter']) => void)[] = [];
    const services = composeApp(new FakeClient({ filter: () => new Promise((r) => answers.push(r)) }));
    useApp.setState({
      rowCount: 556,
      rowsVersion: 1,
      rowsShape: 4,
      filterRest: true,
      filter: { types: null, errorsOnly: false, text: 'error' },
    });
    /** The count each commit shows (read as it commits). */
    const commits: (string | null | undefined)[] = [];
    const el = render(
      <ServicesProvider services={services}>
        <Profiler
          id="toolbar"
          onRender={() => commits.push(document.querySelector('[data-testid=row-count]')?.textContent)}
        >
          <TimelineToolbar />
        </Profiler>
      </ServicesProvider>,
    );
    const count = () => el.querySelector('[data-testid=row-count]')?.textContent;
    expect(count()).toBe('556 matches…');
    // Another filter while that scan reads on: the rows on screen are still the last filter's, and
    // are counted as they grow (a loading log), ellipsis and all.
    act(() => services.load.setFilter({ types: null, errorsOnly: false, text: 'errors' }));
    expect(count()).toBe('556 matches…');
    act(() => useApp.setState({ rowCount: 722, rowsVersion: 2 }));
    expect(count()).toBe('722 matches…');
    // A loading log's progress brings the new filter's rows (a new shape): they are counted, and a
    // screen reader is not told "Filtering…" over them.
    act(() => useApp.setState({ rowCount: 40, rowsVersion: 3, rowsShape: 5 }));
    expect(count()).toBe('40 matches…');
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(count()).toBe('40 matches…');
    expect(el.querySelector('[role=status]')?.textContent).toBe('');
    // The box emptied over those rows: they are still counted as matches (not "40 rows…"), and the
    // wait for "Filtering…" starts again.
    // No commit in between shows "Filtering…" (a frame of it flashed between the two counts).
    commits.length = 0;
    act(() => services.load.setFilter({ types: null, errorsOnly: false, text: '' }));
    expect(count()).toBe('40 matches…');
    expect(commits.length).toBeGreaterThan(0);
    expect(commits.filter((c) => c !== '40 matches…')).toEqual([]);
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(count()).toBe('Filtering…');
  });

  it('tells a screen reader the count when a fold of every row or the load ends, not as the log grows, and clears it once told', async () => {
    vi.useFakeTimers();
    try {
      // Like the real client, the answer's row count is noted before the answer settles.
      const client: FakeClient = new FakeClient({
        collapseAll: () => {
          client.rows(1, 26, 3);
          return { rowCount: 26, rowsVersion: 3 };
        },
      });
      const services = composeApp(client);
      const stop = services.load.start();
      onTestFinished(stop);
      useApp.setState({ loadId: 1, status: 'loading', rowCount: 7857, rowsVersion: 1 });
      const el = render(
        <ServicesProvider services={services}>
          <TimelineToolbar />
        </ServicesProvider>,
      );
      const status = () => el.querySelector('[role=status]')?.textContent;
      const count = () => el.querySelector('[data-testid=row-count]')?.textContent;
      // More may come while the log loads: "…", as for a filter's count while its scan reads on.
      act(() => useApp.setState({ rowCount: 90000, rowsVersion: 2 }));
      expect(count()).toBe('90,000 rows…');
      expect(status()).toBe('');
      // The load ends: its final count is told.
      act(() => {
        useApp.setState({ rowCount: 198, rowsVersion: 2 });
        client.push({ kind: 'ready', loadId: 1, summary: summary(1, 198) });
      });
      expect(status()).toBe('198 rows');
      // Told once: gone from the page after a while (the toolbar's count is the one read).
      await act(() => vi.advanceTimersByTimeAsync(TOLD_MS));
      expect(status()).toBe('');
      // A fold of every row: the count its answer brings.
      await act(async () => {
        services.load.foldAll('turns');
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(status()).toBe('26 rows');
    } finally {
      vi.useRealTimers();
    }
  });
});
