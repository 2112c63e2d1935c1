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

const LABEL = String.raw`\b(?:pass ?words?|passphrase|passcode|pwd|pw|api[ _-]?keys?|access[ _-]?keys?|secret(?:[ _-]?key)?|tokens?|credentials?|creds)`;
const VALUE = String.raw`[\`'"\u201c]?([^\s\`'"\u201d,;]{8,256})`;
const PROSE = new RegExp(
  String.raw`${LABEL}(?:[ \t]+(?:for|of|to|on)[ \t]+[^\s.,;:!?\`'"]{1,40}(?:[ \t]+[^\s.,;:!?\`'"]{1,40}){0,2})?[ \t]+(?:(?:is|was|are|has been)(?:[ \t]+(?:now|(?:changed|set|reset|updated)[ \t]+to))?|(?:changed|set|reset|updated)[ \t]+to|will be|would be|to|-|=)[ \t]*:?[ \t]*${VALUE}`,
  'dgi',
);
/**
 * A label qualified before its colon: "DB password for prod: X", "API key for OpenWeather: X",
 * "SSH password for root@10.0.0.5: X", "Password (admin): X", "**Password for the admin account:** X"
 * (a creds list handed to an agent: audit 36 N1). The qualifier's words may hold dots (a host, an
 * e-mail); the colon must follow them on the same line.
 */
const QUALIFIED = new RegExp(
  String.raw`${LABEL}(?:[ \t]+(?:for|of|on|in|to)[ \t]+[^\s,;:!?\`'"()]{1,40}(?:[ \t]+[^\s,;:!?\`'"()]{1,40}){0,2}|[ \t]*\([^()\n:]{1,30}\))[ \t*]*[:\uff1a]\**[ \t]*${VALUE}`,
  'dgi',
);

/**
 * A login written as `user / password` after its label: "login: admin / X", "creds: root / X" (audit
 * 36 L4), a label naming both ("username/password: admin / X", "Username and Password: `admin` /
 * `X`", "email/password: qa@acme.io / X", "(user/password): admin, X", `用户名/密码：admin / X`: audit 38 N1).
 */
const LOGIN_LABEL = String.raw`(?:\b(?:logins?|credentials?|creds|(?:user(?:[ _-]?name)?|login|e-?mail|account)[ \t]*(?:\/|,|and|&)[ \t]*(?:pass(?:word)?|pwd|pw))|(?:用户名|账号|帐号)[ \t]*\/[ \t]*密码)`;
const USER_SLASH_PASSWORD = new RegExp(
  String.raw`${LOGIN_LABEL}\)?[ \t*]*[:=\uff1a][ \t*]*[\`'"]?[^\s/:,\`'"]{1,64}[\`'"]?(?:[ \t]*[/,][ \t]*|[ \t]+\/[ \t]+)${VALUE}`,
  'dgi',
);

/** A test login handed to an agent without a label: "Log in with test@acme.com / X" (audit 38 L2). */
const EMAIL_SLASH_PASSWORD = new RegExp(
  String.raw`[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}[ \t]+\/[ \t]+${VALUE}`,
  'dg',
);

export function* proseSecrets(s: string): Generator<readonly [number, number]> {
  if (/ (?:is|was|are|be|to|-|=)(?:\b| )/i.test(s)) yield* valuesOf(PROSE, s, /[.!?)\]}>:]+$/);
  // after a colon the value is the rest of the token: `Summer2024!` keeps its `!`
  if (/[:\uff1a]/.test(s)) yield* valuesOf(QUALIFIED, s, /[.)\]}>]+$/);
  if (/log|cred|pass|pw|密码/i.test(s)) yield* valuesOf(USER_SLASH_PASSWORD, s, /[.)\]}>]+$/);
  if (s.includes('@') && s.includes(' / ')) yield* valuesOf(EMAIL_SLASH_PASSWORD, s, /[.)\]}>]+$/);
}

function* valuesOf(re: RegExp, s: string, after: RegExp): Generator<readonly [number, number]> {
  re.lastIndex = 0;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    const at = m.indices?.[1];
    if (!at) continue;
    // a sentence's end is no part of the value: "… is Xy7Kq2Lm9." / "… is Xy7Kq2Lm9)."
    const value = (m[1] as string).replace(after, '');
    if (looksRandom(value)) yield [at[0], at[0] + value.length];
  }
}
