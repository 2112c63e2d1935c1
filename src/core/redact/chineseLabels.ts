/**
 * Chinese labels of a secret (audit26 N7): 密码 and 口令 (password), 令牌 (token), 密钥 and 秘钥
 * (key), as a Chinese-speaking user writes them (`数据库密码：V`, `密码: V`, `密码是 V`) and as a
 * JSON key (`{"密码": "V"}`). labels.ts reads ASCII words only. The value is a run of printable
 * ASCII, so prose that merely names the word (`密码：请联系管理员`, `密码是必填项`) is kept; a
 * password must pass labels.ts's test, a token or key must look random.
 */
import { foreignLabels } from './foreignLabels';
import { looksRandom, valueTest } from './labels';
import { groupSpans } from './matchSpans';

/**
 * The label (a closing quote after it in JSON or code), a separator (`:` `：` `=`, or 是/为 "is"),
 * spaces (an ideographic one too), an optional quote, then the value up to a quote, space or
 * full-width punctuation.
 */
const CHINESE_LABEL =
  /(密码|口令|令牌|密钥|秘钥)(?:\\?["'”」])?[ \t\u3000]*(?:[:：=]|是|为)[ \t\u3000]*(?:\\?["'“「])?([!#-&(-[\]-~]{4,256})/dg;

export function* chineseLabels(s: string): Generator<readonly [number, number]> {
  yield* foreignLabels(s); // the other languages' labels (foreignLabels.ts)
  if (!/[密口令秘]/.test(s)) return;
  yield* groupSpans(CHINESE_LABEL, s, 2, (value, m) => {
    const password = m[1] === '密码' || m[1] === '口令';
    return password ? valueTest('password', value, false) : looksRandom(value);
  });
}
