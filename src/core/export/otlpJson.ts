/**
 * The OTLP/JSON encoding of traces (opentelemetry-proto's JSON mapping): the
 * shapes a TracesData document has, and how a plain attribute value becomes
 * an `AnyValue` (64-bit integers and nanosecond times as decimal strings).
 */
import { valueText } from '../deepJson';

export type OtlpAnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: OtlpAnyValue[] } };

export interface OtlpKeyValue {
  key: string;
  value: OtlpAnyValue;
}

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** SPAN_KIND_INTERNAL = 1, SPAN_KIND_CLIENT = 3. */
  kind: 1 | 3;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpKeyValue[];
  /** STATUS_CODE_UNSET = 0, STATUS_CODE_ERROR = 2. */
  status: { code: 0 | 2; message?: string };
}

export interface OtlpTracesData {
  resourceSpans: {
    resource: { attributes: OtlpKeyValue[] };
    scopeSpans: { scope: { name: string; version: string }; spans: OtlpSpan[] }[];
  }[];
}

/** An attribute's value before encoding; `{ double }` forces a doubleValue (a whole number of seconds is still a double). */
export type Attr = string | number | boolean | string[] | { double: number } | undefined;

function anyValue(v: Exclude<Attr, undefined>): OtlpAnyValue {
  if (typeof v === 'object' && !Array.isArray(v)) return { doubleValue: v.double };
  // Typed as strings, but values reach here from the log: a stringValue that is no string makes a
  // collector refuse the whole request (audit R18-1)
  if (Array.isArray(v)) return { arrayValue: { values: v.map((s) => ({ stringValue: valueText(s) })) } };
  if (typeof v === 'boolean') return { boolValue: v };
  // an intValue is an int64: 1e300 is a whole number but not one (audit R18-5)
  if (typeof v === 'number') return Number.isSafeInteger(v) ? { intValue: String(v) } : { doubleValue: v };
  return { stringValue: valueText(v) };
}

/** Attributes in OTLP/JSON order of the object's keys; undefined values are left out. */
export function attributes(o: Record<string, Attr>): OtlpKeyValue[] {
  return Object.entries(o)
    .filter((e): e is [string, Exclude<Attr, undefined>] => e[1] !== undefined)
    .map(([key, v]) => ({ key, value: anyValue(v) }));
}

/** The largest fixed64: 2^64 - 1 ns (the year 2554). */
const MAX_FIXED64 = (1n << 64n) - 1n;
/** 2^64 ns in ms (a double). */
const MAX_MS = 2 ** 64 / 1e6;

/**
 * Epoch ms -> nanoseconds as the decimal string OTLP/JSON uses for fixed64, an unsigned field:
 * a time before 1970 (or none: NaN) is 0, as a log's time of 0 or less means no time, and one past
 * the year 2554 is the largest fixed64 (audit R18-5: "-8640000000000000000000" was written,
 * which a collector refuses with the whole document).
 */
export function nanos(ms: number): string {
  if (!(ms > 0)) return '0';
  if (ms >= MAX_MS) return MAX_FIXED64.toString();
  return (BigInt(Math.round(ms * 1000)) * 1000n).toString();
}

/** How many spans a document holds. */
export function spanCount(data: OtlpTracesData): number {
  return data.resourceSpans.reduce((n, r) => n + r.scopeSpans.reduce((m, s) => m + s.spans.length, 0), 0);
}
