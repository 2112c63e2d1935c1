/**
 * `--sample N`: which sample of a multi-sample log opens (Inspect AI logs
 * hold one per sample and epoch; each is a log of its own). 1-based, in the
 * log's order; `seqscope check` lists them in an import note.
 */
import type { ImportOptions } from '../core/import/importers';

/** How many arguments at `i` it took (0: not this option), or an error message. */
export function takeSampleOption(args: string[], i: number, out: ImportOptions): number | string {
  const a = args[i] as string;
  const inline = a.startsWith('--sample=') ? a.slice('--sample='.length) : undefined;
  if (a !== '--sample' && inline === undefined) return 0;
  const v = inline ?? args[i + 1];
  if (v === undefined || !/^[1-9]\d{0,6}$/.test(v))
    return `--sample needs a sample number (1, 2, ...), got ${v ?? 'nothing'}`;
  out.sample = Number(v) - 1;
  return inline === undefined ? 2 : 1;
}
