/**
 * One log, one cost: the Library's session cost (`index` / `stats --json`, sessionRecord with the
 * CLI's hooks) equals the app header's (the worker's usage totals per model, priced), on every
 * sample with a priced model, including logs where some steps have no price (pi's large session
 * has one gpt-5.1-codex call; the Library used to show "—" for it while the header showed a cost),
 * and the same count of steps left out of it for want of a price.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes } from '../../core/log/load';
import { stepModel } from '../../core/metrics/steps';
import { DEFAULT_PRICES } from '../../core/cost/prices';
import { priceUsage, usageTotals } from '../../core/cost/usageTotals';
import { sessionRecord } from '../../core/library/sessionRecord';
import { recordHooks } from './hooks';

const samples = [
  'other/pi/pi-mono-v1-large-session.jsonl',
  'other/pi/pi-mono-v1-compaction-thinking.jsonl',
  'other/claude-code/fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl',
  'other/claude-code/agentlogs-compact.jsonl',
  'other/codex/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl',
];

describe('the Library and the header give one log one cost', { timeout: 60_000 }, () => {
  for (const p of samples)
    it(p, () => {
      const bytes = readFileSync(`../shared/samples/${p}`);
      const log = loadLogFromBytes(bytes);
      const header = priceUsage(
        usageTotals(log.structure.steps.map((s) => ({ model: stepModel(log, s), usage: s.usage }))),
        DEFAULT_PRICES,
      );
      expect(header.total).toBeGreaterThan(0);
      const source = { fingerprint: 'f', path: p, sizeBytes: bytes.length, compression: 'none' };
      const row = sessionRecord(log, source, recordHooks).session;
      expect(row.cost_usd).toBeCloseTo(header.total, 9);
      // ...and the same steps left out of it ("N steps without a price are not counted").
      expect(row.unpriced_steps).toBe(header.unpricedSteps);
      if (p.includes('large-session')) expect(row.unpriced_steps).toBeGreaterThan(0);
    });
});
