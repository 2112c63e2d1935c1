/**
 * The main screen's panes: timeline | messages | inspector side by side,
 * stacked below STACK_BELOW px; two dividers resize (and collapse) the outer
 * panes, and the messages pane takes what is left, never less than its
 * minimum (layout/panes.ts). Sizes are the user's, remembered (layoutState).
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { PaneDivider } from './PaneDivider';
import { useLayout } from './layoutState';
import { COLLAPSED_SIZE, SIDE_BY_SIDE_MINS, STACKED_MINS, STACK_BELOW, fitPanes, maxOuter } from './panes';
import { PaneBoundary } from '../components/PaneBoundary';

interface PanesProps {
  timeline: ReactNode;
  messages: ReactNode;
  inspector: ReactNode;
}

export function Panes({ timeline, messages, inspector }: PanesProps) {
  const ref = useRef<HTMLElement>(null);
  const [box, setBox] = useState({ width: window.innerWidth, height: Math.max(0, window.innerHeight - 220) });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Measured by the observer only: its first report comes once the panes are laid out, before
    // the frame is painted (rendered at once, flushSync), where reading the size costs nothing. A
    // read here, in the commit that mounts the panes (the file input's change task), forced a
    // layout of the whole page inside that task.
    const measure = () =>
      flushSync(() =>
        setBox((b) =>
          b.width === el.clientWidth && b.height === el.clientHeight
            ? b
            : { width: el.clientWidth, height: el.clientHeight },
        ),
      );
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const layout = useLayout();
  const stacked = box.width < STACK_BELOW;
  const total = stacked ? box.height : box.width;
  const mins = stacked ? STACKED_MINS : SIDE_BY_SIDE_MINS;
  const firstKey = stacked ? 'timelineHeight' : 'timelineWidth';
  const lastKey = stacked ? 'inspectorHeight' : 'inspectorWidth';
  const sizes = fitPanes(
    total,
    {
      first: layout[firstKey],
      last: layout[lastKey],
      firstCollapsed: layout.timelineCollapsed,
      lastCollapsed: layout.inspectorCollapsed,
    },
    mins,
  );
  const dim = stacked ? 'height' : 'width';
  const orientation = stacked ? 'horizontal' : 'vertical';

  return (
    <main
      ref={ref}
      data-testid="panes"
      data-layout={stacked ? 'stacked' : 'columns'}
      // The panes keep a usable height whatever the panels below them (why, diagnostics) ask for:
      // those give way first.
      className={`flex min-h-[min(300px,45vh)] min-w-0 flex-1 ${stacked ? 'flex-col' : 'flex-row'}`}
    >
      <Pane
        id="pane-timeline"
        label="Timeline"
        style={{ [dim]: sizes.first }}
        collapsed={layout.timelineCollapsed}
        onExpand={() => useLayout.setState({ timelineCollapsed: false })}
        stacked={stacked}
      >
        {timeline}
      </Pane>
      <PaneDivider
        orientation={orientation}
        label="Resize the timeline"
        controls="pane-timeline"
        value={sizes.first}
        min={mins.first}
        max={maxOuter(total, sizes.last, mins)}
        direction={1}
        collapsed={layout.timelineCollapsed}
        onResize={(v) => useLayout.setState({ [firstKey]: v })}
        onToggleCollapsed={() => useLayout.setState((s) => ({ timelineCollapsed: !s.timelineCollapsed }))}
      />
      <div id="pane-messages" className="min-h-0 min-w-0 flex-1 overflow-hidden">
        {messages}
      </div>
      <PaneDivider
        orientation={orientation}
        label="Resize the inspector"
        controls="pane-inspector"
        value={sizes.last}
        min={mins.last}
        max={maxOuter(total, sizes.first, mins)}
        direction={-1}
        collapsed={layout.inspectorCollapsed}
        onResize={(v) => useLayout.setState({ [lastKey]: v })}
        onToggleCollapsed={() => useLayout.setState((s) => ({ inspectorCollapsed: !s.inspectorCollapsed }))}
      />
      <Pane
        id="pane-inspector"
        label="Inspector"
        style={{ [dim]: sizes.last }}
        collapsed={layout.inspectorCollapsed}
        onExpand={() => useLayout.setState({ inspectorCollapsed: false })}
        stacked={stacked}
      >
        {inspector}
      </Pane>
    </main>
  );
}

interface PaneProps {
  id: string;
  label: string;
  style: { width?: number; height?: number };
  collapsed: boolean;
  stacked: boolean;
  onExpand: () => void;
  children: ReactNode;
}

/** An outer pane; collapsed, a strip with its name that restores it (its content stays mounted, hidden). */
function Pane({ id, label, style, collapsed, stacked, onExpand, children }: PaneProps) {
  return (
    <div
      id={id}
      style={style}
      className="relative min-h-0 min-w-0 shrink-0 overflow-hidden"
      data-collapsed={collapsed || undefined}
    >
      {collapsed && (
        <button
          type="button"
          onClick={onExpand}
          aria-label={`Show the ${label.toLowerCase()}`}
          title={`Show the ${label.toLowerCase()}`}
          style={{ [stacked ? 'height' : 'width']: COLLAPSED_SIZE }}
          className={`flex h-full w-full items-center justify-center gap-1 bg-panel text-[11px] font-medium text-fg-muted hover:bg-tint/10 hover:text-fg ${stacked ? '' : '[writing-mode:vertical-rl]'}`}
        >
          {label}
        </button>
      )}
      <div className={collapsed ? 'hidden' : 'h-full'}>
        <PaneBoundary label={label}>{children}</PaneBoundary>
      </div>
    </div>
  );
}
