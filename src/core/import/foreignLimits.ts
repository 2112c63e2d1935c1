/**
 * How much of another agent's log can be held, and what to say when it could not all be: a
 * foreign log is held in one piece before its importer runs (importingReader.ts), and engines
 * cap one piece, so past it no option helps and the message says what would work instead.
 */
import { jqStreamConversion } from '../reader/jsonArray';
import { describeLimitHit, type ReadLimitHit } from '../reader/readLimits';
import type { SourceFormat } from './formats';
import { ONE_STRING_BYTES } from './jsonDocument';
import type { NativeLog } from './nativeLog';
import { listedSamples } from './inspect/sampleList';

/** A line-format foreign log's text at most: its importer decodes it as one string (engines stop near 2^29 chars). */
export const FOREIGN_TEXT_BYTES = ONE_STRING_BYTES;

/** An Inspect AI .json at most: held as one buffer and read in parts (inspect/inspectJson.ts); 2 GiB fits every engine. */
export const FOREIGN_DOCUMENT_BYTES = 2 * 1024 * 1024 * 1024 - 1;

/** What would work instead, when a foreign log passed what can be held in one piece. */
const ONE_PIECE_REMEDY: Partial<Record<SourceFormat, string>> = {
  'inspect-json':
    'To read every sample, convert the log to .eval (inspect log convert --to eval), which keeps each sample in a file of its own',
  // one line, often: no line boundaries to split at (audit R13-L4)
  'json-array': `To read the rest, convert the array to JSONL, which is not held in one piece (${jqStreamConversion()})`,
};
const LINE_FORMAT_REMEDY = 'To read the rest, split the log at line boundaries into files under that size';

/** The read-limit sentence for a foreign log (`loaded`: what is loaded, when not "everything before line N"). */
export function foreignLimitMessage(
  format: SourceFormat | undefined,
  where: Omit<ReadLimitHit, 'message'>,
  compressed: boolean,
  loaded?: string,
): string {
  const message = describeLimitHit(where, compressed, loaded);
  if (where.kind !== 'one-piece') return message;
  const remedy = (format && ONE_PIECE_REMEDY[format]) ?? LINE_FORMAT_REMEDY;
  return `${message} No option lifts this limit. ${remedy}.`;
}

/** What an Inspect AI log cut by a limit loaded: the samples read whole before the cut (its header lists them). */
export function samplesLoaded(log: NativeLog): string {
  const samples = listedSamples(log.header)?.length ?? 0;
  if (samples === 0)
    return 'An Inspect AI log is one JSON document, and no sample was read whole before the cut: nothing is loaded';
  return `An Inspect AI log is one JSON document: the ${samples === 1 ? 'sample' : `${samples} samples`} read whole before the cut can be opened`;
}

/** What a JSON array cut by a limit loaded: its elements whole before the cut (the cut one is its torn tail). */
export function elementsLoaded(log: NativeLog): string {
  const n = log.jsonlLines().length;
  return `A JSON array is read by its elements: the ${n === 1 ? 'element' : `${n.toLocaleString('en-US')} elements`} whole before the cut are loaded`;
}
