/**
 * The diagnostic fixtures (fixtures/diagnostics/, one small log per code):
 * loading each must report exactly the diagnostics expected.json lists. An
 * expected entry gives `seq` and/or `line` where the spec fixes the location;
 * only the keys it gives are compared. See fixtures/diagnostics/README.md.
 *
 * Also: logs from the synthetic generator (scripts/gen) load with info
 * diagnostics only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateLogText } from '../../scripts/gen/index';
import { DIAGNOSTIC_CODES, SEVERITY } from './diagnostics';
import { loadLogFromBytes } from './log/load';
import type { Diagnostic } from './types';

interface Expected {
  code: string;
  seq?: number;
  line?: number;
}

const dir = new URL('../../fixtures/diagnostics/', import.meta.url);
const expected = JSON.parse(readFileSync(new URL('expected.json', dir), 'utf8')) as Record<
  string,
  Expected[]
>;
const files = readdirSync(dir)
  .filter((f) => /\.jsonl(\.[a-z]+)?$/.test(f))
  .sort();

/** `log.diagnostics` as an array, whether the log keeps a plain array or a DiagnosticList. */
function diagnosticsOf(log: { diagnostics: unknown }): Diagnostic[] {
  const d = log.diagnostics;
  return Array.isArray(d) ? (d as Diagnostic[]) : (d as { items: Diagnostic[] }).items;
}

function load(bytes: Uint8Array): Diagnostic[] {
  return diagnosticsOf(loadLogFromBytes(bytes));
}

const show = (d: Expected) =>
  `${d.code}${d.seq !== undefined ? ` seq ${d.seq}` : ''}${d.line !== undefined ? ` line ${d.line}` : ''}`;

/** Pairs each expected entry with one produced diagnostic; returns what is left on either side. */
function diff(want: Expected[], got: Diagnostic[]): { missing: string[]; unexpected: string[] } {
  const left = [...got];
  const missing: string[] = [];
  for (const w of want) {
    const i = left.findIndex(
      (g) =>
        g.code === w.code &&
        (w.seq === undefined || g.seq === w.seq) &&
        (w.line === undefined || g.line === w.line),
    );
    if (i < 0) missing.push(show(w));
    else left.splice(i, 1);
  }
  return { missing, unexpected: left.map((g) => `${show(g)}: ${g.message}`) };
}

describe('diagnostic fixtures', () => {
  it('cover every diagnostic code, each with a fixture named after it', () => {
    const covered = new Set(Object.values(expected).flatMap((list) => list.map((d) => d.code)));
    for (const code of DIAGNOSTIC_CODES) {
      expect(covered.has(code), `no fixture expects ${code}`).toBe(true);
      expect(
        files.some((f) => f.startsWith(`${code}.jsonl`)),
        `no fixtures/diagnostics/${code}.jsonl*`,
      ).toBe(true);
    }
  });

  it('list only known codes, and every file has an entry', () => {
    for (const list of Object.values(expected)) for (const d of list) expect(SEVERITY).toHaveProperty(d.code);
    expect(Object.keys(expected).sort()).toEqual(files);
  });

  for (const file of files) {
    it(file, () => {
      const got = load(new Uint8Array(readFileSync(new URL(file, dir))));
      expect(diff(expected[file] ?? [], got)).toEqual({ missing: [], unexpected: [] });
    });
  }
});

describe('generated logs', () => {
  // The generator's contract: a valid log, so a correct loader finds nothing worse than info.
  for (const dialect of ['dsh', 'card'] as const) {
    it(`load with info diagnostics only (${dialect})`, () => {
      for (const seed of [1, 2, 3]) {
        const text = generateLogText({ events: 30_000, seed, dialect });
        const got = load(new TextEncoder().encode(text));
        expect(got.filter((d) => d.severity !== 'info').map((d) => `${show(d)}: ${d.message}`)).toEqual([]);
        const infos = new Set(got.map((d) => d.code));
        for (const code of infos)
          expect(['failed-attempt', 'empty-assistant-message', 'interrupted-message']).toContain(code);
      }
    });
  }
});
