/**
 * Tiny validators for parsed JSON. Everything read from a log is `unknown`
 * until one of these says otherwise; a failure names the path that broke
 * ("data.message.content[2].text: expected a string"), so a diagnostic can
 * say exactly what is wrong with a line.
 */

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

export function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** A validation failure: the path to the bad value and what was expected there. */
export class Invalid {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {}
  toString(): string {
    return `${this.path}: expected ${this.expected}`;
  }
}

export type Check<T> = (v: unknown, path: string) => T | Invalid;

export const str: Check<string> = (v, p) => (typeof v === 'string' ? v : new Invalid(p, 'a string'));
export const int: Check<number> = (v, p) => (isInt(v) ? v : new Invalid(p, 'an integer'));
export const num: Check<number> = (v, p) => (isFiniteNumber(v) ? v : new Invalid(p, 'a number'));
export const obj: Check<JsonObject> = (v, p) => (isObject(v) ? v : new Invalid(p, 'an object'));

export function arrayOf<T>(item: Check<T>): Check<T[]> {
  return (v, p) => {
    if (!Array.isArray(v)) return new Invalid(p, 'an array');
    for (let i = 0; i < v.length; i++) {
      const r = item(v[i], `${p}[${i}]`);
      if (r instanceof Invalid) return r;
    }
    return v as T[];
  };
}

/** Checks the named fields of an object; extra fields are allowed and kept. */
export function field<T>(o: JsonObject, key: string, check: Check<T>, path: string): T | Invalid {
  return check(o[key], `${path}.${key}`);
}

/** Like `field`, but an absent (undefined) value is fine. */
export function optionalField<T>(
  o: JsonObject,
  key: string,
  check: Check<T>,
  path: string,
): T | undefined | Invalid {
  const v = o[key];
  return v === undefined ? undefined : check(v, `${path}.${key}`);
}
