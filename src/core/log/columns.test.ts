/**
 * The per-event columns grow as events are added, keeping every value; told the log's size ahead
 * (`expectedBytes`), they grow once to the events that size should hold instead of doubling.
 */
import { describe, expect, it } from 'vitest';
import { EventColumns } from './columns';

/** Adds `n` events of `bytes` bytes each, numbered from the columns' length. */
function addEvents(cols: EventColumns, n: number, bytes: number): void {
  for (let k = 0; k < n; k++) {
    const i = cols.length;
    cols.add(i * bytes, bytes, -1, i + 1, i % 7, 1000 + i, i % 3, i % 2);
  }
}

function expectKept(cols: EventColumns, bytes: number): void {
  for (let i = 0; i < cols.length; i++) {
    expect([cols.offset[i], cols.lineLength[i], cols.line[i], cols.typeId[i], cols.time[i]]).toEqual([
      i * bytes,
      bytes,
      i + 1,
      i % 7,
      1000 + i,
    ]);
  }
}

describe('EventColumns', () => {
  it('doubles when full, keeping every value', () => {
    const cols = new EventColumns(16);
    addEvents(cols, 100, 50);
    expect(cols.length).toBe(100);
    expect(cols.offset.length).toBe(128);
    expectKept(cols, 50);
  });

  it('grows once to what the expected size holds (10% over), then doubles past it', () => {
    const cols = new EventColumns(256);
    cols.expectedBytes = 100 * 1000; // 1,000 events of 100 bytes
    addEvents(cols, 257, 100);
    expect(cols.offset.length).toBe(1100);
    expect(cols.derives.length).toBe(1100);
    addEvents(cols, 1100 - 257, 100);
    expect(cols.offset.length).toBe(1100);
    addEvents(cols, 1, 100); // more than expected: doubling as before
    expect(cols.offset.length).toBe(2200);
    expectKept(cols, 100);
  });

  it('grows at most 8 times at once, however many events the expected size would hold', () => {
    const cols = new EventColumns(16);
    cols.expectedBytes = 100 * 1_000_000; // a million events of 100 bytes, if the rest is like the start
    addEvents(cols, 17, 100);
    expect(cols.offset.length).toBe(128);
    addEvents(cols, 128 - 17 + 1, 100);
    expect(cols.offset.length).toBe(1024);
    expectKept(cols, 100);
  });

  it('doubles as before when the expected size holds fewer events than that', () => {
    const cols = new EventColumns(16);
    cols.expectedBytes = 100 * 20;
    addEvents(cols, 17, 100);
    expect(cols.offset.length).toBe(32);
    expectKept(cols, 100);
  });
});
