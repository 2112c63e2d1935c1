/**
 * The scrubber: a bar spanning the whole log on the seq axis or the
 * wall-clock axis (compressed gaps hatched), turns and steps as bands,
 * diagnostics, stalls, filter matches and search hits as ticks (search hits
 * in their own colour and lane, growing as the search streams), and the selected seq as a
 * handle. It is the position slider: `role="slider"` with aria-valuenow =
 * the selected seq and aria-valuetext from the worker ("seq 1204 of 50311,
 * turn 12, step 3, text-delta").
 *
 * Pointer: press or drag to move the selection continuously. The handle, the
 * slider's value and the bar's readout follow the pointer every frame (the
 * handle outside React); the selection, and with it the timeline and the
 * messages pane, follows at most every ~100 ms or when the pointer rests, once
 * the pane shows the last one (dragCommit.ts, newest wins), so only the
 * scrubber paints on most frames of a drag across a 1M-event log; the heavy
 * panes (timeline, inspector, ...) follow the settled seq (released, or at rest). Keys (when
 * focused): Left/Right one event, Ctrl+Left/Right one chunk of the step,
 * Alt+Left/Right one character of a delta, Shift+Left/Right one step,
 * PageUp/PageDown one turn, Home/End the ends, Space/k play or pause. Up/Down
 * are left to the timeline (rows), so the two never fight.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { isFiltered, turnReasonAt, type ReplayAxisView, type TickView } from '../../worker/protocol';
import { selectPosition, useApp } from '../appState';
import { formatDuration } from '../components/format';
import { useThrottled } from '../components/useThrottled';
import { scrubberKeyHandler } from '../keymap';
import { effectiveReplay, logIsTimed, useReplay } from '../playback/replayState';
import { useServices } from '../services/context';
import { useWorkerQuery } from '../services/useWorkerQuery';
import { bandAt, lastAtOrBelow, seqAtX, xOfSeq } from './axisMap';
import { DragCommit } from './dragCommit';
import { useSearch } from '../why/searchService';
import { TRACK_HEIGHT, drawSearchTicks, drawTrack } from './draw';
import { searchTicks } from './searchTicks';
import { formatCount, formatSeq } from '../../core/view/seqText';

/** Pixels within which a press snaps to a tick (a diagnostic, a stall, a match). */
const SNAP_PX = 3;

interface Hover {
  px: number;
  seq: number;
}

export function Scrubber() {
  const status = useApp((s) => s.status);
  const events = useApp((s) => s.events);
  const loadId = useApp((s) => s.loadId);
  const selectedSeq = useApp((s) => s.selectedSeq);
  const selectedChunk = useApp((s) => s.selectedChunk);
  const filter = useApp((s) => s.filter);
  const rowsVersion = useApp((s) => s.rowsVersion);
  const filtersApplied = useApp((s) => s.filtersApplied);
  const filterRest = useApp((s) => s.filterRest);
  const diagTotal = useApp((s) => s.diagnostics.error + s.diagnostics.warning + s.diagnostics.info);
  const timed = useApp((s) => logIsTimed(s.summary));
  const axisKind = useReplay((s) => effectiveReplay(s, timed).axis);
  const position = useReplay((s) => s.position);
  const trackRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const searchCanvasRef = useRef<HTMLCanvasElement>(null);
  const hits = useSearch((s) => s.hits);
  const moreSeqs = useSearch((s) => s.moreSeqs);
  const [width, setWidth] = useState(0);
  const services = useServices();
  const onKeyDown = useMemo(() => scrubberKeyHandler(services), [services]);
  const [hover, setHover] = useState<Hover | null>(null);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ left: number; width: number; commits: DragCommit } | null>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const playedRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const el = trackRef.current;
    if (!el) return;
    // Measured by the observer only (its first report comes once the track is laid out): a read
    // here forced a layout of the page inside the commit that mounts the panes.
    const measure = () => setWidth(Math.round(el.clientWidth));
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // The axis data: when the log (or its diagnostics, or the filter's matches) changes, the axis or the width.
  const filtered = isFiltered(filter);
  // A growing log (loading, or followed) refetches at most once a second, for all that grows with
  // it: its events, its diagnostics (they come with every progress: 22 asks in a 2 s load of 99 MB,
  // 3.3 MB of answers to build and post) and a filter's matches as its scan reads on. One throttle
  // for the three: with one each, the axis was asked up to three times a second. The load's end, a filter's
  // answer and its scan's end ask at once, with their final counts (the axis, 6 MB at 6M events,
  // was asked again a second later, in the middle of the user's first seeks). A filter set is not
  // asked for until its answer: the worker drew the axis with the old matches.
  const growth = useThrottled(
    `${events} ${diagTotal} ${filtered ? rowsVersion : -1}`,
    1000,
    `${status} ${filtersApplied} ${filterRest}`,
  );
  const wanted = width > 0 && (status === 'ready' || status === 'loading') && events > 0;
  const axis = useWorkerQuery(wanted ? { kind: 'replayAxis', axis: axisKind, width } : null, {
    lane: 'replay-axis',
    coalesce: true,
    keepPrevious: true,
    deps: [loadId, status, growth],
  });
  // The replay bar is keyed by the load: a new load never shows the previous log's axis.
  const view = events > 0 ? (axis.data ?? null) : null;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas && view && width > 0) drawTrack(canvas, view, width);
  }, [view, width]);

  const hitTicks = useMemo(() => {
    if (!view || width <= 0) return [];
    const seqs = hits.map((h) => h.seq);
    for (const seq of moreSeqs) seqs.push(seq);
    return searchTicks(view, seqs, width);
  }, [view, width, hits, moreSeqs]);
  useEffect(() => {
    const canvas = searchCanvasRef.current;
    if (canvas && width > 0) drawSearchTicks(canvas, hitTicks, width);
  }, [hitTicks, width]);

  const n = view?.eventCount ?? events;
  // The worker's description once it is about the selected position (a drag outruns it by a frame or two).
  const valuetext =
    position && position.seq === selectedSeq && (position.chunk ?? null) === selectedChunk
      ? position.valuetext
      : selectedSeq !== null
        ? `${formatSeq(selectedSeq)} of ${formatCount(events)}`
        : 'no selection';
  const x = view && selectedSeq !== null ? xOfSeq(view, selectedSeq) : 0;

  // ---------------------------------------------------------------- pointer

  const seqAtClient = (clientX: number, left: number, w: number): number =>
    view ? seqAtX(view, (clientX - left) / Math.max(1, w)) : 0;

  /**
   * Draws the handle, the played part and the slider's value at `seq`, and describes it in the
   * bar's readout (during a drag: nothing of the panes renders per frame).
   */
  const paintAt = (seq: number) => {
    if (!view) return;
    const at = xOfSeq(view, seq);
    if (handleRef.current) handleRef.current.style.transform = handleTransform(at);
    if (playedRef.current) playedRef.current.style.transform = playedTransform(at);
    const slider = trackRef.current;
    const text = describeDrag(view, seq, n);
    if (slider) {
      slider.setAttribute('aria-valuenow', String(seq));
      slider.setAttribute('aria-valuetext', text);
    }
    useReplay.setState({ dragReadout: text });
  };
  // While dragging React leaves the handle's place alone: a commit (the selection catching up)
  // draws it where the pointer is, not where the selection was.
  useLayoutEffect(() => {
    const seq = drag.current?.commits.position;
    if (dragging && seq != null) paintAt(seq);
  });

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || !view || n === 0) return;
    e.preventDefault();
    const el = e.currentTarget;
    el.focus({ preventScroll: true });
    el.setPointerCapture(e.pointerId);
    services.player.stopIfPlaying();
    const rect = el.getBoundingClientRect();
    const commits = new DragCommit({
      requestFrame: (cb) => requestAnimationFrame(cb),
      cancelFrame: (id) => cancelAnimationFrame(id),
      now: () => performance.now(),
      paint: paintAt,
      select: (seq) => selectPosition(seq, null, { settle: false }),
      settle: (seq) => selectPosition(seq, null),
      later: (cb, ms) => {
        const timer = setTimeout(cb, ms);
        return () => clearTimeout(timer);
      },
      // From an animation frame, a timer's task runs after that frame is painted.
      afterPaint: (cb) => setTimeout(cb, 0),
      shownSeq: () => useReplay.getState().shownSeq,
    });
    drag.current = { left: rect.left, width: rect.width, commits };
    useReplay.setState({ scrubbing: true });
    setDragging(true);
    setHover(null);
    // A press near a tick snaps to it (the tick's first seq).
    const px = e.clientX - rect.left;
    const snap = nearestTick(view, hitTicks, px);
    commits.start(snap ?? seqAtClient(e.clientX, rect.left, rect.width));
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d && e.currentTarget.hasPointerCapture(e.pointerId))
      d.commits.move(seqAtClient(e.clientX, d.left, d.width));
    // While dragging, the readout is the selection itself (the hover line is not drawn): no hover
    // state, so a move renders nothing besides the selection it commits once per frame.
    if (view && !d) {
      const rect = e.currentTarget.getBoundingClientRect();
      const px = Math.max(0, Math.min(rect.width, e.clientX - rect.left));
      setHover({ px, seq: seqAtClient(e.clientX, rect.left, rect.width) });
    }
  };

  const endDrag = () => {
    const d = drag.current;
    if (!d) return;
    d.commits.end();
    drag.current = null;
    setDragging(false);
    useReplay.setState({ scrubbing: false, dragReadout: null });
  };

  const tip = hover && view ? describeHover(view, hitTicks, hover).join(' · ') : null;
  // The hover description goes to the replay bar's readout: a floating tip would cover the controls.
  useEffect(() => {
    useReplay.setState({ hoverTip: tip });
  }, [tip]);
  useEffect(() => () => useReplay.setState({ hoverTip: null }), []);

  return (
    <div className="relative select-none" style={{ height: TRACK_HEIGHT + 2 }}>
      <div
        ref={trackRef}
        role="slider"
        tabIndex={0}
        aria-label="Replay position"
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={Math.max(0, n - 1)}
        aria-valuenow={selectedSeq ?? 0}
        aria-valuetext={valuetext}
        data-testid="scrubber"
        data-axis={view?.axis ?? axisKind}
        data-gaps={view?.markers.length ?? 0}
        data-chunk={selectedChunk ?? undefined}
        data-stalls={view?.stalls.length ?? 0}
        data-search-ticks={hitTicks.length}
        className="@container absolute inset-x-0 top-px cursor-pointer touch-none rounded-sm outline-none focus-visible:ring-1 focus-visible:ring-sky-400/70"
        style={{ height: TRACK_HEIGHT }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onLostPointerCapture={endDrag}
        onPointerLeave={() => setHover(null)}
        onKeyDown={(e) => onKeyDown(e.nativeEvent)}
      >
        <canvas ref={canvasRef} aria-hidden className="pointer-events-none absolute inset-0 h-full w-full" />
        <canvas
          ref={searchCanvasRef}
          aria-hidden
          data-testid="scrubber-search-ticks"
          className="pointer-events-none absolute inset-0 h-full w-full"
        />
        {/* The played part, and the handle: DOM over the canvas, so moving them never repaints it;
            moved by transform on their own compositor layers, so a seek or a drag frame neither lays
            out nor repaints the page's root layer (left/width did both). The track is a size
            container: the handle moves by cqw, a share of the track's width. */}
        <div
          ref={playedRef}
          aria-hidden
          data-testid="scrubber-played"
          className="pointer-events-none absolute inset-0 origin-left bg-sky-400/[0.07] will-change-transform"
          style={dragging ? undefined : { transform: playedTransform(x) }}
        />
        {hover && !dragging && (
          <div
            aria-hidden
            className="pointer-events-none absolute inset-y-0 w-px bg-tint/35"
            style={{ left: hover.px }}
          />
        )}
        {selectedSeq !== null && n > 0 && (
          <div
            ref={handleRef}
            aria-hidden
            data-testid="scrubber-handle"
            className="pointer-events-none absolute -top-px -bottom-px left-0 w-0 will-change-transform"
            style={dragging ? undefined : { transform: handleTransform(x) }}
          >
            <div className="absolute inset-y-0 -left-px w-0.5 bg-sky-300 shadow-[0_0_0_1px_rgba(8,47,73,0.8)]" />
            <div className="absolute -top-1 -left-[5px] h-2.5 w-2.5 rotate-45 rounded-[2px] border border-sky-950 bg-sky-300" />
          </div>
        )}
      </div>
    </div>
  );
}

/** The handle at `x` (0..1 of the track, a size container): its left edge, moved. */
const handleTransform = (x: number): string => `translateX(${x * 100}cqw)`;
/** The played part at `x` (0..1 of the track): the whole track's width, scaled from its left edge. */
const playedTransform = (x: number): string => `scaleX(${x})`;

/** The tick (diagnostic, stall, match, search hit) within SNAP_PX of px, as its first seq. */
function nearestTick(view: ReplayAxisView, hitTicks: TickView[], px: number): number | null {
  let best: TickView | null = null;
  let bestD = SNAP_PX + 1;
  for (const list of [view.diagnostics, view.stalls, view.matches ?? [], hitTicks]) {
    for (const t of list) {
      const d = Math.abs(t.px + 0.5 - px);
      if (d < bestD) {
        best = t;
        bestD = d;
      }
    }
  }
  return best ? best.firstSeq : null;
}

/**
 * The readout while dragging, from the axis alone, worded as the worker's description that
 * replaces it when the drag ends: "seq 1204 of 50,311 · turn 12 · step 3".
 */
function describeDrag(view: ReplayAxisView, seq: number, events: number): string {
  const parts = [`${formatSeq(seq)} of ${formatCount(events)}`];
  const ti = bandAt(view.turnSeqs, seq);
  if (ti >= 0) parts.push(`turn ${view.turnNums[ti]}`);
  const si = bandAt(view.stepSeqs, seq);
  if (si >= 0) parts.push(`step ${view.stepNums[2 * si + 1]}`);
  return parts.join(' · ');
}

/** Where `seq` is, from the axis: its seq, turn, step and (time axis) recorded time. */
function positionParts(view: ReplayAxisView, seq: number): string[] {
  const parts = [formatSeq(seq)];
  const ti = bandAt(view.turnSeqs, seq);
  if (ti >= 0) {
    const reason = turnReasonAt(view, ti);
    parts.push(`turn ${view.turnNums[ti]}${reason ? ` (${reason})` : ''}`);
  }
  const si = bandAt(view.stepSeqs, seq);
  if (si >= 0) parts.push(`step ${view.stepNums[2 * si]}.${view.stepNums[2 * si + 1]}`);
  if (view.axis === 'time' && view.startTime !== undefined) {
    // The recorded time at the knot at or before seq (exact for small logs, every event is a knot).
    const k = lastAtOrBelow(view.knotSeqs, seq);
    const t = k >= 0 ? (view.knotTimes[k] as number) : NaN;
    if (Number.isFinite(t)) parts.push(`+${formatDuration(t - view.startTime)}`);
  }
  return parts;
}

/** Tooltip lines for the point under the cursor. */
function describeHover(view: ReplayAxisView, hitTicks: TickView[], h: Hover): string[] {
  const lines: string[] = [positionParts(view, h.seq).join(' · ')];
  const si = bandAt(view.stepSeqs, h.seq);
  if (si >= 0) {
    const flags = view.stepFlags[si] as number;
    if (flags & 2) lines.push('failed attempt in this step');
    if (flags & 1) lines.push('stream stalled in this step');
  }
  const w = view.width;
  const x = h.px / Math.max(1, w);
  const gap = view.markers.find((m) => x >= m.x0 - 2 / w && x <= m.x1 + 2 / w);
  if (gap) lines.push(`${gap.label} (compressed), ${formatSeq(gap.beforeSeq)} → ${gap.seq}`);
  const near = (list: TickView[]) => list.filter((t) => Math.abs(t.px + 0.5 - h.px) <= SNAP_PX);
  const diags = near(view.diagnostics);
  const [diag] = diags;
  if (diag) {
    const count = diags.reduce((a, t) => a + t.count, 0);
    lines.push(`${count} diagnostic${count === 1 ? '' : 's'} · click: ${formatSeq(diag.firstSeq)}`);
  }
  const [stall] = near(view.stalls);
  if (stall) lines.push(`stall at ${formatSeq(stall.firstSeq)}`);
  const matches = view.matches ? near(view.matches) : [];
  if (matches.length > 0) {
    const count = matches.reduce((a, t) => a + t.count, 0);
    lines.push(`${count} filter match${count === 1 ? '' : 'es'}`);
  }
  const found = near(hitTicks);
  const [hit] = found;
  if (hit) {
    const count = found.reduce((a, t) => a + t.count, 0);
    lines.push(`${count} search hit${count === 1 ? '' : 's'} · click: ${formatSeq(hit.firstSeq)}`);
  }
  return lines;
}
