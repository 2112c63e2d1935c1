/**
 * Azure's key listings (audit R21-3): the commands an agent runs to fetch an Azure OpenAI /
 * Cognitive Services key, a storage account key or a function app's keys print them under names
 * that are not secret words alone (`key1`, `keyName: key1` + `value`, `functionKeys`). Masked as
 * JSON in an event and as JSON text in a tool's output; a `key1` whose value is a word is kept.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { outputAt, shape, survivors, toolResultLog } from './testing';

const HEADER = '{"type":"session","version":0,"id":"r21-3","createdAt":0}';

const SECRETS = {
  cognitive1: '44f1b922a15f2201c9ea75de1d1be7e4',
  cognitive2: '21d977ffa906a445ad2d82dfcaf757d7',
  storage1: 'fuq619npzjWDDICTDJFgYW+LbQ2xR0aVsPnK4yT8oJmEd1cHfG7uZ3wXiBlNqS5vA9kD6tY2rC0hM4eU8gL1pO7==',
  storage2: 'Hq3Vw8Lp0Zr5Nt2KfG7uZ3wXiBlNqS5vA9kD6tY2rC0hM4eU8gL1pO7fuq619npzjWDDICTDJFgYW+LbQ2xR0aV==',
  functionKey: 'B2OV0Q4YXbUFrW2fx24Z1xCRcXgrZMZY2TuSrtAoJw/vXJvmWwyYw4==',
  systemKey: 'Sy5Kd8Fm2Qp6Wz1XaB3cD4eF5gH6iJ7kL8mN9oP0qR1sT==',
  primaryKey: 'Pk7Lm3Qz9Vx2Rk5TuV6wX7yZ8aB9cD0eF1gH2iJ3kL4mN==',
};
const VALUES = Object.values(SECRETS);

const PAYLOADS: unknown[] = [
  // az cognitiveservices account keys list
  { key1: SECRETS.cognitive1, key2: SECRETS.cognitive2 },
  // az storage account keys list
  [
    { creationTime: '2026-01-01T00:00:00Z', keyName: 'key1', permissions: 'FULL', value: SECRETS.storage1 },
    { creationTime: '2026-01-01T00:00:00Z', keyName: 'key2', permissions: 'FULL', value: SECRETS.storage2 },
  ],
  // az functionapp keys list
  {
    functionKeys: { default: SECRETS.functionKey },
    masterKey: 'x',
    systemKeys: { durabletask_extension: SECRETS.systemKey },
  },
  // az cosmosdb keys list
  { primaryKey: SECRETS.primaryKey },
];

describe('Azure key listings (audit R21-3)', () => {
  for (const [form, outputs] of [
    ['as JSON in the event', PAYLOADS],
    ['as JSON text in a tool output', PAYLOADS.map((p) => JSON.stringify(p, null, 2))],
  ] as const) {
    it(`masks every key ${form}; the copy loads as the same events`, () => {
      const log = toolResultLog(HEADER, outputs);
      const r = redactLogText(log);
      expect(survivors(r.text, VALUES)).toEqual([]);
      expect(shape(r.text)).toEqual(shape(log));
      for (const line of r.text.split('\n')) expect(() => void JSON.parse(line)).not.toThrow();
      // the names stay, so a reader still sees which key was there
      const storage = outputAt(r.text, 1);
      expect(JSON.stringify(storage)).toContain('"keyName');
      expect(JSON.stringify(storage)).toContain('key1');
    });
  }

  it('keeps a numbered key whose value is a word or a short example', () => {
    const examples = [
      { key1: 'value1', key2: 'somethingelse' },
      { keyName: 'key1', value: 'example' },
    ];
    const log = toolResultLog(HEADER, examples);
    expect(redactLogText(log).text).toBe(log);
  });
});
