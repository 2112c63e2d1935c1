/**
 * Another agent's log past what can be held (audit F3): a 587 MB Inspect .json stopped at the
 * 500 MiB string limit with advice to rerun with --no-limits (which cannot lift it) and "lines
 * were loaded" when nothing was. The limits are lowered here (the same code paths at a few KiB).
 * An Inspect .json is now read in parts (no one-string limit); a line format past one string
 * stops with a limit no option lifts, and the message says what is loaded and what would work.
 */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { DEFAULT_READ_LIMITS, NO_READ_LIMITS, canLift } from '../reader/readLimits';
import { inspectLog, inspectSample, isoAt } from '../testing/nestedJson';

const KiB = 1024;
const sample = (id: number) =>
  inspectSample({ id, task: `task ${id}`, answer: `answer ${id} ${'x'.repeat(900)}` });
/** Pretty-printed, like Inspect writes it: about 2 KiB per sample. */
const inspectText = (samples: number) =>
  JSON.stringify(
    inspectLog(
      Array.from({ length: samples }, (_, i) => sample(i + 1)),
      { eval_id: 'E', task: 'big', model: 'm' },
      { results: { total_samples: samples } },
    ),
    null,
    2,
  );

const messages = (log: ReturnType<typeof loadLogFromText>) =>
  log.diagnosticList.map((d) => `${d.code}: ${d.message}`);

describe('an Inspect AI .json larger than one string', () => {
  it('is read in parts: every sample listed, the one asked for opened, nothing stopped', () => {
    const text = inspectText(100);
    expect(text.length).toBeGreaterThan(100 * KiB);
    const log = loadLogFromText(text, { import: { stringBytes: 32 * KiB, sample: 73 } });
    expect(log.limitHit).toBeUndefined();
    expect(log.sessionHeader).toMatchObject({ id: 'E/74/1', origin: { task: 'big', sample: 74 } });
    expect((log.sessionHeader?.origin as { samples: string[] }).samples).toHaveLength(100);
    expect(log.eventCount).toBeGreaterThan(3);
    expect(messages(log).filter((m) => m.startsWith('import-unmapped'))).toEqual([]);
  });

  it('one sample larger than one string is left out with the reason; the others open', () => {
    const text = inspectText(3).replace('x'.repeat(900), 'y'.repeat(40 * KiB));
    const log = loadLogFromText(text, { import: { stringBytes: 32 * KiB } });
    expect(messages(log).filter((m) => m.startsWith('import-unmapped'))).toEqual([
      'import-unmapped: sample 1 is 40.8 KiB, more than one string can hold (32.0 KiB): it was left out',
    ]);
    expect(log.sessionHeader?.origin).toMatchObject({ sample: 1, samples: ['1#1', '2#1', '3#1'] });
    const next = loadLogFromText(text, { import: { stringBytes: 32 * KiB, sample: 1 } });
    expect(next.sessionHeader?.origin).toMatchObject({ sample: 2 });
    expect(next.eventCount).toBeGreaterThan(3);
  });
});

describe('an Inspect AI .json cut by the size limit', () => {
  const text = inspectText(100);
  const limits = { ...DEFAULT_READ_LIMITS, maxDecodedBytes: 50 * KiB };

  it('says what is loaded (the samples read whole), not lines; no JSON error; the samples before the cut open', () => {
    const log = loadLogFromText(text, { limits });
    const hit = log.limitHit;
    expect(hit?.kind).toBe('decoded-size');
    expect(hit?.message).toMatch(
      /^Stopped reading: the decoded log passed 50\.0 KiB, the size limit for this machine's memory\. An Inspect AI log is one JSON document: the (\d+) samples read whole before the cut can be opened \(read 50\.0 KiB\); the rest was refused\.$/,
    );
    expect(hit?.message).not.toContain('line');
    const read = Number(/the (\d+) samples/.exec(hit?.message ?? '')?.[1]);
    expect(read).toBeGreaterThan(10);
    expect(read).toBeLessThan(100);
    expect((log.sessionHeader?.origin as { samples: string[] }).samples).toHaveLength(read);
    expect(log.eventCount).toBeGreaterThan(3);
    expect(messages(log).filter((m) => /not valid JSON|import-unmapped/.test(m))).toEqual([]);
    expect(messages(log).filter((m) => m.startsWith('read-limit'))).toEqual([`read-limit: ${hit?.message}`]);
  });

  it('lifting the limit (--no-limits, "Load anyway") reads every sample', () => {
    expect(canLift('decoded-size')).toBe(true);
    const log = loadLogFromText(text, { limits: NO_READ_LIMITS });
    expect(log.limitHit).toBeUndefined();
    expect((log.sessionHeader?.origin as { samples: string[] }).samples).toHaveLength(100);
  });

  it('cut before any sample: says nothing is loaded', () => {
    const log = loadLogFromText(text, { limits: { ...limits, maxDecodedBytes: 200 } });
    expect(log.limitHit?.message).toContain(
      'An Inspect AI log is one JSON document, and no sample was read whole before the cut: nothing is loaded',
    );
  });
});

describe('a line-format log (Claude Code) past one string', () => {
  const line = (i: number) =>
    JSON.stringify({
      type: 'user',
      uuid: `u${i}`,
      parentUuid: i === 0 ? null : `u${i - 1}`,
      sessionId: 's',
      timestamp: isoAt(i),
      message: { role: 'user', content: `message ${i} ${'z'.repeat(200)}` },
    });
  const text = Array.from({ length: 400 }, (_, i) => line(i)).join('\n') + '\n';

  it('stops with a limit no option lifts: what is loaded, why, and what would work; no --no-limits advice', () => {
    const log = loadLogFromText(text, { import: { stringBytes: 32 * KiB }, limits: NO_READ_LIMITS });
    const hit = log.limitHit;
    expect(log.sourceFormat).toBe('claude-code');
    expect(hit?.kind).toBe('one-piece');
    expect(canLift('one-piece')).toBe(false);
    expect(hit?.message).toMatch(
      /^Stopped reading: Claude Code transcript \(JSONL\) is held in one piece before it is imported, and one piece holds at most 32\.0 KiB\. Everything before line (\d+) is loaded \(read 3\d\.\d KiB\); the rest was refused\. No option lifts this limit\. To read the rest, split the log at line boundaries into files under that size\.$/,
    );
    expect(hit?.message).not.toMatch(/no-limits|Load anyway/);
    // What it says is loaded is: the lines before the cut, as events.
    const before = Number(/before line (\d+)/.exec(hit?.message ?? '')?.[1]) - 1;
    expect(before).toBeGreaterThan(50);
    const whole = loadLogFromText(text.split('\n').slice(0, before).join('\n') + '\n');
    expect(log.eventCount).toBe(whole.eventCount);
  });
});

describe('a one-line JSON array past one piece (audit R13-L4)', () => {
  const element = (i: number) =>
    JSON.stringify({
      type: 'user/message',
      seq: i,
      time: 1_760_000_000_000 + i,
      data: { text: 'y'.repeat(200) },
    });
  const text = `[${Array.from({ length: 400 }, (_, i) => element(i)).join(',')}]`;

  it('keeps the complete elements before the cut, and says how much was read', () => {
    const log = loadLogFromText(text, { import: { stringBytes: 32 * KiB }, limits: NO_READ_LIMITS });
    expect(log.sourceFormat).toBe('json-array');
    const hit = log.limitHit;
    expect(hit?.kind).toBe('one-piece');
    // what fits in 32 KiB, whole: every element before the cut is read
    const whole = Math.floor((32 * KiB - 1) / (element(0).length + 1));
    expect(log.eventCount).toBeGreaterThanOrEqual(whole - 1);
    expect(log.eventCount).toBeGreaterThan(100);
    expect(hit?.message).toContain(
      `A JSON array is read by its elements: the ${log.eventCount} elements whole before the cut are loaded (read 32.0 KiB)`,
    );
    expect(hit?.message).toContain('convert the array to JSONL');
    expect(hit?.message).not.toContain('split the log at line boundaries');
    const torn = log.diagnosticList.find((d) => d.code === 'torn-tail');
    expect(torn?.message).toContain('a read limit stopped the reading there');
  });
});
