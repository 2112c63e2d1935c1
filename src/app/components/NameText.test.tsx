// @vitest-environment jsdom
/** Names from the log are isolated and their bidi controls shown, not obeyed (audit R10-L2). */
import { describe, expect, it, vi } from 'vitest';
import { BlockView } from './blocks';
import { JsonTree } from './jsonTree';
import { NameText } from './NameText';
import { NAME_MAX_CHARS } from '../../core/view/bidiControls';
import { render } from './testRender';
import { TimelineRowView } from '../views/TimelineRowView';
import type { TimelineRow } from '../../worker/protocol';

// uPlot (reached through the timeline row's input-diff button) reads matchMedia when imported.
await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

const SPOOF = 'tool\u202e30000_x';
const CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The name as drawn: inside a <bdi>, no live control, each one spelled out in a marked span. */
function expectShownSafely(el: Element): void {
  const bdi = [...el.querySelectorAll('bdi')].find((b) => b.querySelector('[data-bidi-control]'));
  expect(bdi?.textContent).toBe('tool\\u202e30000_x');
  expect(bdi?.querySelector('[data-bidi-control]')?.textContent).toBe('\\u202e');
  expect(CONTROLS.test(el.textContent)).toBe(false);
  for (const t of el.querySelectorAll('[title]'))
    expect(CONTROLS.test(t.getAttribute('title') ?? '')).toBe(false);
}

describe('NameText', () => {
  it('draws a plain name as it is, isolated', () => {
    const el = render(<NameText name="bash" />);
    expect(el.innerHTML).toBe('<bdi>bash</bdi>');
  });

  it('spells a bidi control out', () => {
    expectShownSafely(render(<NameText name={SPOOF} />));
  });

  it('is how a tool call names its tool', () => {
    expectShownSafely(
      render(<BlockView block={{ type: 'tool-call', id: 'c1', name: SPOOF, arguments: '{}' }} />),
    );
  });

  it("is how a tool call and a tool result show the call's id", () => {
    expectShownSafely(
      render(<BlockView block={{ type: 'tool-call', id: SPOOF, name: 'bash', arguments: '{}' }} />),
    );
    expectShownSafely(
      render(<BlockView block={{ type: 'tool-result', toolCallId: SPOOF, content: [], isError: false }} />),
    );
  });

  it("is how a timeline row names its event's type and its summary", () => {
    const row: TimelineRow = {
      row: 0,
      seq: 4,
      coverEnd: 4,
      kind: 'event',
      depth: 1,
      type: SPOOF,
      summary: 'call tool\u202e30000_x {}',
      tone: 'normal',
      diagnostics: 0,
    };
    const el = render(
      <TimelineRowView
        row={row}
        style={{}}
        selected={false}
        containsSelection={false}
        tabbable
        onSelect={() => {}}
        onToggle={() => {}}
        onParent={() => {}}
      />,
    );
    expect(el.querySelectorAll('bdi')).toHaveLength(2);
    expect(el.querySelector('[data-part="summary"] bdi')?.textContent).toBe('call tool\\u202e30000_x {}');
    expect(CONTROLS.test(el.textContent)).toBe(false);
    expect(el.querySelector('[role="row"]')?.getAttribute('title')).toContain('tool\\u202e30000_x');
  });
});

describe('the JSON tree', () => {
  it('shows a string value like a name: isolated, its bidi controls spelled out', () => {
    const el = render(<JsonTree value={{ name: SPOOF }} />);
    expect(el.querySelector('[data-value-type="string"] bdi')?.textContent).toBe('"tool\\u202e30000_x"');
    expect(CONTROLS.test(el.textContent)).toBe(false);
  });
});

describe('a name too long to draw (audit R21-5)', () => {
  it('draws at most NAME_MAX_CHARS code points, then "…", with its head in a tooltip', () => {
    const huge = 'a\n'.repeat(250_000);
    const el = render(<NameText name={huge} />);
    const bdi = el.querySelector('bdi')!;
    expect(bdi.textContent).toBe(`${huge.slice(0, NAME_MAX_CHARS)}…`);
    expect(bdi.getAttribute('title')?.length).toBeLessThanOrEqual(2_001);
    expect(bdi.getAttribute('title')?.startsWith('a\na\n')).toBe(true);
  });

  it('draws a name of NAME_MAX_CHARS whole, and a place that passes maxChars keeps its own cut', () => {
    const name = 'm'.repeat(NAME_MAX_CHARS);
    expect(render(<NameText name={name} />).textContent).toBe(name);
    const cut = render(<NameText name={`${name}x`} maxChars={10} />).querySelector('bdi')!;
    expect(cut.textContent).toBe(`${'m'.repeat(10)}…`);
    expect(cut.hasAttribute('title')).toBe(false); // the place keeps the whole name in its own tooltip
    expect(render(<NameText name={`${name}x`} maxChars={Infinity} />).textContent).toBe(`${name}x`);
  });
});
