// @vitest-environment jsdom
/** useDismiss: Escape or a press outside closes the popup; Escape goes no further. */
import { act, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from './testRender';
import { useDismiss } from './useDismiss';

function Popup() {
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, open, () => setOpen(false));
  return (
    <div>
      <button type="button" data-testid="outside" onClick={() => setOpen(true)}>
        open
      </button>
      {open && (
        <div ref={ref} data-testid="popup">
          <button type="button" data-testid="inside">
            item
          </button>
        </div>
      )}
    </div>
  );
}

const press = (el: Element) =>
  act(() => void el.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
const key = (k: string) => {
  const ev = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
  act(() => void document.body.dispatchEvent(ev));
  return ev;
};

describe('useDismiss', () => {
  it('stays open on a press inside and on other keys', () => {
    const el = render(<Popup />);
    press(el.querySelector('[data-testid=inside]')!);
    key('a');
    expect(el.querySelector('[data-testid=popup]')).not.toBeNull();
  });

  it('closes on a press outside', () => {
    const el = render(<Popup />);
    press(el.querySelector('[data-testid=outside]')!);
    expect(el.querySelector('[data-testid=popup]')).toBeNull();
  });

  it('closes on Escape, which then reaches no other listener', () => {
    const el = render(<Popup />);
    let reached = false;
    const global = (e: KeyboardEvent) => {
      if (e.key === 'Escape') reached = true;
    };
    window.addEventListener('keydown', global);
    try {
      const ev = key('Escape');
      expect(el.querySelector('[data-testid=popup]')).toBeNull();
      expect(reached).toBe(false);
      expect(ev.defaultPrevented).toBe(true);
      // closed: Escape is the app's again
      key('Escape');
      expect(reached).toBe(true);
    } finally {
      window.removeEventListener('keydown', global);
    }
  });
});
