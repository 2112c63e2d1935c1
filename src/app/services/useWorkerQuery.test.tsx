// @vitest-environment jsdom
import { act, useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApp } from '../appState';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import { renderWithClient, settle } from '../testing/paneHarness';
import { useWorkerQuery } from './useWorkerQuery';

// uPlot (reached through the compose graph) reads matchMedia when imported.
await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

afterEach(() => vi.restoreAllMocks());

function Asks({ seq }: { seq: number }) {
  const { data } = useWorkerQuery({ kind: 'event', seq }, { lane: 'event' });
  return <span data-testid="answer">{data ? String(data.seq) : ''}</span>;
}

/** Records, in its layout effect (after its siblings', before any passive effect), what was asked. */
function Probe({ seen, fake }: { seen: number[][]; fake: FakeClient }) {
  useLayoutEffect(() => {
    seen.push(fake.requests.map((r) => (r.req as { seq: number }).seq));
  });
  return null;
}

describe('useWorkerQuery', () => {
  it('asks in the commit that renders the request, before any passive effect (the paint) can come between', async () => {
    const fake = new FakeClient({ event: (req) => ({ seq: req.seq }) as never });
    const seen: number[][] = [];
    resetStores();
    useApp.setState({ selectedSeq: 1 });
    function Page() {
      const seq = useApp((s) => s.selectedSeq) ?? 0;
      return (
        <>
          <Asks seq={seq} />
          <Probe seen={seen} fake={fake} />
        </>
      );
    }
    const el = renderWithClient(fake, <Page />);
    await settle();
    expect(seen[0]).toEqual([1]);
    seen.length = 0;
    act(() => useApp.setState({ selectedSeq: 7 }));
    // The commit that renders seq 7 has asked for it by the time its layout effects ran.
    expect(seen[0]).toEqual([1, 7]);
    await settle();
    expect(el.querySelector('[data-testid=answer]')?.textContent).toBe('7');
  });
});
