// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerError } from '../../worker/protocol';
import { useApp } from '../appState';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import { renderWithClient, settle } from '../testing/paneHarness';
import { ErrorBanner } from './Overlays';

await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

beforeEach(resetStores);

/** The banner's buttons after a load failed with `error`. */
async function buttonsFor(error: WorkerError): Promise<string[]> {
  act(() => useApp.setState({ status: 'error', loadId: 1, error }));
  const el = renderWithClient(new FakeClient({}), <ErrorBanner />);
  await settle();
  expect(el.querySelector('[data-testid=error]')?.textContent).toContain(error.message);
  return [...el.querySelectorAll('[data-testid=error] button, [data-testid=error] label')].map(
    (b) => b.textContent ?? '',
  );
}

describe('the error banner (issue 14: a refused log offered Retry)', () => {
  it('offers another log, and no Retry, for a log refused here (binary, too large, a web page)', async () => {
    const message = 'binary.jsonl: this is not a text log: 271 of its 512 bytes are binary';
    expect(await buttonsFor({ code: 'refused', message })).toEqual(['Open another log']);
  });

  it('offers Retry for a failure that another try may not repeat', async () => {
    const message = 'Could not fetch http://127.0.0.1:9/x.jsonl: the network failed';
    expect(await buttonsFor({ code: 'network', message })).toEqual(['Retry', 'Open another log']);
    expect(await buttonsFor({ code: 'load-failed', message: 'Could not read x.jsonl' })).toEqual([
      'Retry',
      'Open another log',
    ]);
  });
});
