/**
 * Secrets in configuration markup (rules.ts), where the label is an element's or an attribute's
 * name, not a word before `=` or `:`: `<password>x</password>` (Maven's settings.xml, Spring,
 * .NET), `<add key="ClearTextPassword" value="x"/>` (NuGet.config, web.config),
 * `<property name="db.password" value="x"/>`. The name is judged as any label is (labels.ts).
 */
import { labelTier, valueTest } from './labels';
import { groupSpans } from './matchSpans';

/** `<name>value</name>` on one line, the value without markup or spaces around it. */
const ELEMENT = /<((?:[\w-]{1,32}:)?[A-Za-z_][\w.-]{0,63})>([^<>\r\n]{1,256})<\/\1>/dg;
/** `key="name" value="x"` or `name="name" value="x"` in one element (`Name=`/`Value=`, `android:` too). */
const KEY_VALUE =
  /\b(?:key|name|Key|Name|android:name)=(["'])([\w.:-]{1,64})\1[ \t]+(?:value|Value|android:value)=(["'])([^"'<>\r\n]{1,256})\3/dg;
/**
 * The element's text labelled by its `name` or `key` attribute (audit 29 N6): Hibernate's
 * `<property name="hibernate.connection.password">x</property>`, Android's `<string
 * name="api_key">x</string>`, `<entry key="db.password">x</entry>`, .NET's `<setting
 * name="Password"><value>x</value>`; a plist's `<key>Password</key><string>x</string>`.
 */
const NAMED_TEXT =
  /<([A-Za-z][\w.-]{0,31})[ \t][^<>]{0,256}?\b(?:name|key|Name|Key)=(["'])([\w.:-]{1,128})\2[^<>]{0,256}>\s{0,64}(?:<value>)?([^<>\s][^<>\r\n]{0,255}?)\s{0,64}<\//dg;
/** A secret's element holding its value in a child (Windows' unattend.xml `<AdministratorPassword>` `<Value>x</Value>`). */
const PARENT_VALUE = /<([A-Za-z][\w.-]{0,63})>\s{0,64}<Value>([^<>\r\n]{1,256})<\/Value>/dg;
const PLIST = /<key>([\w .:-]{1,64})<\/key>\s{0,64}<string>([^<>\r\n]{1,256})<\/string>/dg;
/** A code object's `{ name: 'session', value: 'x' }` (Playwright's addCookies, a header list). */
const NAME_VALUE_OBJECT =
  /\bname[ \t]*:[ \t]*(["'])([\w.:-]{1,64})\1[ \t]*,[ \t]*value[ \t]*:[ \t]*(["'])([^"'\r\n]{1,256})\3/dg;

export function* markupSecrets(s: string): Generator<readonly [number, number]> {
  if (!s.includes('<') && !s.includes('value=') && !/\bvalue[ \t]*:/.test(s)) return; // most strings, looked at once
  for (const [re, nameGroup, valueGroup] of [
    [ELEMENT, 1, 2],
    [KEY_VALUE, 2, 4],
    [NAMED_TEXT, 3, 4],
    [PLIST, 1, 2],
    [PARENT_VALUE, 1, 2],
    [NAME_VALUE_OBJECT, 2, 4],
  ] as const) {
    yield* groupSpans(re, s, valueGroup, (value, m) => {
      const tier = labelTier(m[nameGroup] as string);
      return tier !== null && valueTest(tier, value.trim(), /\s/.test(value.trim()));
    });
  }
}
