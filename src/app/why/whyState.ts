/** Whether the "why" panel is open and on which tab (UI state only). */
import { create } from 'zustand';
import type { WhyTab } from './WhyPanel';

export const useWhy = create<{ open: boolean; tab: WhyTab }>(() => ({ open: false, tab: 'search' }));

export function openWhy(tab: WhyTab): void {
  useWhy.setState({ open: true, tab });
}
