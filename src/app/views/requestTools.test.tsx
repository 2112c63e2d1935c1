// @vitest-environment jsdom
/**
 * A request header of 100,000 tools (audit R7-10: every tool and its schema tree rendered, even
 * folded, was a 100 s main-thread task per selected event): the request in force renders a
 * folded section's content only once opened, lists TOOLS_SHOWN tools at a time, and the change
 * view names NAMES_SHOWN tools and counts the rest.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RequestAtView, RequestChange } from '../../worker/protocol';
import { useApp } from '../appState';
import { render } from '../components/testRender';
import { composeApp } from '../compose';
import { ServicesProvider } from '../services/context';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import { NAMES_SHOWN, RequestChangeView } from './RequestChangeView';
import { RequestInForce, TOOLS_SHOWN } from './RequestInForce';

const N = 100_000;
const names = Array.from({ length: N }, (_, i) => `tool_${i}`);

async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

/** Opens a <details> as a click on its summary does, with its toggle event. */
function open(details: Element | null | undefined): void {
  if (!(details instanceof HTMLDetailsElement)) throw new Error('no such <details>');
  act(() => {
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
  });
}

const mount = (client: FakeClient, node: React.ReactNode) =>
  render(<ServicesProvider services={composeApp(client)}>{node}</ServicesProvider>);

beforeEach(() => {
  resetStores();
  useApp.setState({ status: 'ready', events: 6, selectedSeq: 3, loadId: 1 });
});

describe('a request header of 100,000 tools', () => {
  const view: RequestAtView = {
    seq: 0,
    reason: 'change',
    provider: 'p',
    model: 'm',
    config: {},
    tools: {
      list: names.map((name) => ({ name, description: `does ${name}`, schema: { name, x: [1, 2] } })),
    },
    json: {},
  };

  it('the request in force: nothing of the tools until opened, then 200 tools, each schema when opened', async () => {
    const el = mount(new FakeClient({ requestAt: () => view }), <RequestInForce seq={3} />);
    await settle();
    expect(el.querySelector('summary')?.textContent).toContain('100000 tools');
    // Folded, the tools section holds nothing but its title.
    const tools = el.querySelector('[data-testid=request-tools]');
    expect(tools?.querySelectorAll('details')).toHaveLength(0);
    open(tools);
    const rows = () => tools?.querySelectorAll(':scope > div > details') ?? [];
    expect(rows()).toHaveLength(TOOLS_SHOWN);
    expect(el.querySelectorAll('[role=tree], [data-json-tree], pre')).toHaveLength(0);
    expect(rows()[0]?.querySelector('summary')?.textContent).toBe('tool_0does tool_0');
    const more = [...(tools?.querySelectorAll('button') ?? [])].find((b) =>
      /^Show 200 more/.test(b.textContent ?? ''),
    );
    expect(more?.textContent).toBe('Show 200 more of 99,800 tools');
    act(() => more?.click());
    expect(rows()).toHaveLength(2 * TOOLS_SHOWN);
    // One tool opened: its schema, and only its.
    open(rows()[1]);
    expect(rows()[1]?.textContent).toContain('tool_1');
    expect(rows()[1]?.querySelector(':scope > div')).not.toBeNull();
    expect(rows()[0]?.querySelector(':scope > div')).toBeNull();
  });

  it('the change view names 100 tools and counts the rest', async () => {
    const change: RequestChange = {
      seq: 5,
      previousSeq: 0,
      addedTools: [],
      removedTools: names,
      changedTools: [],
      configKeys: [],
      system: [],
      systemUnposted: { parts: 0, chars: 0 },
      systemChars: { before: 0, after: 0 },
      systemChanged: false,
      adapterDefaultsChanged: false,
    };
    const el = mount(new FakeClient({ requestChange: () => change }), <RequestChangeView seq={5} />);
    await settle();
    const removed = el.querySelector('[data-testid=request-tools-removed]');
    expect(removed?.querySelectorAll('.font-mono')).toHaveLength(NAMES_SHOWN);
    expect(removed?.textContent).toContain('and 99,900 more');
  });

  it('the change view says when the system prompt diff was given up (audit R7-13)', async () => {
    const change: RequestChange = {
      seq: 5,
      previousSeq: 0,
      addedTools: [],
      removedTools: [],
      changedTools: [],
      configKeys: [],
      system: [
        { op: '-', text: 'old prompt', cut: true },
        { op: '+', text: 'new prompt', cut: true },
      ],
      systemUnposted: { parts: 0, chars: 0 },
      systemChars: { before: 10, after: 10 },
      systemChanged: true,
      adapterDefaultsChanged: false,
    };
    const el = mount(new FakeClient({ requestChange: () => change }), <RequestChangeView seq={5} />);
    await settle();
    expect(el.querySelector('[data-testid=request-system-diff-cut]')?.textContent).toContain(
      'too many changes',
    );
    expect(el.querySelector('[data-testid=request-system-diff] del')?.textContent).toBe('old prompt');
  });
});
