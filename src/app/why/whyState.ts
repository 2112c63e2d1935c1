/** Whether the "why" panel is open and on which tab (UI state only). */
import { create } from 'zustand';
import { SEARCH_INPUT_ID, type WhyTab } from './WhyPanel';

export const useWhy = create<{ open: boolean; tab: WhyTab }>(() => ({ open: false, tab: 'search' }));

export function openWhy(tab: WhyTab): void {
  useWhy.setState({ open: true, tab });
}

/**
 * Opens the panel on `tab` and puts the focus in it: the search box, or the tab's own button. The
 * panel mounts on this render, so on the next frame. (A click on the bar's buttons would otherwise
 * leave the focus on the page, and what the user types next would run single-key shortcuts.)
 */
export function openWhyFocused(tab: WhyTab): void {
  openWhy(tab);
  requestAnimationFrame(() => {
    const target =
      tab === 'search'
        ? document.getElementById(SEARCH_INPUT_ID)
        : document.querySelector<HTMLElement>('[data-testid=why-panel] [role=tab][aria-selected=true]');
    target?.focus();
  });
}
