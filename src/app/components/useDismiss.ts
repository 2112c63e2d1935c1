/**
 * The one "close this popup" rule for the app's menus and pickers: Escape, or a
 * press anywhere outside the popup, closes it. Escape is taken in the capture
 * phase and goes no further, so it closes only the popup and never reaches the
 * global shortcuts (which would, say, clear the selection too).
 */
import { type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react';

export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, onClose: () => void): void {
  const close = useEffectEvent(onClose);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      e.preventDefault();
      close();
    };
    window.addEventListener('mousedown', onDown);
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('mousedown', onDown);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [ref, open]);
}

/**
 * A button that opens a popup: whether it is open, the box (button and popup) that a press outside
 * of closes it, the props of the button, and `close`, which gives the focus back to the button.
 */
export function usePopupButton() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  useDismiss(ref, open, close);
  const buttonProps = {
    ref: buttonRef,
    type: 'button' as const,
    'aria-expanded': open,
    onClick: () => setOpen((o) => !o),
  };
  return { open, setOpen, close, ref, buttonProps };
}
