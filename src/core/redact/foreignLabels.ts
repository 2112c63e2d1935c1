/**
 * Labels of a secret in other languages than English and Chinese (audit 29 N9): a user's note to an
 * agent (`la contraseña es V`, `パスワード: V`), a localized tool's output (`Пароль: V`,
 * `Passwort: V`), a JSON key (`{"비밀번호": "V"}`). As in chineseLabels.ts (which yields these), the
 * value is a run of printable ASCII; a password must pass labels.ts's test, a token or key must look
 * random, so prose that only names the word is kept.
 */
import { escapeRegExp } from '../search/queryUnits';
import { looksRandom, valueTest } from './labels';
import { groupSpans } from './matchSpans';

const PASSWORD_WORDS = [
  'パスワード',
  '暗証番号',
  '비밀번호',
  '암호',
  'пароль',
  'contraseña',
  'senha',
  'passwort',
  'kennwort',
  'mot de passe',
  'wachtwoord',
  'hasło',
  'şifre',
  'mật khẩu',
  'lösenord',
  'adgangskode',
  'salasana',
  'heslo',
  'jelszó',
  'parolă',
  'รหัสผ่าน',
  'كلمة المرور',
  'पासवर्ड',
];
const KEY_WORDS = [
  'トークン',
  'apiキー',
  'アクセスキー',
  '토큰',
  'api 키',
  'api키',
  'токен',
  'ключ api',
  'api-ключ',
  'clave api',
  'clave de api',
  'chave de api',
  'chave api',
  'api-schlüssel',
  'clé api',
  "clé d'api",
  'jeton',
];
const PASSWORD = new Set(PASSWORD_WORDS);

/**
 * The label (a closing quote after it in JSON or code), then a separator (`:` `：` `=`) or a copula
 * (は…, 는/은, es, é, ist, est, è, jest, to), an optional quote, then the value.
 */
const FOREIGN_LABEL = new RegExp(
  `(${[...PASSWORD_WORDS, ...KEY_WORDS].map(escapeRegExp).join('|')})` +
    String.raw`(?:\\?["'”」])?[ \t\u3000]*(?:[:：=]|は|는|은|이|(?<=[ \t])(?:es|é|ist|est|è|jest|to|är|er|on|je)(?=[ \t]))[ \t\u3000]*(?:\\?["'“「])?([!#-&(-[\]-~]{4,256})`,
  'dgi',
);

export function* foreignLabels(s: string): Generator<readonly [number, number]> {
  yield* groupSpans(FOREIGN_LABEL, s, 2, (value, m) => {
    const label = (m[1] as string).toLowerCase();
    // a password with a digit (`hunter22`), or any random value: after a label in Latin script a word
    // is prose in a language this does not read (`la contraseña es obligatoria`, `Passwort: vergessen?`)
    // after a label in another script (パスワード, пароль, كلمة المرور) an ASCII word is no prose of its language
    const latin = /^[ -\u024f]*$/.test(label);
    // after a `:` or `=`, a word whose case changes inside it is no prose either (`Mot de passe :
    // IINYNvDMbZoOlJ`: audit 30 L1)
    const between = m[0].slice((m[1] as string).length, m[0].length - value.length);
    const mixed = /[:：=]/.test(between) && value.length >= 8 && /[a-z][A-Z]/.test(value);
    const password =
      PASSWORD.has(label) && (!latin || mixed || /\d/.test(value)) && valueTest('password', value, false);
    return password || looksRandom(value);
  });
}
