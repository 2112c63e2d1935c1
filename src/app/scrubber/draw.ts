/**
 * Paints the scrubber's static layer on a canvas: compressed gaps, turn and
 * step bands (failed attempts and stalls marked), and the tick lanes
 * (diagnostics by severity, filter matches, stalls); search hits on a layer of their own. Redrawn only when the
 * axis data or the bar's size changes; the handle and the played region are
 * DOM on top, so moving the selection never repaints this.
 */
import { turnReasonAt, type ReplayAxisView, type TickView } from '../../worker/protocol';

/** Lanes, in CSS px from the top of the track. */
export const LANES = {
  ticks: { y: 1, h: 6 },
  turns: { y: 9, h: 10 },
  steps: { y: 21, h: 10 },
  matches: { y: 33, h: 3 },
  search: { y: 36, h: 4 },
} as const;

/** Tick colours, also the legends' swatches: the filter's matches and search hits look different. */
export const TICK_COLOR = { matches: '#fde047', search: '#e879f9' } as const;
export const TRACK_HEIGHT = 40;

const SEVERITY_COLOR = { error: '#f87171', warning: '#fbbf24', info: '#38bdf8' } as const;
const TURN_COLOR = 'rgba(129,140,248,0.55)';
const TURN_ERROR_COLOR = 'rgba(248,113,113,0.55)';
const TURN_CUT_COLOR = 'rgba(251,191,36,0.50)';
const STEP_COLOR = 'rgba(34,211,238,0.50)';
const STEP_FAILED_COLOR = 'rgba(248,113,113,0.6)';
const STALL_COLOR = '#f59e0b';

/** The scrubber's key (ScrubberLegend.tsx): every colour the track is painted with, and what it means. */
export const LEGEND: readonly { label: string; title: string; color: string; shape: 'band' | 'tick' }[] = [
  { label: 'turn', title: 'Top band: one per turn (T1, T2 ...)', color: TURN_COLOR, shape: 'band' },
  { label: 'turn error', title: 'A turn that ended in an error', color: TURN_ERROR_COLOR, shape: 'band' },
  {
    label: 'aborted / interrupted',
    title: 'A turn that was aborted or interrupted',
    color: TURN_CUT_COLOR,
    shape: 'band',
  },
  {
    label: 'step',
    title: 'Lower band: one per step (model call and its tools)',
    color: STEP_COLOR,
    shape: 'band',
  },
  {
    label: 'failed attempt',
    title: 'A step with a failed model-call attempt',
    color: STEP_FAILED_COLOR,
    shape: 'band',
  },
  { label: 'stall', title: 'A stalled stream (amber cap and marker)', color: STALL_COLOR, shape: 'band' },
  {
    label: 'error',
    title: 'Tick above the bands: an error diagnostic',
    color: SEVERITY_COLOR.error,
    shape: 'tick',
  },
  {
    label: 'warning',
    title: 'Tick above the bands: a warning diagnostic',
    color: SEVERITY_COLOR.warning,
    shape: 'tick',
  },
  {
    label: 'info',
    title: 'Tick above the bands: an info diagnostic',
    color: SEVERITY_COLOR.info,
    shape: 'tick',
  },
  {
    label: 'filter match',
    title: 'Tick below the bands: an event the timeline filter matches',
    color: TICK_COLOR.matches,
    shape: 'tick',
  },
  {
    label: 'search hit',
    title: 'Tick at the bottom: an event the search (/) found',
    color: TICK_COLOR.search,
    shape: 'tick',
  },
];

/**
 * Sizes a track-high canvas to `width` CSS pixels at the device's pixel ratio
 * (resizing only when it changed: a resize reallocates the bitmap), clears it and
 * returns its context scaled to CSS pixels with the width drawn in; null without a 2D context.
 */
function prepareCanvas(
  canvas: HTMLCanvasElement,
  width: number,
): { ctx: CanvasRenderingContext2D; w: number } | null {
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(width));
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(TRACK_HEIGHT * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(TRACK_HEIGHT * dpr);
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, TRACK_HEIGHT);
  return { ctx, w };
}

export function drawTrack(canvas: HTMLCanvasElement, view: ReplayAxisView, width: number): void {
  const prepared = prepareCanvas(canvas, width);
  if (!prepared) return;
  const { ctx, w } = prepared;

  // Lane backgrounds.
  ctx.fillStyle = 'rgba(128,128,128,0.09)'; // reads on both themes' backgrounds
  ctx.fillRect(0, LANES.turns.y, w, LANES.turns.h);
  ctx.fillRect(0, LANES.steps.y, w, LANES.steps.h);

  // Compressed gaps: hatched across the lanes.
  for (const m of view.markers) {
    const x0 = Math.floor(m.x0 * w);
    const x1 = Math.max(x0 + 2, Math.ceil(m.x1 * w));
    if (x1 - x0 < 6) {
      // Too narrow to hatch: a dark slot with a hairline.
      ctx.fillStyle = 'rgba(0,0,0,0.55)';
      ctx.fillRect(x0, 0, x1 - x0, TRACK_HEIGHT);
      ctx.fillStyle = 'rgba(163,163,163,0.5)';
      ctx.fillRect(
        Math.floor((x0 + x1) / 2),
        LANES.turns.y,
        1,
        LANES.steps.y + LANES.steps.h - LANES.turns.y,
      );
      continue;
    }
    ctx.save();
    ctx.beginPath();
    ctx.rect(x0, 0, x1 - x0, TRACK_HEIGHT);
    ctx.clip();
    ctx.fillStyle = 'rgba(163,163,163,0.10)';
    ctx.fillRect(x0, 0, x1 - x0, TRACK_HEIGHT);
    ctx.strokeStyle = 'rgba(163,163,163,0.45)';
    ctx.lineWidth = 1;
    for (let x = x0 - TRACK_HEIGHT; x < x1; x += 4) {
      ctx.beginPath();
      ctx.moveTo(x, TRACK_HEIGHT);
      ctx.lineTo(x + TRACK_HEIGHT, 0);
      ctx.stroke();
    }
    ctx.restore();
  }

  // Turn bands, alternating; error/aborted turns tinted.
  ctx.font = '9px ui-monospace, SFMono-Regular, Menlo, monospace';
  ctx.textBaseline = 'middle';
  const turnBands = new ColumnBands((x0, bw, style) => {
    ctx.fillStyle = style;
    ctx.fillRect(x0, LANES.turns.y, bw, LANES.turns.h);
  });
  const turns = view.turnNums.length;
  for (let i = 0; i < turns; i++) {
    const [x0, bw] = bandPx(view.turnXs[2 * i] as number, view.turnXs[2 * i + 1] as number, w);
    const reason = turnReasonAt(view, i);
    const rank = reason === 'error' ? 2 : reason === 'aborted' || reason === 'interrupted' ? 1 : 0;
    const tint =
      rank === 2
        ? [TURN_ERROR_COLOR, 'rgba(248,113,113,0.42)']
        : rank === 1
          ? [TURN_CUT_COLOR, 'rgba(251,191,36,0.38)']
          : [TURN_COLOR, 'rgba(99,102,241,0.38)'];
    // Alternate only where bands are wide enough to tell apart; narrow ones merge into one strip.
    turnBands.add(x0, bw, tint[bw >= 4 ? i % 2 : 0] as string, rank, false);
    if (bw > 26) {
      turnBands.flush();
      ctx.fillStyle = 'rgba(238,242,255,0.9)';
      ctx.save();
      ctx.beginPath();
      ctx.rect(x0, LANES.turns.y, bw, LANES.turns.h);
      ctx.clip();
      ctx.fillText(`T${view.turnNums[i]}`, x0 + 3, LANES.turns.y + LANES.turns.h / 2 + 0.5);
      ctx.restore();
    }
  }
  turnBands.flush();

  // Step bands: alternating cyan; failed attempts red; stalls get an amber cap.
  const stepBands = new ColumnBands((x0, bw, style, cap) => {
    ctx.fillStyle = style;
    ctx.fillRect(x0, LANES.steps.y, bw, LANES.steps.h);
    if (cap) {
      ctx.fillStyle = STALL_COLOR;
      ctx.fillRect(x0, LANES.steps.y, Math.max(2, bw), 3);
    }
  });
  const steps = view.stepFlags.length;
  for (let i = 0; i < steps; i++) {
    const [x0, bw] = bandPx(view.stepXs[2 * i] as number, view.stepXs[2 * i + 1] as number, w);
    const flags = view.stepFlags[i] as number;
    const style =
      flags & 2 ? STEP_FAILED_COLOR : i % 2 === 0 || bw < 4 ? STEP_COLOR : 'rgba(103,232,249,0.30)';
    stepBands.add(x0, bw, style, flags & 2 ? 1 : 0, (flags & 1) !== 0);
  }
  stepBands.flush();

  // Ticks: diagnostics on top, stalls beside them, filter matches below the bands.
  const tick = (t: TickView, color: string, lane: { y: number; h: number }) => {
    ctx.fillStyle = color;
    ctx.fillRect(t.px, lane.y, t.count > 1 ? 2 : 1.5, lane.h);
  };
  for (const t of view.diagnostics) tick(t, SEVERITY_COLOR[t.severity ?? 'info'], LANES.ticks);
  for (const t of view.stalls) {
    ctx.fillStyle = STALL_COLOR;
    ctx.beginPath();
    ctx.moveTo(t.px - 3, LANES.ticks.y);
    ctx.lineTo(t.px + 3, LANES.ticks.y);
    ctx.lineTo(t.px, LANES.ticks.y + LANES.ticks.h);
    ctx.closePath();
    ctx.fill();
  }
  if (view.matches) for (const t of view.matches) tick(t, TICK_COLOR.matches, LANES.matches);
}

/**
 * Search hits on their own canvas over the track: they stream in while the
 * rest of the bar stays as drawn, so only this layer repaints per batch.
 */
export function drawSearchTicks(canvas: HTMLCanvasElement, ticks: readonly TickView[], width: number): void {
  const prepared = prepareCanvas(canvas, width);
  if (!prepared) return;
  const { ctx } = prepared;
  ctx.fillStyle = TICK_COLOR.search;
  const lane = LANES.search;
  for (const t of ticks) ctx.fillRect(t.px, lane.y, t.count > 1 ? 2 : 1.5, lane.h);
}

/**
 * Bands painted at most once per pixel column: 1 px bands that start in the column of the one
 * before merge into it, in the colour of the most severe (`rank`), with a stall cap if any had
 * one. A 1 GB log has ~45k steps on a bar ~1,500 px wide: a rect per step made each redraw a
 * main-thread task of tens of ms that grew with the log; this keeps it to the bar's width.
 */
export class ColumnBands {
  private x = -1;
  private width = 0;
  private style = '';
  private rank = -1;
  private cap = false;

  constructor(private readonly paint: (x0: number, bw: number, style: string, cap: boolean) => void) {}

  add(x0: number, bw: number, style: string, rank: number, cap: boolean): void {
    if (bw === 1 && this.width === 1 && x0 === this.x) {
      if (rank > this.rank) {
        this.rank = rank;
        this.style = style;
      }
      this.cap ||= cap;
      return;
    }
    this.flush();
    this.x = x0;
    this.width = bw;
    this.style = style;
    this.rank = rank;
    this.cap = cap;
  }

  flush(): void {
    if (this.width > 0) this.paint(this.x, this.width, this.style, this.cap);
    this.width = 0;
    this.x = -1;
  }
}

/** A band's pixel start and width: at least 1 px, with a hairline between wide neighbours. */
function bandPx(x0: number, x1: number, w: number): [number, number] {
  const a = x0 * w;
  const b = x1 * w;
  const left = Math.floor(a);
  const width = Math.max(1, Math.round(b - a) - (b - a > 4 ? 1 : 0));
  return [left, width];
}
