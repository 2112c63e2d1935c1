/**
 * `--sample N`: which sample of a multi-sample log opens (Inspect AI logs
 * hold one per sample and epoch; each is a log of its own). 1-based, in the
 * log's order; `seqscope check` lists them in an import note.
 */
import type { ImportOptions } from '../core/import/importers';
import { lastNumber, type Arg, type OptionTable } from './args';

export const SAMPLE_OPTIONS: OptionTable = {
  '--sample': { needs: 'a sample number (1, 2, ...)', pattern: /^[1-9]\d{0,6}$/ },
};

/** The import options the arguments ask for (`--sample` is 1-based, the importer's index 0-based). */
export function sampleImportOptions(args: readonly Arg[]): ImportOptions {
  const sample = lastNumber(args, '--sample');
  return sample === undefined ? {} : { sample: sample - 1 };
}
