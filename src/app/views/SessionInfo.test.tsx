// @vitest-environment jsdom
/**
 * The Session dialog over a header as the worker posts it (core/view/headerFields.ts): a hostile
 * header draws a bounded page (audit R22-3), and a field of the wrong type cannot unmount the app
 * (R22-9).
 */
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { postedHeader, postedMeta, wholeFieldText, type PostedHeader } from '../../core/view/headerFields';
import type { LogClient } from '../../worker/client';
import type { Request } from '../../worker/protocol';
import { render } from '../components/testRender';
import { summary } from '../testing/fixtures';
import { SessionInfoButton, SessionInfoPanel } from './SessionInfo';

beforeAll(() => {
  // jsdom has <dialog> without its modal methods
  const proto = HTMLDialogElement.prototype as { showModal?: () => void; close?: () => void };
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

/** A worker that answers "show all" from the header as the real handler does. */
function fieldClient(header: Record<string, unknown>) {
  const asked: number[] = [];
  return {
    asked,
    request: (req: Request) => {
      if (req.kind !== 'headerField') throw new Error(`unexpected ${req.kind}`);
      asked.push(req.index);
      const text = wholeFieldText(header, req.index);
      return Promise.resolve({ ok: true, value: text === undefined ? null : { text } });
    },
  } as unknown as Pick<LogClient, 'request'> & { asked: number[] };
}

const panel = (header: Record<string, unknown>, extra = {}) =>
  render(
    <SessionInfoPanel
      summary={summary(1, 3, { header: postedHeader(header), ...extra })}
      client={fieldClient(header)}
    />,
  );

describe('the Session dialog over a hostile header (R22-3)', () => {
  it('a 250,000-line id, 30,000 keys and 100,000 samples draw a bounded page that says what it left out', () => {
    const header: Record<string, unknown> = {
      type: 'session',
      version: 0,
      id: 'a\n'.repeat(250_000),
      origin: { format: 'inspect', samples: Array.from({ length: 100_000 }, (_, i) => `sample-${i}#1`) },
    };
    for (let i = 0; i < 30_000; i++) header[`k${i}`] = i;
    const meta = { line: 2, beforeSeq: 0, value: { type: 'result', output: 'x'.repeat(750_000) } };
    const el = panel(header, { metas: [postedMeta(meta)] });
    const text = el.textContent ?? '';
    expect(text.length).toBeLessThan(60_000);
    expect(el.querySelectorAll('dt').length).toBeLessThanOrEqual(50);
    expect(el.querySelector('[data-testid=session-more-fields]')?.textContent).toContain(
      `${(30_003 - 50).toLocaleString('en-US')} more fields not shown`,
    );
    const dd = [...el.querySelectorAll('dd')];
    const id = dd[0]?.textContent ?? '';
    expect(id.split('\n').length).toBeLessThanOrEqual(21);
    // 20 lines: 20 letters and the 19 newlines between them
    expect(id).toContain(`${(500_000 - 39).toLocaleString('en-US')} more characters`);
    const origin = dd.find((d) => d.textContent?.includes('inspect'))?.textContent ?? '';
    expect(origin).toContain('sample-0#1');
    expect(origin).toContain('+99,995 more items: see “show all”');
    expect(text).not.toContain('Raw line');
    expect(origin).not.toContain('sample-5#1');
    expect(el.querySelector('[data-testid=session-metas] pre')?.textContent?.length).toBeLessThan(2_100);
    expect(el.querySelectorAll('[data-testid=session-cut]').length).toBeGreaterThanOrEqual(3);
  });

  it('"show all" asks the worker for the whole value and draws it as a long text, its head and tail', async () => {
    const id = Array.from({ length: 5_000 }, (_, i) => `line ${i}`).join('\n');
    const el = panel({ type: 'session', version: 0, id });
    expect(el.querySelector('dd')?.textContent).not.toContain('line 4999');
    await act(async () => el.querySelector<HTMLButtonElement>('[data-testid=session-show-all]')?.click());
    const whole = el.querySelector('dd [data-testid=plain-text]');
    expect(whole?.getAttribute('data-lines')).toBe('5000');
    expect(whole?.textContent).toContain('line 4999');
    expect(el.querySelector('dd [data-testid=elision]')?.textContent).toMatch(/lines hidden/);
  });

  it('a normal header reads whole, createdAt with its date, no cut marker', () => {
    const el = panel({ type: 'session', version: 0, id: 'run-1', cwd: '/work', createdAt: 0, seedLength: 2 });
    expect([...el.querySelectorAll('dt')].map((d) => d.textContent)).toEqual([
      'id',
      'cwd',
      'createdAt',
      'seedLength',
      'version',
    ]);
    expect(el.querySelector('dd')?.textContent).toBe('run-1');
    expect(el.textContent).toContain('1970');
    expect(el.querySelector('[data-testid=session-cut]')).toBeNull();
    expect(el.querySelector('[data-testid=session-seed]')?.textContent).toContain('The first 2 events');
  });
});

describe('a header field of the wrong type (R22-9)', () => {
  it('a seedLength that is an object is shown as JSON, never as the inherited count', () => {
    const el = panel({ type: 'session', version: 0, id: 's', seedLength: { a: 1 }, parentSession: { b: 2 } });
    expect(el.querySelector('[data-testid=session-seed]')).toBeNull();
    const seed = [...el.querySelectorAll('dt')].findIndex((d) => d.textContent === 'seedLength');
    expect(el.querySelectorAll('dd')[seed]?.textContent).toContain('"a": 1');
  });

  it('a dialog whose content fails shows the failure in the dialog; the app stays', () => {
    // a header posted by some other worker: the panel trusts the protocol, the dialog's boundary catches it
    const bad = { fields: [], moreFields: 0, seedLength: { a: 1 } } as unknown as PostedHeader;
    const el = render(
      <div>
        <SessionInfoButton summary={summary(1, 3, { header: bad })} client={fieldClient({})} />
        <p data-testid="app">still here</p>
      </div>,
    );
    act(() => el.querySelector<HTMLButtonElement>('[data-testid=session-info-button]')?.click());
    expect(el.querySelector('[role=alert]')?.textContent).toContain(
      'The session dialog could not show this log.',
    );
    expect(el.querySelector('[data-testid=app]')?.textContent).toBe('still here');
  });
});
