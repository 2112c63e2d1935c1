/**
 * The README's "Three useful queries" (the SQL blocks of that section), so the tests
 * run them and the index bench times them exactly as documented.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ReadmeQuery {
  title: string;
  sql: string;
}

export function readmeQueries(root: string): ReadmeQuery[] {
  const text = readFileSync(join(root, 'README.md'), 'utf8');
  const start = text.indexOf('### Three useful queries');
  const end = text.indexOf('**On Spark**', start);
  if (start < 0 || end < 0) throw new Error('README.md: no "Three useful queries" section');
  const section = text.slice(start, end);
  const out: ReadmeQuery[] = [];
  for (const m of section.matchAll(/\n([^\n`][^\n]*):\n\n```sql\n([\s\S]*?)```/g))
    out.push({ title: (m[1] as string).trim(), sql: (m[2] as string).trim() });
  return out;
}
