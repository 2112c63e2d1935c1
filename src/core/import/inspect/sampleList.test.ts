import { describe, expect, it } from 'vitest';
import { importInspect } from './inspect';
import { listedSamples, sampleLabels } from './sampleList';

describe('the sample list in an imported header', () => {
  it('reads back what the importer wrote: one "id#epoch" per sample', () => {
    const samples = [{ id: 'a', epoch: 1 }, { id: 7, epoch: 2 }, { id: 'no-epoch' }];
    const log = importInspect({ header: { eval: { task: 't' } }, samples });
    expect(listedSamples(log.header)).toEqual(['a#1', '7#2', 'no-epoch#1']);
    expect(sampleLabels(samples)).toEqual(['a#1', '7#2', 'no-epoch#1']);
  });

  it('is undefined for a log that was not imported from Inspect AI, whatever its origin holds', () => {
    expect(listedSamples({ type: 'session', origin: { format: 'claude-code', samples: ['x#1'] } })).toBe(
      undefined,
    );
    expect(listedSamples({ type: 'session', origin: { samples: ['x#1'] } })).toBe(undefined);
    expect(listedSamples({ type: 'session' })).toBe(undefined);
    expect(listedSamples(undefined)).toBe(undefined);
    // An Inspect origin with non-string entries keeps the strings only.
    expect(listedSamples({ origin: { format: 'inspect', samples: ['a#1', 3, null] } })).toEqual(['a#1']);
  });
});
