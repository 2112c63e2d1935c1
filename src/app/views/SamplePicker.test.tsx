// @vitest-environment jsdom
/**
 * A log of 65,000 samples (audit R7-4): the menu lists a bounded window around the open sample
 * (a <select> of 65,000 options was a 10 s main-thread task), and the "go to" box opens any
 * sample by number or id.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { LogSummary } from '../../worker/protocol';
import { render } from '../components/testRender';
import { composeApp } from '../compose';
import { ServicesProvider } from '../services/context';
import { FakeClient } from '../testing/fakeClient';
import { summary } from '../testing/fixtures';
import { MAX_SAMPLE_OPTIONS, SamplePicker, findSample, sampleOptions } from './SamplePicker';
import { NAME_MAX_CHARS } from '../../core/view/bidiControls';

await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

const COUNT = 65_000;
const labels = Array.from({ length: COUNT }, (_, i) => `s${i + 1}#1`);

function picker(open: number, n = COUNT) {
  const services = composeApp(new FakeClient({}));
  const openPart = vi.spyOn(services.load, 'openPart').mockReturnValue(1);
  const s: LogSummary = summary(1, 10, { parts: { labels: labels.slice(0, n), open } });
  const el = render(
    <ServicesProvider services={services}>
      <SamplePicker summary={s} />
    </ServicesProvider>,
  );
  return { el, openPart };
}

/** Types into a React-controlled input and submits its form. */
function goTo(el: HTMLElement, text: string): void {
  const input = el.querySelector('[data-testid=sample-jump] input') as HTMLInputElement;
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  act(() => (input.form as HTMLFormElement).requestSubmit());
}

describe('SamplePicker', () => {
  it('65,000 samples: the open one, its neighbours, the first and the last; not 65,000 options', () => {
    const { el } = picker(40_000);
    const options = [...el.querySelectorAll('option')].map((o) => Number(o.value));
    expect(options.length).toBe(MAX_SAMPLE_OPTIONS + 2);
    expect(options[0]).toBe(1);
    expect(options.at(-1)).toBe(COUNT);
    expect(options).toContain(39_950);
    expect(options).toContain(40_050);
    expect((el.querySelector('[data-testid=sample-picker]') as HTMLSelectElement).value).toBe('40000');
    expect(el.querySelector('option[value="40000"]')?.textContent).toBe('40000 of 65000: s40000#1');
  });

  it('the go-to box opens a sample by number, label or id, and says when none matches', () => {
    const { el, openPart } = picker(1);
    goTo(el, '64321');
    expect(openPart).toHaveBeenLastCalledWith(64_321);
    goTo(el, 's51234#1');
    expect(openPart).toHaveBeenLastCalledWith(51_234);
    goTo(el, 's777');
    expect(openPart).toHaveBeenLastCalledWith(777);
    goTo(el, 'nope');
    expect(openPart).toHaveBeenCalledTimes(3);
    expect(el.querySelector('[role=status]')?.textContent).toBe('no sample nope');
  });

  it('a few samples: every one listed, no go-to box', () => {
    const { el } = picker(2, 3);
    expect([...el.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '1 of 3: s1#1',
      '2 of 3: s2#1',
      '3 of 3: s3#1',
    ]);
    expect(el.querySelector('[data-testid=sample-jump]')).toBeNull();
  });

  it('the window stays MAX_SAMPLE_OPTIONS wide at either end', () => {
    expect(sampleOptions(1, COUNT)).toEqual([...Array.from({ length: 200 }, (_, i) => i + 1), COUNT]);
    expect(sampleOptions(COUNT, COUNT)).toEqual([
      1,
      ...Array.from({ length: 200 }, (_, i) => COUNT - 199 + i),
    ]);
    expect(findSample(labels, '0')).toBeNull();
    expect(findSample(labels, '65001')).toBeNull();
  });
});

describe('a sample label from the log (audit R21-5)', () => {
  it('lists at most NAME_MAX_CHARS of it, bidi controls spelled out', () => {
    const services = composeApp(new FakeClient({}));
    const long = `${'a\n'.repeat(300_000)}#1`;
    const s: LogSummary = summary(1, 10, { parts: { labels: [long, 'x\u202eevil#1'], open: 1 } });
    const el = render(
      <ServicesProvider services={services}>
        <SamplePicker summary={s} />
      </ServicesProvider>,
    );
    const options = [...el.querySelectorAll('option')].map((o) => o.textContent);
    expect(options[0]).toBe(`1 of 2: ${long.slice(0, NAME_MAX_CHARS)}…`);
    expect(options[1]).toBe('2 of 2: x\\u202eevil#1');
  });
});
