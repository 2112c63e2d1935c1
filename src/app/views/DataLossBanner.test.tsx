// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CodeGroup } from '../../worker/protocol';
import { useApp } from '../appState';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import { renderWithClient, settle } from '../testing/paneHarness';
import { DataLossBanner } from './DataLossBanner';

beforeEach(resetStores);

const LOST =
  'gzip data is corrupt or truncated (unexpected EOF) near compressed byte 595; the 1797 bytes decoded before it are kept';

/** The banner over a ready log of `events` events whose diagnostics are `codes`. */
async function bannerFor(events: number, codes: CodeGroup[]) {
  const client = new FakeClient({
    diagnostics: (req) => ({
      counts: { error: 1, warning: 0, info: 0 },
      groups: codes,
      total: 1,
      from: 0,
      items:
        req.code === 'bad-compression' ? [{ code: 'bad-compression', severity: 'error', message: LOST }] : [],
    }),
  });
  act(() => useApp.setState({ status: 'ready', loadId: 1, name: 'cut.jsonl.gz', events, codes }));
  const el = renderWithClient(client, <DataLossBanner />);
  await settle();
  return { el, client };
}

describe('a log whose compressed bytes stop part way (issue 14: a gzip that ends early)', () => {
  it('says the end is lost, where and how much was kept, and opens its diagnostics', async () => {
    const { el } = await bannerFor(9, [{ code: 'bad-compression', severity: 'error', count: 1 }]);
    expect(el.querySelector('[data-testid=data-loss]')?.textContent).toBe(
      `The end of cut.jsonl.gz could not be read: ${LOST}. The 9 events before it are shown; the rest of the file is lost.Show diagnostics`,
    );
    act(() => el.querySelector<HTMLButtonElement>('[data-testid=data-loss] button')?.click());
    expect(useApp.getState()).toMatchObject({ diagnosticsOpen: true, diagnosticsCode: 'bad-compression' });
  });

  it('says nothing of a whole log, nor of one nothing was read from (the timeline says that)', async () => {
    const whole = await bannerFor(9, [{ code: 'bad-json', severity: 'error', count: 1 }]);
    expect(whole.el.querySelector('[data-testid=data-loss]')).toBeNull();
    expect(whole.client.sent('diagnostics')).toEqual([]);
    const none = await bannerFor(0, [{ code: 'bad-compression', severity: 'error', count: 1 }]);
    expect(none.el.querySelector('[data-testid=data-loss]')).toBeNull();
  });
});
