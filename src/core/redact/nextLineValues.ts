/**
 * A secret on the line after its label (audit lows): a CLI or a web page that prints
 *
 *     Your API token:
 *       k7Qp2Lx9Vb4Nz8Rt1Wm6
 *
 * The label is a line of a few words ending in `:` that names a secret (labels.ts's labelTier,
 * its words joined as one name); the value is the next non-blank line when it is a single token
 * that looks random (a weaker tie than `label: value` on one line, so a stricter test). A cloud
 * console copied as text drops the colon (`Client Secret` / `k7Qp…`, audit 36 L4): a label of at
 * most four words without one names a password or a credential (not a bare `token`).
 */
import { labelTier, looksRandom } from './labels';

const LABEL_THEN_VALUE =
  /(?:^|\n)[ \t]*([A-Za-z][\w .'()-]{0,60}?)[ \t]*(:?)[ \t]*\r?\n(?:[ \t]*\r?\n){0,2}[ \t]*([^\s"'`<>]{8,512})[ \t]*(?=\r?\n|$)/dg;

/** A secret's word ending a line: where a label without its colon may be. */
const BARE_LABEL_END = /(?:pass|secret|key|token)[a-z]{0,6}[ \t]*\r?\n/i;

export function* nextLineValues(s: string): Generator<readonly [number, number]> {
  const colon = s.includes(':\n') || s.includes(':\r\n') || /:[ \t]+\r?\n/.test(s);
  if (!colon && !BARE_LABEL_END.test(s)) return;
  LABEL_THEN_VALUE.lastIndex = 0;
  for (let m = LABEL_THEN_VALUE.exec(s); m !== null; m = LABEL_THEN_VALUE.exec(s)) {
    const words = (m[1] as string).trim().split(/[\s'()]+/);
    const value = m[3] as string;
    // the next line may be a label of its own: let the search start there again
    LABEL_THEN_VALUE.lastIndex = (m.indices?.[3]?.[0] ?? LABEL_THEN_VALUE.lastIndex) - 1;
    const bare = m[2] === '';
    if (words.length > (bare ? 4 : 6) || value.endsWith(':')) continue;
    const tier = labelTier(words.join('_'));
    const at = m.indices?.[3];
    const sure = tier === 'password' || tier === 'credential';
    if (at && tier !== null && tier !== 'session' && (!bare || sure) && looksRandom(value)) yield at;
  }
}
