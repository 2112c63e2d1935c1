// @vitest-environment jsdom
/**
 * The harness's views through a fake worker: the request in force above the
 * messages, and the resume preview (refusals, the synthetic events, the
 * messages the next request would carry).
 */
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RequestAtView, ResumePreview as Preview } from '../../worker/protocol';
import { useApp } from '../appState';
import { render } from '../components/testRender';
import { composeApp } from '../compose';
import { ServicesProvider } from '../services/context';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import { RequestInForce } from './RequestInForce';
import { ResumePreview, useResumePreview } from './ResumePreview';

async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim();

function request(seq: number, extra: Partial<RequestAtView> = {}): RequestAtView {
  return {
    seq,
    reason: 'change',
    provider: 'deepseek',
    model: 'deepseek-chat',
    config: { provider: 'deepseek', model: 'deepseek-chat' },
    system: { text: 'Be brief.', chars: 9, tokens: 3, placeholder: false },
    tools: {
      list: [
        { name: 'grep', schema: {} },
        { name: 'read', schema: {} },
      ],
    },
    json: {},
    ...extra,
  };
}

beforeEach(() => {
  resetStores();
  useApp.setState({ status: 'ready', events: 40, selectedSeq: 30, loadId: 1 });
});

describe('RequestInForce', () => {
  it('shows the request the worker says is in force at the seq, and jumps to its header', async () => {
    const client = new FakeClient({ requestAt: (req) => request(req.seq > 20 ? 12 : 2) });
    const el = render(
      <ServicesProvider services={composeApp(client)}>
        <RequestInForce seq={30} />
      </ServicesProvider>,
    );
    await settle();
    expect(client.sent('requestAt')).toEqual([{ kind: 'requestAt', seq: 30 }]);
    const box = el.querySelector('[data-testid=request-in-force]');
    expect(box?.getAttribute('data-header-seq')).toBe('12');
    expect(text(el.querySelector('[data-testid=request-model]'))).toBe('deepseek / deepseek-chat');
    expect(text(box?.querySelector('summary'))).toContain('system 9 chars · ~3 tokens');
    expect(text(box?.querySelector('summary'))).toContain('2 tools');
    const link = el.querySelector<HTMLButtonElement>('[data-testid=request-header-link]');
    expect(text(link)).toBe('set at seq 12 (change)');
    act(() => link?.click());
    expect(useApp.getState().selectedSeq).toBe(12);
  });

  it('says when no request header is known at the seq', async () => {
    const client = new FakeClient({ requestAt: () => null });
    const el = render(
      <ServicesProvider services={composeApp(client)}>
        <RequestInForce seq={3} />
      </ServicesProvider>,
    );
    await settle();
    expect(text(el.querySelector('[data-testid=request-in-force]'))).toBe(
      'No request header at or before seq 3: only the messages are known.',
    );
  });
});

const preview: Preview = {
  refusals: [{ reason: 'legacy-form:request/header:fallback', message: 'a legacy header', seq: 4 }],
  repair: [
    {
      type: 'tool/result',
      seq: 21,
      synthetic: true,
      surfaceOp: 'append',
      sourceEventSeqs: [19],
      data: {
        turn: 2,
        step: 3,
        message: { role: 'user', content: [], source: { kind: 'tool', callId: 'call-7' } },
        error: { name: 'ToolOutcomeUnknownError', code: 'TOOL_OUTCOME_UNKNOWN' },
      },
    },
    { type: 'step/end', seq: 22, synthetic: true, data: { turn: 2, step: 3 } },
    { type: 'turn/end', seq: 23, synthetic: true, data: { turn: 2, reason: { kind: 'interrupted' } } },
  ],
  lastKeptSeq: 20,
  count: 9,
  tail: [
    {
      seq: 18,
      index: 7,
      synthetic: false,
      message: { role: 'assistant', content: [{ type: 'text', text: 'calling' }] },
    },
    {
      seq: 21,
      index: 8,
      synthetic: true,
      message: { role: 'user', content: [{ type: 'text', text: 'outcome unknown' }] },
    },
  ],
};

describe('ResumePreview', () => {
  it('lists the refusals, the synthetic events described, and marks the synthetic messages', () => {
    let closed = 0;
    const el = render(
      <ServicesProvider services={composeApp(new FakeClient())}>
        <ResumePreview preview={preview} onClose={() => closed++} />
      </ServicesProvider>,
    );
    const refusal = el.querySelector('[data-testid=resume-refusals] li');
    expect(text(refusal)).toMatch(/^The harness would refuse to resume: a legacy header/);
    expect(text(refusal?.querySelector('button'))).toBe('seq 4');
    const events = [...el.querySelectorAll('[data-testid=resume-synthetic-events] li')].map((li) =>
      [...li.children].map(text),
    );
    expect(events).toEqual([
      ['synthetic', 'seq 21', 'tool/result', 'TOOL_OUTCOME_UNKNOWN for call-7 (tool/call at seq 19)'],
      ['synthetic', 'seq 22', 'step/end', 'turn 2 step 3'],
      ['synthetic', 'seq 23', 'turn/end', 'turn 2: interrupted'],
    ]);
    const messages = [...el.querySelectorAll('[data-testid=resume-messages] > div')];
    expect(messages.map((m) => m.getAttribute('data-synthetic'))).toEqual(['false', 'true']);
    act(() => el.querySelector<HTMLButtonElement>('[data-testid=resume-refusals] button')?.click());
    expect(useApp.getState().selectedSeq).toBe(4);
    act(() => el.querySelector<HTMLButtonElement>('[aria-label="Close the resume preview"]')?.click());
    expect(closed).toBe(1);
  });

  it('is asked of the worker only once the log is ready', async () => {
    const client = new FakeClient({ resumePreview: () => preview });
    let seen: Preview | null = null;
    function Probe() {
      seen = useResumePreview();
      return null;
    }
    useApp.setState({ status: 'loading' });
    render(
      <ServicesProvider services={composeApp(client)}>
        <Probe />
      </ServicesProvider>,
    );
    await settle();
    expect(client.sent('resumePreview')).toEqual([]);
    expect(seen).toBeNull();
    act(() => useApp.setState({ status: 'ready' }));
    await settle();
    expect(client.sent('resumePreview')).toHaveLength(1);
    expect(seen).toBe(preview);
  });
});
