/**
 * A tool call: its name and id, the arguments pretty-printed as JSON (marked when they do not
 * parse), and a link to its result.
 */

import { type ReactNode, useMemo } from 'react';
import type { ToolCallBlock } from '../../core/types';
import { chip, linkButton } from './blockChrome';
import { toneClass } from './format';
import { JsonText, prettyJsonText } from './jsonText';
import { NameText } from './NameText';

export function ToolCallView({
  block,
  onJumpToResult,
  hasResult,
}: {
  block: ToolCallBlock;
  onJumpToResult?: (id: string) => void;
  hasResult?: (id: string) => boolean;
}): ReactNode {
  const pretty = useMemo(
    () => (block.arguments.trim() === '' ? null : prettyJsonText(block.arguments)),
    [block.arguments],
  );
  const text = pretty?.text ?? '';
  return (
    <div
      data-testid="block"
      data-block-type="tool-call"
      data-call-id={block.id}
      className="rounded border border-amber-500/25 bg-amber-500/5"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-amber-500/15 px-2 py-1 text-xs">
        <span className={`${chip} ${toneClass('amber')}`}>call</span>
        <NameText name={block.name} className="font-mono font-semibold text-amber-200" />
        <span className="font-mono text-[11px] text-fg-subtle" title="tool call id">
          <NameText name={block.id} />
        </span>
        {pretty && !pretty.ok && (
          <span data-testid="invalid-json" className={`${chip} ${toneClass('red')}`}>
            invalid JSON
          </span>
        )}
        {onJumpToResult && (
          <button
            type="button"
            className={`${linkButton} ml-auto text-[11px] disabled:cursor-default disabled:text-fg-faint disabled:no-underline`}
            disabled={hasResult?.(block.id) === false}
            title={hasResult?.(block.id) === false ? 'no result in the log' : 'Jump to the tool result'}
            onClick={() => onJumpToResult(block.id)}
          >
            result →
          </button>
        )}
      </div>
      <div className="px-2 py-1">
        {pretty === null ? (
          <span className="text-xs text-fg-subtle italic">(empty arguments)</span>
        ) : (
          <JsonText text={text} colour={pretty.ok} />
        )}
      </div>
    </div>
  );
}
