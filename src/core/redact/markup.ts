/**
 * Secrets in configuration markup (rules.ts), where the label is an element's or an attribute's
 * name, not a word before `=` or `:`: `<password>x</password>` (Maven's settings.xml, Spring,
 * .NET), `<add key="ClearTextPassword" value="x"/>` (NuGet.config, web.config),
 * `<property name="db.password" value="x"/>`. The name is judged as any label is (labels.ts).
 */
import { labelTier, valueTest } from './labels';

/** `<name>value</name>` on one line, the value without markup or spaces around it. */
const ELEMENT = /<((?:[\w-]{1,32}:)?[A-Za-z_][\w.-]{0,63})>([^<>\r\n]{1,256})<\/\1>/dg;
/** `key="name" value="x"` or `name="name" value="x"` in one element. */
const KEY_VALUE = /\b(?:key|name)=(["'])([\w.:-]{1,64})\1[ \t]+value=(["'])([^"'<>\r\n]{1,256})\3/dg;

export function* markupSecrets(s: string): Generator<readonly [number, number]> {
  if (!s.includes('<') && !s.includes('value=')) return; // no markup: most strings, looked at once
  for (const [re, nameGroup, valueGroup] of [
    [ELEMENT, 1, 2],
    [KEY_VALUE, 2, 4],
  ] as const) {
    re.lastIndex = 0;
    for (let m = re.exec(s); m !== null; m = re.exec(s)) {
      const tier = labelTier(m[nameGroup] as string);
      const value = m[valueGroup] as string;
      const at = m.indices?.[valueGroup];
      if (tier !== null && at && valueTest(tier, value.trim(), /\s/.test(value.trim()))) yield at;
    }
  }
}
