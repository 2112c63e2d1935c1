/**
 * The list of samples an imported Inspect AI log carries in its session header
 * (`origin.samples`, "id#epoch" each): written by inspect.ts, read by the worker (the sample
 * picker), the CLI (`--sample N` past the list) and the read-limit message. One place for its shape.
 */
import { isObject, type JsonObject } from '../../validate';
import { textOf } from '../nativeLog';

/** The `origin.format` of a log imported from Inspect AI. */
export const INSPECT_FORMAT = 'inspect';

/** The header's label for each sample: its id and epoch, "id#epoch". */
export function sampleLabels(samples: readonly JsonObject[]): string[] {
  return samples.map((s) => `${textOf(s.id)}#${textOf(s.epoch, '1')}`);
}

/** The samples a session header lists; undefined when the log was not imported from Inspect AI. */
export function listedSamples(header: unknown): string[] | undefined {
  const origin = isObject(header) ? header.origin : undefined;
  if (!isObject(origin) || origin.format !== INSPECT_FORMAT || !Array.isArray(origin.samples))
    return undefined;
  return origin.samples.filter((x): x is string => typeof x === 'string');
}
