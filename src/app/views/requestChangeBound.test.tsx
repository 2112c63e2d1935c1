// @vitest-environment jsdom
/**
 * A request header's system prompt change of 200,000 characters (audit R21-4: both whole texts
 * were drawn into one <pre>, a 1.4-3.2 s main-thread task; 22 s at 800,000): the view draws at
 * most the input diff's bound, says how much is hidden, names only the prompts there are, and
 * shows a whole prompt as plain text (virtualized) only when asked.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { requestChangeAt, viewOfRequest } from '../../core/harness/requestView';
import { requestInForceAt } from '../../core/harness/requestInForce';
import { loadLogFromText } from '../../core/log/load';
import type { RequestChange } from '../../worker/protocol';
import { render } from '../components/testRender';
import { composeApp } from '../compose';
import { ServicesProvider } from '../services/context';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import { DIFF_SHOWN_CHARS } from '../why/diffParts';
import { RequestChangeView } from './RequestChangeView';

/** The view's own words and controls, beyond the text it draws of the prompts. */
const CHROME = 1_000;
const textLength = (el: Element | null | undefined): number => el?.textContent?.length ?? 0;

async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

const prompt = 'a\n'.repeat(100_000);
const events = [
  { type: 'request/header', seq: 0, data: { header: { config: { model: 'm' }, system: prompt } } },
  { type: 'user/message', seq: 1, data: { role: 'user', content: [{ type: 'text', text: 'hi' }] } },
];
const log = loadLogFromText(events.map((e) => JSON.stringify(e)).join('\n') + '\n');

/** A client answering as the worker does, from the log above. */
const workerLike = () =>
  new FakeClient({
    requestChange: () => requestChangeAt(log, 0),
    requestAt: () => {
      const r = requestInForceAt(log, 0);
      return r === null ? null : { ...viewOfRequest(r), json: {} };
    },
  });

const mount = (client: FakeClient) =>
  render(
    <ServicesProvider services={composeApp(client)}>
      <RequestChangeView seq={0} />
    </ServicesProvider>,
  );

const buttonNamed = (el: Element, text: string) =>
  [...el.querySelectorAll('button')].find((b) => b.textContent?.includes(text)) as HTMLButtonElement;

describe('a system prompt change of 200,000 characters', () => {
  beforeEach(() => resetStores());

  it('a first header: "all new", no old prompt named, drawn within the bound with a count', async () => {
    const el = mount(workerLike());
    await settle();
    const view = el.querySelector('[data-testid=request-change]');
    expect(view?.textContent).toContain('system prompt: all new, 200,000 characters');
    expect(view?.textContent).not.toContain('old prompt');
    expect(textLength(view)).toBeLessThanOrEqual(DIFF_SHOWN_CHARS + CHROME);
    expect(el.querySelector('[data-testid=diff-part-hidden]')?.textContent).toContain(
      '180,000 characters hidden',
    );
  });

  it('the whole prompt, asked for, is plain text with its rows virtualized', async () => {
    const el = mount(workerLike());
    await settle();
    act(() => buttonNamed(el, 'show the whole new prompt').click());
    await settle();
    const whole = el.querySelector('[data-testid=request-system-whole]');
    expect(whole?.querySelector('[data-testid=plain-text]')).not.toBeNull();
    expect(whole?.querySelector('[data-testid=elision]')?.textContent).toMatch(/… 99,9\d\d lines hidden/);
    expect(textLength(el)).toBeLessThanOrEqual(3 * DIFF_SHOWN_CHARS);
  });

  it('a diff given up on two 200,000-character prompts, posted whole, is drawn within the bound', async () => {
    const change: RequestChange = {
      seq: 5,
      previousSeq: 3,
      addedTools: [],
      removedTools: [],
      changedTools: [],
      configKeys: [],
      system: [
        { op: '-', text: 'o'.repeat(200_000), cut: true },
        { op: '+', text: 'n'.repeat(200_000), cut: true },
      ],
      systemUnposted: { parts: 0, chars: 0 },
      systemChars: { before: 200_000, after: 200_000 },
      systemChanged: true,
      adapterDefaultsChanged: false,
    };
    const el = render(
      <ServicesProvider services={composeApp(new FakeClient({ requestChange: () => change }))}>
        <RequestChangeView seq={5} />
      </ServicesProvider>,
    );
    await settle();
    expect(el.querySelector('[data-testid=request-system-diff-cut]')?.textContent).toContain(
      'too many changes',
    );
    expect(textLength(el)).toBeLessThanOrEqual(DIFF_SHOWN_CHARS + CHROME);
    expect(el.querySelectorAll('[data-testid=diff-part-hidden]')).toHaveLength(2);
  });
});
