/**
 * A plain query cut into units, each with every spelling a log may hold it in, so that text a
 * reader takes for the query matches it whichever way it was written (audit R19-6):
 *
 * - canonical equivalence: a letter with marks, precomposed (NFC, "é" U+00E9) or decomposed
 *   (NFD, "e" + U+0301), whichever form the query or the log uses;
 * - when folding case, the one full case folding people type: "ß" (and "ẞ") and "ss", so
 *   "STRASSE" finds "Straße". Simple folding (Ä/ä, Σ/σ/ς) is the regex `iu` flags' own.
 *
 * A unit with one spelling appears verbatim in a matching line; the prefilter's runs are made
 * of those only (query.ts), so it keeps its guarantee of never dropping a match.
 *
 * Only a query of at most UNITS_QUERY_MAX characters is cut into units: the matcher is a native
 * RegExp, and a group of alternatives per unit makes it try the query at every start in a line,
 * O(line x query); a 2,001-character query against a line of a million `s` took 7 s (audit
 * R21-6). A longer query is matched as typed, at a literal search's speed.
 */

/** The longest query cut into units of several spellings. */
export const UNITS_QUERY_MAX = 64;

export interface QueryUnit {
  /** The spellings a match may hold this unit in; the first is the query's own (in NFC). */
  forms: string[];
}

/** A base character and the combining marks after it. */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gu;

export function queryUnits(query: string, fold: boolean): QueryUnit[] {
  const units: QueryUnit[] = [];
  // as typed, not normalized: the prefilter's run is then exactly what the matcher needs
  if (query.length > UNITS_QUERY_MAX) return [{ forms: [query] }];
  const clusters = query.normalize('NFC').match(CLUSTER) ?? [];
  for (let i = 0; i < clusters.length; i++) {
    const c = clusters[i] as string;
    if (fold && (c === 'ß' || c === 'ẞ')) {
      units.push({ forms: [c, 'ss'] });
      continue;
    }
    if (fold && /^s$/i.test(c) && /^s$/i.test(clusters[i + 1] ?? '')) {
      units.push({ forms: [c + (clusters[i + 1] as string), 'ß'] });
      i++;
      continue;
    }
    const decomposed = c.normalize('NFD');
    units.push({ forms: decomposed === c ? [c] : [c, decomposed] });
  }
  return units;
}

/** The units as regex source: a unit of several spellings is a group of alternatives. */
export function unitsPattern(units: readonly QueryUnit[]): string {
  return units
    .map((u) =>
      u.forms.length === 1
        ? escapeRegExp(u.forms[0] as string)
        : `(?:${u.forms.map(escapeRegExp).join('|')})`,
    )
    .join('');
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
