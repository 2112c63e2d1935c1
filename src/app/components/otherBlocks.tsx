/**
 * Blocks that are not text or tools: images (their attachment's metadata) and anything
 * unrecognised, shown verbatim as pretty JSON.
 */

import { type ReactNode, useMemo } from 'react';
import type { Block, ImageBlock } from '../../core/types';
import { chip } from './blockChrome';
import { fields } from './blockGuards';
import { formatBytes, toneClass } from './format';
import { JsonText, stringifyPretty } from './jsonText';
import { NameText } from './NameText';

export function ImageView({ block }: { block: ImageBlock }): ReactNode {
  const a = block.attachment;
  const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const w = num(a.width);
  const h = num(a.height);
  const bytes = num(a.bytes);
  return (
    <div
      data-testid="block"
      data-block-type="image"
      className="inline-flex max-w-full flex-col gap-0.5 rounded border border-dashed border-edge bg-tint/5 px-3 py-2 font-mono text-[11px] text-fg-soft"
      title={typeof a.attachmentId === 'string' ? `attachment ${a.attachmentId}` : undefined}
    >
      <div className="flex items-center gap-2">
        <span className={`${chip} ${toneClass('indigo')}`}>image</span>
        {typeof a.name === 'string' && a.name && <span className="truncate text-fg">{a.name}</span>}
      </div>
      <div className="flex flex-wrap gap-x-3 text-fg-muted">
        <span>{typeof a.mediaType === 'string' ? a.mediaType : 'unknown type'}</span>
        {w !== null && h !== null && (
          <span>
            {w}×{h}
          </span>
        )}
        {bytes !== null && <span>{formatBytes(bytes)}</span>}
      </div>
    </div>
  );
}

export function GenericBlockView({ block, note }: { block: Block; note?: string }): ReactNode {
  const text = useMemo(() => stringifyPretty(block), [block]);
  const name = fields(block).name;
  return (
    <div
      data-testid="block"
      data-block-type={block.type}
      className="rounded border border-slate-500/30 bg-slate-500/5"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-500/20 px-2 py-1 text-xs">
        <span className={`${chip} ${toneClass('slate')}`}>
          <NameText name={String(block.type)} />
        </span>
        {typeof name === 'string' && <NameText name={name} className="font-mono font-semibold text-fg" />}
        <span className="text-[11px] text-fg-subtle">{note ?? 'unrecognised block, shown verbatim'}</span>
      </div>
      <div className="px-2 py-1">
        <JsonText text={text} />
      </div>
    </div>
  );
}
