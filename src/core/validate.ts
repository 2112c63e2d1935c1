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
