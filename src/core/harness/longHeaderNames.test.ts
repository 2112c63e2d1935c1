/**
 * A header's model, provider and id are copied into every step, row and span they are in force
 * for: each is cut like a name (NAME_MAX_CHARS code points and "…"), so what is derived per step
 * stays bounded however long the header's string (audit R23-1, R23-2, R23-7).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLogFromText } from '../log/load';
import { stepMetrics } from '../metrics/steps';
import { sessionRecord } from '../library/sessionRecord';
import { costOf, DEFAULT_PRICES, priceFor } from '../cost/prices';
import { exportOtlpText } from '../export/otlp';
import { NAME_MAX_CHARS, nameHead } from '../view/bidiControls';
import { longHeaderNamesLog } from '../testing/longHeaderNames';

const LONG = 200_000;
const STEPS = 300;
const log = loadLogFromText(longHeaderNamesLog(STEPS, LONG));
const cutModel = nameHead(`claude-opus-4-5-${'x'.repeat(LONG)}`);
const cutProvider = nameHead('p'.repeat(LONG));

/** Counts String.prototype.toLowerCase calls on strings longer than a name. */
function longLowercases(): { count: () => number } {
  let count = 0;
  const original = String.prototype.toLowerCase;
  vi.spyOn(String.prototype, 'toLowerCase').mockImplementation(function (this: string) {
    if (this.length > NAME_MAX_CHARS * 2) count++;
    return original.call(this);
  });
  return { count: () => count };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a header's long model and provider", () => {
  it('reach every step metric cut like a name, priced by its head', () => {
    const lower = longLowercases();
    const metrics = stepMetrics(log, DEFAULT_PRICES);
    expect(metrics).toHaveLength(STEPS);
    expect(cutModel.length).toBe(NAME_MAX_CHARS + 1);
    for (const m of metrics) expect(m.model).toBe(cutModel);
    // "claude-opus-4-5-…" is priced as claude-opus-4-5, as the whole name was
    expect(metrics[0]?.cost).toBe(costOf({ inputTokens: 10, outputTokens: 1 }, DEFAULT_PRICES.prices[2]));
    expect(lower.count()).toBe(0);
  });

  it("reach every library step row (stats, index) cut like a name, and the session's row", () => {
    const hooks = {
      costOf: (
        _p: string | null,
        model: string | null,
        usage: { inputTokens: number; outputTokens: number },
      ) => costOf(usage, priceFor(DEFAULT_PRICES, model ?? undefined)),
    };
    const lower = longLowercases();
    const record = sessionRecord(
      log,
      { path: 'x', sizeBytes: 0, fingerprint: 'f', compression: 'none' },
      hooks,
    );
    expect(record.steps).toHaveLength(STEPS);
    for (const row of record.steps) {
      expect(row.model).toBe(cutModel);
      expect(row.provider).toBe(cutProvider);
      expect(row.cost_usd).toBeGreaterThan(0);
    }
    expect(record.session.model).toBe(cutModel);
    expect(lower.count()).toBe(0);
  });
});

describe('an OTLP export of a log with a long header model and session id', () => {
  it('is bounded: the id and model cut like names in every span, the ids still of the whole id', () => {
    const { text, spans } = exportOtlpText(log);
    expect(spans).toBe(1 + 1 + STEPS);
    expect(text.length).toBeLessThan(2_000_000);
    const data = JSON.parse(text) as {
      resourceSpans: {
        scopeSpans: {
          spans: {
            spanId: string;
            name: string;
            attributes: { key: string; value: { stringValue?: string } }[];
          }[];
        }[];
      }[];
    };
    const all = data.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
    const attr = (s: (typeof all)[number], key: string) =>
      s.attributes.find((a) => a.key === key)?.value.stringValue;
    const cutId = nameHead('i'.repeat(LONG));
    for (const s of all) expect(attr(s, 'gen_ai.conversation.id')).toBe(cutId);
    const chats = all.filter((s) => s.name.startsWith('chat'));
    expect(chats).toHaveLength(STEPS);
    for (const s of chats) {
      expect(s.name).toBe(`chat ${cutModel}`);
      expect(attr(s, 'gen_ai.request.model')).toBe(cutModel);
      expect(attr(s, 'gen_ai.provider.name')).toBe(cutProvider);
    }
    expect(new Set(all.map((s) => s.spanId)).size).toBe(all.length);
  });
});
