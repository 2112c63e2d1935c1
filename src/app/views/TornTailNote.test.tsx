// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CodeGroup, DiagnosticItem } from '../../worker/protocol';
import { useApp } from '../appState';
import { FakeClient } from '../testing/fakeClient';
import { resetStores, summary } from '../testing/fixtures';
import { renderWithClient, settle } from '../testing/paneHarness';
import { TornTailNote } from './TornTailNote';
import { loadLogFromText } from '../../core/log/load';

beforeEach(resetStores);

const TORN: CodeGroup[] = [{ code: 'torn-tail', severity: 'warning', count: 1 }];
const DROPPED: DiagnosticItem = {
  code: 'torn-tail',
  severity: 'warning',
  line: 26,
  droppedBytes: 87,
  message: 'the last line (26) has no newline and does not parse: the writer stopped mid-line; dropped',
};

/** The note over a ready log whose first torn-tail diagnostic is `item`. */
async function noteFor(item: DiagnosticItem, following = false) {
  const client = new FakeClient({
    diagnostics: () => ({
      counts: { error: 0, warning: 1, info: 0 },
      groups: TORN,
      total: 1,
      from: 0,
      items: [item],
    }),
  });
  act(() =>
    useApp.setState({
      status: 'ready',
      loadId: 1,
      name: 'torn.jsonl',
      events: 25,
      codes: TORN,
      summary: summary(1, 25, following ? { following: true } : {}),
    }),
  );
  const el = renderWithClient(client, <TornTailNote />);
  await settle();
  return el.querySelector('[data-testid=torn-tail]');
}

describe('a log whose last line was cut mid-write (issue 14: only a warning chip said so)', () => {
  it('says the last line was dropped and how many bytes, and opens its diagnostics', async () => {
    const note = await noteFor(DROPPED);
    expect(note?.textContent).toBe(
      'The last line of torn.jsonl was cut mid-write and is dropped (87 B); everything before it is shown.Show diagnostics',
    );
    act(() => note?.querySelector('button')?.click());
    expect(useApp.getState()).toMatchObject({ diagnosticsOpen: true, diagnosticsCode: 'torn-tail' });
  });

  it('says nothing of a last line kept as read (it parses), nor while the log is followed live', async () => {
    const { droppedBytes: _, ...kept } = DROPPED;
    expect(
      await noteFor({ ...kept, message: 'the last line (26) has no newline: shown as read' }),
    ).toBeNull();
    expect(await noteFor(DROPPED, true)).toBeNull();
  });

  it('says the bytes dropped of a JSON array cut inside its last element, as of a JSONL torn tail', async () => {
    const log = loadLogFromText('[{"type":"turn/start","seq":0,"data":{"turn":1}},\n{"type":"turn/e');
    const torn = log.diagnostics.items.find((d) => d.code === 'torn-tail');
    expect(torn).toBeDefined();
    const note = await noteFor(torn as DiagnosticItem);
    expect(note?.textContent).toContain('was cut mid-write and is dropped (15 B)');
  });
});
