/**
 * A scroll by hand (the wheel, a touch, the scroll bar) drops the jump to the selection the list
 * has not made yet: the list stays where the user took it. A load's end selects the last event
 * and the list jumped there, undoing a scroll the user made while the log loaded (or in the
 * ~0.4 s before the location came back, a window useLoadEndScroll has since closed). The keys are
 * not here: in the timeline they move the selection, and a selection made next scrolls to itself
 * again (`select` sets the flag back).
 */
import { useEffect } from 'react';
import { useApp } from '../appState';

export function useHandScroll(el: HTMLElement | null): void {
  useEffect(() => {
    if (!el) return;
    const byHand = () => {
      const { scrollToSelection, scrolledByHand } = useApp.getState();
      if (scrollToSelection || !scrolledByHand)
        useApp.setState({ scrollToSelection: false, scrolledByHand: true });
    };
    // On the scroll bar the pointer goes down on the scrolling element itself (a row is its child).
    const onPointerDown = (e: PointerEvent) => {
      if (e.target === el) byHand();
    };
    el.addEventListener('wheel', byHand, { passive: true });
    el.addEventListener('touchmove', byHand, { passive: true });
    el.addEventListener('pointerdown', onPointerDown);
    return () => {
      el.removeEventListener('wheel', byHand);
      el.removeEventListener('touchmove', byHand);
      el.removeEventListener('pointerdown', onPointerDown);
    };
  }, [el]);
}
