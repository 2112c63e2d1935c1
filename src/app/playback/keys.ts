/**
 * Global replay keys (ignored while typing): Space or K (Shift+k) play or
 * pause, h / l one event back / forward. Lower-case k stays the timeline's
 * "previous row" (Overlays.tsx) except on the focused scrubber, which
 * handles its own keys (Scrubber.tsx) and stops them here.
 */
import { useEffect } from 'react';
import { useApp } from '../store';
import { togglePlayback } from './player';
import { movePosition } from './position';

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return (
    !!el &&
    (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
  );
}

/** Elements Space activates by itself. */
function activatesOnSpace(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('button, a[href], summary, [role=button], [role=option]') !== null
  );
}

export function useReplayKeyboard(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTyping(e.target) || e.metaKey || e.ctrlKey || e.altKey) return;
      const state = useApp.getState();
      if (state.status !== 'ready' || state.shortcutsOpen) return;
      switch (e.key) {
        case ' ':
          if (activatesOnSpace(e.target)) return;
          togglePlayback();
          break;
        case 'K':
          togglePlayback();
          break;
        case 'h':
          void movePosition('event', -1);
          break;
        case 'l':
          void movePosition('event', 1);
          break;
        default:
          return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
