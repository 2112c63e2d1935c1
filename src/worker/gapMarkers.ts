/**
 * The gap markers a replay axis view carries: all of them, or the MAX_GAP_MARKERS longest when
 * there are more. A log whose times jump back and forth made a million gaps, each a marker and two
 * knots posted on every update: a 1.2 s main-thread task when the Time axis was chosen (audit 28
 * N2). A gap past the longest few hundred is under a pixel of the bar anyway.
 */
import type { GapMarker } from '../core/replay/axis';

export const MAX_GAP_MARKERS = 512;

export function shownGapMarkers(markers: readonly GapMarker[], max = MAX_GAP_MARKERS): readonly GapMarker[] {
  if (markers.length <= max) return markers;
  const lengths = Float64Array.from(markers, (m) => m.ms).sort();
  const threshold = lengths[lengths.length - max] as number;
  // the longest `max` (ties at the threshold taken in seq order), still in seq order
  let room = max - markers.filter((m) => m.ms > threshold).length;
  return markers.filter((m) => m.ms > threshold || (m.ms === threshold && room-- > 0));
}
