/**
 * THE way a name from the log is drawn (event types, tool names, models, file names): isolated
 * in a `<bdi>`, so it cannot reorder the text beside it, and with its own bidi controls shown as
 * `\u202e` in a muted style instead of obeyed (core/view/bidiControls.ts, audit R10-L2).
 * A place that shows a name in a narrow box may draw only its first `maxChars` code points (then
 * "…"): shaping and laying out hundreds of long names that a box cuts anyway was a long task
 * (audit R12-L1); such a place keeps the whole name in a tooltip. Every other place draws at most
 * NAME_MAX_CHARS (a name of 250,000 lines drawn whole held the page 7 s, audit R21-5), the cut one
 * with its head in a tooltip; a place that shows a value the user asked to see whole (the
 * inspector's "expand") passes `maxChars={Infinity}`.
 */
import type { ReactNode } from 'react';
import { NAME_MAX_CHARS, nameHead, nameParts, nameTip } from '../../core/view/bidiControls';

export function NameText({
  name,
  className,
  maxChars = NAME_MAX_CHARS,
}: {
  name: string;
  className?: string;
  maxChars?: number;
}): ReactNode {
  const drawn = nameHead(name, maxChars);
  const parts = nameParts(drawn);
  const cutByDefault = drawn !== name && maxChars === NAME_MAX_CHARS;
  return (
    <bdi className={className} title={cutByDefault ? nameTip(name) : undefined}>
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
