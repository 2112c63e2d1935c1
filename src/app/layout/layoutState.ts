/**
 * The panes' sizes as the user left them, side by side (widths) and stacked
 * (heights), and which outer panes are collapsed: remembered in local
 * storage, so the next visit opens with the same layout.
 */
import { create } from 'zustand';
import { readPref, writePref, type PrefStorage } from '../storage/prefs';

export interface LayoutState {
  timelineWidth: number;
  inspectorWidth: number;
  timelineHeight: number;
  inspectorHeight: number;
  timelineCollapsed: boolean;
  inspectorCollapsed: boolean;
}

const KEY = 'seqscope.panes';

/** The first visit's layout, for a window `width` px wide and `height` px high. */
export function defaultLayout(width: number, height: number): LayoutState {
  return {
    timelineWidth: Math.round(Math.min(720, Math.max(380, width / 2 - 80))),
    inspectorWidth: Math.round(Math.min(480, Math.max(260, width * 0.22))),
    timelineHeight: Math.round(Math.max(160, height * 0.3)),
    inspectorHeight: Math.round(Math.max(100, height * 0.16)),
    timelineCollapsed: false,
    inspectorCollapsed: false,
  };
}

export const useLayout = create<LayoutState>()(() => defaultLayout(1400, 900));

/** Keeps the stored fields that are valid (a bad one falls back alone). */
function parseLayout(value: unknown, fallback: LayoutState): LayoutState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const size = (x: unknown, d: number) =>
    typeof x === 'number' && Number.isFinite(x) && x >= 0 && x < 100_000 ? Math.round(x) : d;
  const flag = (x: unknown, d: boolean) => (typeof x === 'boolean' ? x : d);
  return {
    timelineWidth: size(v.timelineWidth, fallback.timelineWidth),
    inspectorWidth: size(v.inspectorWidth, fallback.inspectorWidth),
    timelineHeight: size(v.timelineHeight, fallback.timelineHeight),
    inspectorHeight: size(v.inspectorHeight, fallback.inspectorHeight),
    timelineCollapsed: flag(v.timelineCollapsed, fallback.timelineCollapsed),
    inspectorCollapsed: flag(v.inspectorCollapsed, fallback.inspectorCollapsed),
  };
}

/** Sets the store from local storage (or the defaults for this window); main.tsx calls it before rendering. */
export function loadLayout(width: number, height: number, storage?: PrefStorage): void {
  const fallback = defaultLayout(width, height);
  useLayout.setState(readPref(KEY, (v) => parseLayout(v, fallback), storage) ?? fallback);
}

/** Remembers every change of the layout; returns the teardown. */
export function persistLayout(storage?: PrefStorage): () => void {
  return useLayout.subscribe((s) => writePref(KEY, s, storage));
}
