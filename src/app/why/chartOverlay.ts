/**
 * What StepChart draws over a uPlot plot: the compaction marks (dashed) and the selected step's
 * cursor line. It runs on every redraw, and a selection change redraws the plot, so its cost
 * must not grow with the number of marks: a log can hold 100,000s of compactions on a plot a
 * few hundred pixels wide. Marks are reduced to distinct pixel columns and stroked as one path.
 */

/** The part of uPlot the overlay uses (kept narrow so a test can pass a recording canvas). */
export interface OverlayPlot {
  ctx: Pick<
    CanvasRenderingContext2D,
    'save' | 'restore' | 'beginPath' | 'moveTo' | 'lineTo' | 'stroke' | 'setLineDash'
  > & { strokeStyle: unknown; lineWidth: number };
  bbox: { top: number; height: number };
  valToPos: (value: number, scale: string, canvasPixels: boolean) => number;
}

/**
 * Distinct whole-pixel columns of `values`, in ascending order. Marks are steps on the x scale, so
 * there are at most as many columns as the plot is wide, however many marks there are.
 */
export function pixelColumns(values: readonly number[], toPx: (v: number) => number): number[] {
  const seen = new Set<number>();
  for (const v of values) seen.add(Math.round(toPx(v)));
  return [...seen].sort((a, b) => a - b);
}

export function drawOverlay(
  u: OverlayPlot,
  marks: readonly number[] | undefined,
  selected: number,
  dpr: number,
): void {
  const { ctx } = u;
  const { top, height } = u.bbox;
  const stroke = (columns: readonly number[], color: string, dash: number[]) => {
    if (columns.length === 0) return;
    ctx.save();
    ctx.strokeStyle = color;
    ctx.setLineDash(dash);
    ctx.lineWidth = 1 * dpr;
    ctx.beginPath();
    for (const x of columns) {
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + height);
    }
    ctx.stroke();
    ctx.restore();
  };
  const toPx = (v: number) => u.valToPos(v, 'x', true);
  if (marks && marks.length > 0) stroke(pixelColumns(marks, toPx), '#f59e0b', [4 * dpr, 3 * dpr]);
  if (selected >= 0) stroke([Math.round(toPx(selected + 1))], '#38bdf8', []);
}
