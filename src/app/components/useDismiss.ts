/**
 * The one "close this popup" rule for the app's menus and pickers: Escape, or a
 * press anywhere outside the popup, closes it. Escape is taken in the capture
 * phase and goes no further, so it closes only the popup and never reaches the
 * global shortcuts (which would, say, clear the selection too).
 */
import { type RefObject, useEffect, useEffectEvent } from 'react';

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
