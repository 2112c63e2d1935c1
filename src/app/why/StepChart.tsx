/**
 * One uPlot chart over steps: follows the selection (a vertical cursor line at
 * the selected step) and reports clicks as a step pick. uPlot draws on a
 * canvas, so it is created in an effect, resized with its box, and destroyed
 * on unmount; new data goes through setData (no re-creation).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { NO_VALUE } from '../../core/view/noValue';
import type { Series } from './chartData';
import { drawOverlay } from './chartOverlay';

export interface StepChartSeries {
  label: string;
  values: Series;
  color: string;
  /** Draw as points only (e.g. sparse markers). */
  points?: boolean;
}

export interface StepChartProps {
  title: string;
  testId: string;
  x: number[];
  series: StepChartSeries[];
  /** 0-based step index of the selection, or -1. */
  selected: number;
  /** x positions (1-based steps) to mark with a dashed vertical line (compactions). */
  marks?: number[];
  onPick: (stepIndex: number) => void;
  height?: number;
  unit?: string;
}

export function StepChart(p: StepChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // The draw hook and the click handler read the newest props through this ref.
  const live = useRef(p);
  useLayoutEffect(() => {
    live.current = p;
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: p.height ?? 150,
      scales: { x: { time: false } },
      axes: [
        {
          stroke: '#8c8c8c',
          grid: { stroke: 'rgba(128,128,128,0.18)' },
          font: '11px sans-serif',
          // Steps are whole numbers: ticks only at integers.
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000],
          values: (_u, splits) => splits.map((v) => String(v)),
        },
        { stroke: '#8c8c8c', grid: { stroke: 'rgba(128,128,128,0.18)' }, font: '11px sans-serif', size: 64 },
      ],
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: 'step' },
        ...p.series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: s.points ? 0 : 1.5,
          points: { show: s.points ?? p.x.length <= 60, size: 5, fill: s.color },
          spanGaps: false,
          value: legendValue,
        })),
      ],
      hooks: {
        draw: [(u) => drawOverlay(u, live.current.marks, live.current.selected, devicePixelRatio)],
        // Away from the cursor the legend reads the selected step (or the last), never "--".
        ready: [(u) => restLegend(u, live.current)],
        setLegend: [(u) => (u.legend.idx == null ? restLegend(u, live.current) : undefined)],
      },
    };
    const u = new uPlot(opts, [p.x, ...p.series.map((s) => s.values)] as uPlot.AlignedData, el);
    plot.current = u;
    const click = () => {
      const idx = u.cursor.idx;
      if (idx !== null && idx !== undefined) live.current.onPick(idx);
    };
    u.over.addEventListener('click', click);
    const resize = new ResizeObserver(() =>
      u.setSize({ width: Math.max(200, el.clientWidth), height: p.height ?? 150 }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.over.removeEventListener('click', click);
      u.destroy();
      plot.current = null;
    };
    // The chart is built once per series layout; data and selection update below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.series.length, p.title]);

  useEffect(() => {
    const u = plot.current;
    if (!u) return;
    u.setData([p.x, ...p.series.map((s) => s.values)] as uPlot.AlignedData);
    if (u.cursor.idx == null) restLegend(u, live.current);
  }, [p.x, p.series]);

  useEffect(() => {
    const u = plot.current;
    if (!u) return;
    u.redraw(false, false);
    if (u.cursor.idx == null) restLegend(u, live.current);
  }, [p.selected, p.marks]);

  return (
    <figure className="m-0 min-w-0 text-[11px]">
      <figcaption className="px-2 text-xs font-semibold text-fg-soft">
        {p.title}
        {p.unit ? ` (${p.unit})` : ''}
      </figcaption>
      <div
        ref={box}
        data-testid={p.testId}
        data-points={p.x.length}
        data-selected={p.selected}
        className="w-full"
      />
    </figure>
  );
}

/**
 * A series' value in the legend: a step without one (no reasoning tokens reported, say) reads as
 * the one dash for a missing value, as in the tables; uPlot's own left the label bare ("reasoning:").
 */
function legendValue(_u: uPlot, value: number | null): string {
  return value === null ? NO_VALUE : uPlot.fmtNum(value);
}

/** The legend at rest (no cursor over the plot): the values at the selected step, else the last. */
function restLegend(u: uPlot, p: StepChartProps): void {
  const idx = p.selected >= 0 && p.selected < p.x.length ? p.selected : p.x.length - 1;
  // Without firing the hook again (it would come back here).
  if (idx >= 0 && u.legend.idx !== idx) u.setLegend({ idx }, false);
}
