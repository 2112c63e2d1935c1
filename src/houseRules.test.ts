/**
 * The house rules a linter cannot see (src/README.md): production files stay under 400 lines, and
 * no two production files share a base name with different meanings, so a name found in a stack
 * trace, an import or a review comment points at one thing. The app, the CLI, the worker and the
 * core (its diagnostics) write a seq through core/view/seqText.ts `formatSeq` only, so "seq 2937"
 * reads alike everywhere.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname);
const MAX_LINES = 400;

/** Base names that mean the same thing wherever they are: an entry point, a folder's test helpers. */
const SAME_MEANING = new Set(['main', 'testing']);

function productionFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...productionFiles(path));
    else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
    ) {
      out.push(path);
    }
  }
  return out;
}

const files = productionFiles(SRC).map((path) => relative(SRC, path).split('\\').join('/'));

describe('house rules', () => {
  it('finds the production files (the walk itself works)', () => {
    expect(files).toContain('core/types.ts');
    expect(files).toContain('app/main.tsx');
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(false);
  });

  it(`keeps every production file under ${MAX_LINES} lines`, () => {
    const lines = (file: string) => readFileSync(join(SRC, file), 'utf8').split('\n').length - 1;
    const over = files.filter((f) => lines(f) > MAX_LINES).map((f) => `${f}: ${lines(f)}`);
    expect(over).toEqual([]);
  });

  it('gives no two production files the same base name unless it means the same thing', () => {
    const byName = new Map<string, string[]>();
    for (const file of files) {
      const name = basename(file).replace(/\.tsx?$/, '');
      if (SAME_MEANING.has(name)) continue;
      byName.set(name, [...(byName.get(name) ?? []), file]);
    }
    const shared = [...byName.values()].filter((paths) => paths.length > 1);
    expect(shared).toEqual([]);
  });

  it('writes "seq N" only through formatSeq in the app, the CLI, the worker and the core (no inline `seq ${n}` or JSX `seq {n}`)', () => {
    const inline = /\bseq \$\{|(?<![\w$])seq \{/;
    const found = files
      .filter((f) => /^(app|cli|worker|core)\//.test(f) && f !== 'core/view/seqText.ts')
      .flatMap((f) =>
        readFileSync(join(SRC, f), 'utf8')
          .split('\n')
          .flatMap((line, i) => (inline.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
