/**
 * What the scrubber's bands and ticks mean: a one-line key under the track
 * (its swatches are the colours draw.ts paints with).
 */
import { LEGEND } from './draw';

export function ScrubberLegend() {
  return (
    <ul
      data-testid="scrubber-legend"
      aria-label="Scrubber legend"
      className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-[10px] text-fg-muted"
    >
      {LEGEND.map((k) => (
        <li key={k.label} className="flex items-center gap-1" title={k.title}>
          <span
            aria-hidden
            className={
              k.shape === 'tick' ? 'inline-block h-2.5 w-[2px]' : 'inline-block h-2 w-3 rounded-[1px]'
            }
            style={{ background: k.color }}
          />
          {k.label}
        </li>
      ))}
    </ul>
  );
}
