/**
 * THE way a name from the log is drawn (event types, tool names, models, file names): isolated
 * in a `<bdi>`, so it cannot reorder the text beside it, and with its own bidi controls shown as
 * `\u202e` in a muted style instead of obeyed (core/view/bidiControls.ts, audit R10-L2).
 * A place that shows a name in a narrow box may draw only its first `maxChars` code points (then
 * "…"): shaping and laying out hundreds of long names that a box cuts anyway was a long task
 * (audit R12-L1); such a place keeps the whole name in a tooltip.
 */
import type { ReactNode } from 'react';
import { nameParts } from '../../core/view/bidiControls';

export function NameText({
  name,
  className,
  maxChars,
}: {
  name: string;
  className?: string;
  maxChars?: number;
}): ReactNode {
  const drawn = maxChars === undefined ? name : headOf(name, maxChars);
  const parts = nameParts(drawn);
  return (
    <bdi className={className}>
      {parts.length === 1 && !parts[0]?.control
        ? drawn
        : parts.map((p, i) =>
            p.control ? (
              <span key={i} data-bidi-control className="text-fg-subtle" title="a bidi control character">
                {p.text}
              </span>
            ) : (
              p.text
            ),
          )}
    </bdi>
  );
}

/** The first `maxChars` code points of `name`, then "…" when it has more (a cut never splits a surrogate pair). */
function headOf(name: string, maxChars: number): string {
  if (name.length <= maxChars) return name;
  const head = Array.from(name.slice(0, maxChars * 2));
  return head.length > maxChars || name.length > maxChars * 2 ? `${head.slice(0, maxChars).join('')}…` : name;
}
