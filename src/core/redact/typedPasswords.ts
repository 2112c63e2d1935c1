/**
 * Passwords a browser agent types into a login form (audit 25 M4). The field is named in one
 * place and the text typed in another, so no label sits before the value:
 * - Playwright MCP's `browser_type` `{"element": "Password textbox", "ref": "e12", "text": PW}`, a
 *   `{"selector": "#password", "value": PW}` action: `typedPair` (placedSecrets.ts, for parsed
 *   JSON) and `typedPasswords` (for the same objects inside text);
 * - code: `page.getByLabel('Password').fill(PW)`, `page.locator('input[type=password]').fill(PW)`,
 *   `cy.get('#password').type(PW)`, `driver.find_element(By.ID, "password").send_keys(PW)`;
 *   audit 26 N3: a locator call with a call inside (`findElement(By.id("password")).sendKeys(PW)`,
 *   C#'s `SendKeys`), the selector as the first argument (`page.fill('input[name=password]', PW)`),
 *   a page object's field (`passwordInput.fill(PW)`), the DOM's `querySelector('#pw').value = PW`.
 * The value is masked when the element, selector or locator names a password (or a secret, a
 * token, an API key); a username's or a search box's is kept.
 */
import { valueTest } from './labels';

/** A field's description that names a password: `Password textbox`, `#pass`, `input[type=password]`, `API key`. */
const PASSWORD_FIELD =
  /passw(?:or)?d|passphrase|(?<![A-Za-z])(?:pass|pwd|pin)(?![A-Za-z])|secret|token|api[\s_-]?key/i;
/** The members that say which field is typed into, and those that hold what is typed. */
const TARGET_MEMBERS = ['element', 'selector', 'locator', 'target', 'field'] as const;
const TYPED_MEMBERS = ['text', 'value'] as const;

/** A search box's label may say `tokens` (`Search tokens`): what is typed there is a query. */
const SEARCH_FIELD = /search/i;

export function namesPasswordField(target: string): boolean {
  return (
    target.length <= 256 &&
    PASSWORD_FIELD.test(target) &&
    (!SEARCH_FIELD.test(target) || /passw(?:or)?d|passphrase/i.test(target))
  );
}

/** A typing action's field member and the member typed (`{element: "Password", text: x}`), when it is a password's. */
export function typedPair(
  obj: Record<string, unknown>,
): { nameMember: string; label: string; valueMember: string } | undefined {
  for (const nameMember of TARGET_MEMBERS) {
    const target = obj[nameMember];
    if (typeof target !== 'string' || !Object.prototype.hasOwnProperty.call(obj, nameMember)) continue;
    if (!namesPasswordField(target)) return undefined;
    for (const valueMember of TYPED_MEMBERS)
      if (typeof obj[valueMember] === 'string') return { nameMember, label: 'password', valueMember };
  }
  return undefined;
}

/**
 * The method that types into a located field, after the locator's call and its chain (`.clear()`,
 * `.first()`), or the DOM's `.value =` (not `==`).
 */
const TYPING =
  /\.(?:fill|type|send_keys|sendKeys|SendKeys|pressSequentially|setValue|val)\(|\.value[ \t]*=(?!=)/g;
/**
 * What ends the text before TYPING: a locator's call with its arguments (group 1), which may hold
 * calls without calls inside (`findElement(By.id("password"))`), then a chain of calls.
 */
const LOCATOR = /[\w$]\(((?:[^()\r\n]|\([^()\r\n]{0,128}\)){1,256})\)(?:\.\w{1,20}\(\d{0,3}\)){0,4}$/;
/** Or a field held in a variable or a property (`passwordInput`, `this.passwordField`, `loginPage.password`): group 1. */
const FIELD_NAME = /(?<![\w$.])(?:[\w$]{1,64}\.){0,3}([\w$]{1,64})$/;
/** A field's name that names a password (narrower than PASSWORD_FIELD: `tokenizer.type(...)` is no field). */
const PASSWORD_NAME = /passw(?:or)?d|passphrase|pwd/i;
/** A quoted selector as the first argument (`page.fill('input[name=password]', PW)`, group 3), then `,`. */
const SELECTOR_FIRST = /[ \t]*(\\{0,7})(["'`])((?:(?!\1\2)[^\r\n]){1,256}?)\1\2[ \t]*,/y;
/** The typed value: quoted (maybe with escaped quotes: code inside JSON text), group 3. */
const TYPED_VALUE = /[ \t]*(\\{0,7})(["'`])((?:(?!\1\2)[^\r\n]){1,256}?)\1\2/y;
/** A flat JSON object (members only, no object inside): a typing action in text. */
const OBJECT = /\{[^{}]{1,2048}\}/g;
/** A member whose value is a string, its quotes maybe escaped: name (group 2), value (group 3). */
const MEMBER = /(\\{0,7})"([A-Za-z_]{1,32})\1"[ \t\r\n]*:[ \t\r\n]*\1"((?:(?!\1")[^\r\n]){0,512}?)\1"/dg;

/**
 * Whether the field typed into at `at` (TYPING's match, ending at `end`) names a password: its
 * locator's call, its variable's name, or the selector as the call's first argument. When the
 * selector is, SELECTOR_FIRST.lastIndex is where the value starts (0 otherwise).
 */
function typedIntoPassword(s: string, at: number, end: number, call: boolean): boolean {
  SELECTOR_FIRST.lastIndex = 0;
  const before = s.slice(Math.max(0, at - 400), at);
  const locator = LOCATOR.exec(before);
  if (locator) return namesPasswordField(locator[1] as string);
  const field = FIELD_NAME.exec(before);
  if (field && PASSWORD_NAME.test(field[1] as string)) return true;
  if (!call) return false;
  SELECTOR_FIRST.lastIndex = end;
  const selector = SELECTOR_FIRST.exec(s);
  if (selector && namesPasswordField(selector[3] as string)) return true;
  SELECTOR_FIRST.lastIndex = 0;
  return false;
}

export function* typedPasswords(s: string): Generator<readonly [number, number]> {
  if (/\.(?:fill|type|send_keys|sendKeys|SendKeys|pressSequentially|setValue|val)\(|\.value[ \t]*=/.test(s)) {
    TYPING.lastIndex = 0;
    for (let m = TYPING.exec(s); m !== null; m = TYPING.exec(s)) {
      if (!typedIntoPassword(s, m.index, TYPING.lastIndex, m[0].endsWith('('))) continue;
      TYPED_VALUE.lastIndex = SELECTOR_FIRST.lastIndex || TYPING.lastIndex;
      const value = TYPED_VALUE.exec(s);
      if (!value || !valueTest('password', value[3] as string, false)) continue;
      const from = TYPED_VALUE.lastIndex - (value[1] as string).length - 1 - (value[3] as string).length;
      yield [from, from + (value[3] as string).length];
    }
  }
  if (!/"(?:element|selector|locator|target|field)\\{0,7}"/.test(s)) return;
  OBJECT.lastIndex = 0;
  for (let o = OBJECT.exec(s); o !== null; o = OBJECT.exec(s)) {
    const members = new Map<string, { value: string; at: readonly [number, number] }>();
    MEMBER.lastIndex = 0;
    const body = o[0];
    for (let m = MEMBER.exec(body); m !== null; m = MEMBER.exec(body)) {
      const at = m.indices?.[3];
      if (at) members.set(m[2] as string, { value: m[3] as string, at: [o.index + at[0], o.index + at[1]] });
    }
    const target = TARGET_MEMBERS.map((k) => members.get(k)).find((x) => x !== undefined);
    if (target === undefined || !namesPasswordField(target.value)) continue;
    const typed = TYPED_MEMBERS.map((k) => members.get(k)).find((x) => x !== undefined);
    if (typed && valueTest('password', typed.value, false)) yield typed.at;
  }
}
