/**
 * A secret told in prose: "The password is X", "my API key is X", "the token for staging was
 * `X`", "the Wi-Fi password is: X", "set the GitHub token to X", "API key - X", "the creds are
 * admin:X" (a user's prompt to an agent, an agent's answer). The value
 * must look random (labels.ts looksRandom): prose goes on with words ("the password is
 * incorrect", "Password is required", "the token is expired") and those are kept.
 *
 * Linear: the regex starts at a label word, reads at most three short words of what the secret
 * is for, the verb, and one value of at most 256 units.
 */
import { looksRandom } from './labels';

const PROSE =
  /\b(?:pass ?words?|passphrase|passcode|pwd|api[ _-]?keys?|access[ _-]?keys?|secret(?:[ _-]?key)?|tokens?|credentials?|creds)(?:[ \t]+(?:for|of|to|on)[ \t]+[^\s.,;:!?`'"]{1,40}(?:[ \t]+[^\s.,;:!?`'"]{1,40}){0,2})?[ \t]+(?:(?:is|was|are)(?:[ \t]+now)?|will be|would be|to|-|=)[ \t]*:?[ \t]*[`'"\u201c]?([^\s`'"\u201d,;]{8,256})/dgi;

export function* proseSecrets(s: string): Generator<readonly [number, number]> {
  if (!/ (?:is|was|are|be|to|-|=)(?:\b| )/i.test(s)) return;
  PROSE.lastIndex = 0;
  for (let m = PROSE.exec(s); m !== null; m = PROSE.exec(s)) {
    const at = m.indices?.[1];
    if (!at) continue;
    // a sentence's end is no part of the value: "… is Xy7Kq2Lm9." / "… is Xy7Kq2Lm9)."
    const value = (m[1] as string).replace(/[.!?)\]}>:]+$/, '');
    if (looksRandom(value)) yield [at[0], at[0] + value.length];
  }
}
