// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useApp } from '../appState';
import { render } from '../components/testRender';
import { composeApp } from '../compose';
import { ServicesProvider } from '../services/context';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import type { ResponseValues } from '../../worker/protocol';
import { TimelineToolbar } from './TimelineToolbar';

// uPlot (reached through the compose graph) reads matchMedia when imported.
await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

beforeEach(resetStores);

describe('TimelineToolbar', () => {
  it("gives no count while a filter's scan runs (the rows shown are still the last filter's)", async () => {
    const answers: ((v: ResponseValues['filter']) => void)[] = [];
    const services = composeApp(new FakeClient({ filter: () => new Promise((r) => answers.push(r)) }));
    useApp.setState({ rowCount: 34256, rowsVersion: 1 });
    const el = render(
      <ServicesProvider services={services}>
        <TimelineToolbar />
      </ServicesProvider>,
    );
    const count = () => el.querySelector('[data-testid=row-count]')?.textContent;
    expect(count()).toBe('34,256 rows');
    act(() => services.load.setFilter({ types: null, errorsOnly: false, text: 'deploy' }));
    expect(count()).toBe('Filtering…');
    await act(async () => {
      useApp.setState({ rowCount: 3, rowsVersion: 2 });
      answers[0]!({ rowCount: 3, rowsVersion: 2, matches: 3 });
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(count()).toBe('3 matches');
  });
});
