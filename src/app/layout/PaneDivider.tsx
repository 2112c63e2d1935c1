/**
 * A pane divider (the WAI-ARIA window splitter): drag it, or focus it and
 * use the arrow keys (Shift for bigger steps), Home/End for the smallest and
 * largest size, Enter to collapse or restore the pane; a double click also
 * collapses. `value` is the size of the pane it controls, in px.
 */
import type { KeyboardEvent, PointerEvent } from 'react';

export interface PaneDividerProps {
  /** 'vertical': a line between columns (sizes are widths); 'horizontal': between stacked rows. */
  orientation: 'vertical' | 'horizontal';
  /** Accessible name, e.g. "Resize timeline". */
  label: string;
  /** The id of the pane whose size this is. */
  controls: string;
  value: number;
  min: number;
  max: number;
  /** +1 when moving right/down grows the pane (it sits before the divider), -1 when it shrinks it. */
  direction: 1 | -1;
  collapsed: boolean;
  onResize: (size: number) => void;
  onToggleCollapsed: () => void;
}

const STEP = 16;
const BIG_STEP = 80;

export function PaneDivider(p: PaneDividerProps) {
  const vertical = p.orientation === 'vertical';
  const resize = (size: number) => p.onResize(Math.round(Math.max(p.min, Math.min(p.max, size))));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? BIG_STEP : STEP;
    const grow = vertical ? 'ArrowRight' : 'ArrowDown';
    const shrink = vertical ? 'ArrowLeft' : 'ArrowUp';
    let handled = true;
    if (e.key === grow || e.key === shrink) {
      const sign = (e.key === grow ? 1 : -1) * p.direction;
      if (p.collapsed) p.onToggleCollapsed();
      else resize(p.value + sign * step);
    } else if (e.key === 'Home') resize(p.min);
    else if (e.key === 'End') resize(p.max);
    else if (e.key === 'Enter') p.onToggleCollapsed();
    else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || p.collapsed) return;
    e.preventDefault();
    const el = e.currentTarget;
    el.setPointerCapture(e.pointerId);
    el.focus();
    const start = vertical ? e.clientX : e.clientY;
    const startValue = p.value;
    const move = (ev: globalThis.PointerEvent) =>
      resize(startValue + p.direction * ((vertical ? ev.clientX : ev.clientY) - start));
    const up = () => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-orientation={p.orientation}
      aria-label={p.label}
      aria-controls={p.controls}
      aria-valuenow={p.collapsed ? p.min : p.value}
      aria-valuemin={p.min}
      aria-valuemax={p.max}
      aria-valuetext={p.collapsed ? 'collapsed' : `${p.value} px`}
      data-testid={`divider-${p.controls}`}
      title={`${p.label}: drag, or arrow keys; Enter or double click to ${p.collapsed ? 'restore' : 'collapse'}`}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onDoubleClick={p.onToggleCollapsed}
      className={`shrink-0 touch-none bg-line outline-none select-none hover:bg-sky-500/50 focus-visible:bg-sky-500 ${vertical ? 'w-1.5 cursor-col-resize' : 'h-1.5 cursor-row-resize'}`}
    />
  );
}
