/** Regex source for the code rules (typedSecrets.ts, codeKeys.ts): quoted literals, maybe escaped. */

/**
 * A quoted literal whose quote is group `q` and text group `q + 1`; its quotes may be escaped, as in
 * a file's text inside a tool call's JSON arguments (`\"…\"`, `\\\"…\\\"`).
 */
export const literal = (q: number) => '\\\\{0,3}(["\'`])([^"\'`\\\\\\r\\n]{1,512})\\\\{0,3}\\' + String(q);
/** A quote, maybe escaped. */
export const Q = String.raw`\\{0,3}["']`;
