/**
 * THE way a name from the log is drawn (event types, tool names, models, file names): isolated
 * in a `<bdi>`, so it cannot reorder the text beside it, and with its own bidi controls shown as
 * `\u202e` in a muted style instead of obeyed (core/view/bidiControls.ts, audit R10-L2).
 */
import type { ReactNode } from 'react';
import { nameParts } from '../../core/view/bidiControls';

export function NameText({ name, className }: { name: string; className?: string }): ReactNode {
  const parts = nameParts(name);
  return (
    <bdi className={className}>
      {parts.length === 1 && !parts[0]?.control
        ? name
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
