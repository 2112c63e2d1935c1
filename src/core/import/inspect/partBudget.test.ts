/**
 * R5-9's bound (a line may hold so many objects and arrays) through Inspect's documents (audit
 * R6-5, R6-6): a 242 KB .eval of 60 MB members of `{}` and a 1.3 MB .json.gz of 40M `{}` killed
 * the worker, because a zip member and a JSON document were parsed whole with no such bound.
 * Each part (a zip member, a document's sample or member) is now bounded like a line; the
 * limits are lowered here (the same code paths at a few hundred KiB).
 */
import { zipSync, strToU8 } from 'fflate';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes, loadLogFromText } from '../../log/load';
import { partContainerLimit } from '../../reader/lineLengthGuard';
import { DEFAULT_READ_LIMITS, NO_READ_LIMITS } from '../../reader/readLimits';

/** maxLineBytes 4 MiB: a part may hold 131,072 objects and arrays. */
const limits = { ...DEFAULT_READ_LIMITS, maxLineBytes: 4 * 1024 * 1024 };
const LIMIT = partContainerLimit(limits.maxLineBytes);
const at = (t: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, t)).toISOString();
const sample = (id: number, pad?: number) => ({
  id,
  epoch: 1,
  messages: [{ role: 'user', content: `task ${id}` }],
  ...(pad ? { metadata: { pad: `[${'{},'.repeat(pad)}{}]` } } : {}),
  events: [
    {
      event: 'model',
      timestamp: at(1),
      completed: at(2),
      model: 'm',
      input: [{ role: 'user', content: `task ${id}` }],
      output: { choices: [{ message: { role: 'assistant', content: `answer ${id}` } }] },
    },
  ],
});
/** The pad is written as JSON text, not a string: `"pad":[{},{},...]`. */
const unquotePad = (json: string) => json.replace(/"\[(\{\},)*\{\}\]"/g, (m) => m.slice(1, -1));
const inspectJson = (samples: object[]) =>
  unquotePad(
    JSON.stringify({ version: 2, status: 'success', eval: { eval_id: 'E', task: 't', model: 'm' }, samples }),
  );

const diagnostics = (log: ReturnType<typeof loadLogFromText>) =>
  log.diagnosticList.map((d) => `${d.code}: ${d.message}`);

describe('an Inspect AI .json with a sample of too many objects and arrays (R6-6)', () => {
  const text = inspectJson([sample(1), sample(2, LIMIT + 10), sample(3)]);

  it('refuses that sample with the read-limit note and a limit "Load anyway" lifts; the others open', () => {
    expect(text.length).toBeLessThan(500_000);
    const log = loadLogFromText(text, { limits, import: { sample: 1 } });
    expect(log.limitHit).toMatchObject({ kind: 'line-length', containers: LIMIT });
    expect(diagnostics(log)).toContainEqual(
      expect.stringMatching(
        /^read-limit: The Inspect AI log's sample 2 holds more than 131,072 objects and arrays/,
      ),
    );
    expect((log.sessionHeader?.origin as { samples: unknown[] }).samples).toHaveLength(3);
    const other = loadLogFromText(text, { limits, import: { sample: 2 } });
    expect(other.eventCount).toBeGreaterThan(2);
    expect(other.limitHit).toBeUndefined();
  });

  it('is the same from a gzip, and lifting the limits reads the sample', () => {
    const gz = loadLogFromBytes(gzipSync(Buffer.from(text)), { limits, import: { sample: 1 } });
    expect(gz.limitHit).toMatchObject({ kind: 'line-length', containers: LIMIT });
    const lifted = loadLogFromText(text, { limits: NO_READ_LIMITS, import: { sample: 1 } });
    expect(lifted.limitHit).toBeUndefined();
    expect(diagnostics(lifted).filter((d) => d.startsWith('read-limit'))).toEqual([]);
    expect(lifted.eventCount).toBeGreaterThan(2);
  });

  it("the header's members and the shown sample share one budget (R6-13)", () => {
    const pad = `[${'{},'.repeat(Math.floor(LIMIT * 0.4))}{}]`;
    const doc = unquotePad(
      JSON.stringify({
        version: 2,
        status: 'success',
        eval: { eval_id: 'E', task: 't', model: 'm' },
        samples: [sample(1)],
        pad0: pad,
        pad1: pad,
        pad2: pad,
        pad3: pad,
      }),
    );
    const log = loadLogFromText(doc, { limits });
    expect(log.limitHit).toMatchObject({ kind: 'line-length', containers: LIMIT });
    const refused = diagnostics(log).filter((d) => d.startsWith('read-limit'));
    expect(refused).toEqual([
      expect.stringMatching(
        /^read-limit: The Inspect AI log's "pad2" with the parts read before it, holds more than 131,072/,
      ),
      expect.stringMatching(/^read-limit: The Inspect AI log's "pad3" with the parts read before it/),
    ]);
  });

  it('a document with many such objects in all, but few in each sample, is read whole', () => {
    const many = inspectJson(Array.from({ length: 6 }, (_, i) => sample(i + 1, Math.floor(LIMIT / 4))));
    const log = loadLogFromText(many, { limits, import: { sample: 5 } });
    expect(log.limitHit).toBeUndefined();
    expect((log.sessionHeader?.origin as { samples: unknown[] }).samples).toHaveLength(6);
  });
});

describe('an Inspect AI .eval with a member of too many objects and arrays (R6-5, R6-12)', () => {
  const member = (s: object) => strToU8(unquotePad(JSON.stringify(s)));
  const header = (extra: object = {}) =>
    strToU8(
      JSON.stringify({
        version: 2,
        status: 'success',
        eval: { eval_id: 'E', task: 't', model: 'm' },
        ...extra,
      }),
    );
  const zip = zipSync({
    'header.json': header(),
    'samples/1_epoch_1.json': member(sample(1)),
    'samples/2_epoch_1.json': member(sample(2, LIMIT + 10)),
  });

  it('skips that member with the read-limit note naming it when it is shown; the other sample loads; lifting reads it', () => {
    expect(zip.length).toBeLessThan(100_000);
    const log = loadLogFromBytes(zip, { limits, import: { sample: 1 } });
    expect(log.limitHit).toMatchObject({ kind: 'line-length', containers: LIMIT });
    expect(diagnostics(log)).toContainEqual(
      expect.stringMatching(
        /^read-limit: samples\/2_epoch_1\.json in the \.eval zip holds more than 131,072/,
      ),
    );
    expect((log.sessionHeader?.origin as { samples: unknown[] }).samples).toEqual(['1#1', '2#1']);
    const first = loadLogFromBytes(zip, { limits });
    expect(first.limitHit).toBeUndefined();
    expect(first.eventCount).toBeGreaterThan(2);
    const lifted = loadLogFromBytes(zip, { limits: NO_READ_LIMITS, import: { sample: 1 } });
    expect(lifted.limitHit).toBeUndefined();
    expect(lifted.sessionHeader?.origin).toMatchObject({ sample: 2 });
  });

  it('only the shown sample is parsed: 20 members each under the budget are not held together', () => {
    const near = Math.floor(LIMIT * 0.9);
    const members: Record<string, Uint8Array> = { 'header.json': header() };
    for (let i = 1; i <= 20; i++) members[`samples/${i}_epoch_1.json`] = member(sample(i, near));
    const log = loadLogFromBytes(zipSync(members), { limits, import: { sample: 7 } });
    expect(log.limitHit).toBeUndefined();
    expect(log.sessionHeader?.origin).toMatchObject({ sample: 8 });
    expect((log.sessionHeader?.origin as { samples: unknown[] }).samples).toHaveLength(20);
  });

  it('the header and the shown sample share one budget', () => {
    const near = Math.floor(LIMIT * 0.6);
    const heavy = zipSync({
      'header.json': strToU8(
        unquotePad(JSON.stringify({ version: 2, eval: { eval_id: 'E' }, pad: `[${'{},'.repeat(near)}{}]` })),
      ),
      'samples/1_epoch_1.json': member(sample(1, near)),
    });
    const log = loadLogFromBytes(heavy, { limits });
    expect(diagnostics(log)).toContainEqual(
      expect.stringMatching(
        /^read-limit: samples\/1_epoch_1\.json in the \.eval zip with the parts read before it, holds more than/,
      ),
    );
  });

  it('members that each pass the ratio floor unchecked are judged on their total against the file', () => {
    const big = { ...limits, maxCompressionRatio: 100, ratioFloorBytes: 600_000 };
    const bomb = zipSync({
      'header.json': header({ metadata: { text: 'z'.repeat(350_000) } }),
      'samples/1_epoch_1.json': member({ ...sample(1), metadata: { text: 'z'.repeat(350_000) } }),
    });
    const log = loadLogFromBytes(bomb, { limits: big });
    expect(diagnostics(log)).toContainEqual(
      expect.stringMatching(
        /^read-limit: samples\/1_epoch_1\.json in the \.eval zip skipped: with the members before it/,
      ),
    );
  });
});
