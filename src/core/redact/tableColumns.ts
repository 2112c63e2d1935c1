/**
 * A table whose header names a secret column (audit 25 L3): a markdown table (`| user | password
 * |` over `|---|---|`), CSV/TSV lines (`username,password`) or sqlite's list mode (`id|password`),
 * its rows' cells in that column masked as the header's label would mask them (labels.ts). Nothing
 * in a row says what it holds:
 * the header does. Read line by line, each line once.
 */
import { labelTier, valueTest, type LabelTier } from './labels';

/** A header cell that names a secret (`Password`, `API key`, `db_password`, `Username/Password`), not a count of tokens. */
const SECRET_HEADER =
  /^[\w ./-]{0,32}(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[ _-]?key|apikey|key|credential)$/i;
/**
 * The rule under a header: markdown's `|---|:--:|`, psql's `----+----` and the mysql client's
 * `+----+----+` (audit 34 N5: a `SELECT` an agent ran is where it meets a table of tokens).
 */
const MARKDOWN_RULE =
  /^[ \t]*(?:\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+(?:[ \t]*:?-{3,}:?[ \t]*)?|-{2,}(?:\+-{2,})+|\+(?:-{2,}\+)+)[ \t]*$/;
/** A CSV/TSV header field: a name, not a value. */
const FIELD_NAME = /^[ \t]*"?[A-Za-z][\w .-]{0,39}"?[ \t]*$/;
/** The longest line read (every row under a header is read: a cap that stops masking keeps values). */
const MAX_LINE = 4096;

interface Line {
  from: number;
  to: number;
}

/** The line starting at `from` and where the next starts (past `s.length`: there is none). Read as needed, never all at once. */
function lineAt(s: string, from: number): Line & { next: number } {
  let to = s.indexOf('\n', from);
  if (to < 0) to = s.length;
  return { from, to: s[to - 1] === '\r' ? to - 1 : to, next: to + 1 };
}

/** A line's cells between separators: [from, to) of each, trimmed. */
function cellsOf(s: string, line: Line, bar: string): Line[] {
  const cells: Line[] = [];
  let from = line.from;
  const push = (to: number) => {
    let [a, b] = [from, to];
    while (a < b && (s[a] === ' ' || s[a] === '\t')) a++;
    while (b > a && (s[b - 1] === ' ' || s[b - 1] === '\t')) b--;
    if (bar !== '|' && s[a] === '"' && s[b - 1] === '"' && b - a >= 2) [a, b] = [a + 1, b - 1];
    cells.push({ from: a, to: b });
  };
  let quoted = false;
  for (let i = line.from; i < line.to; i++) {
    const c = s[i];
    if (bar !== '|' && c === '"') quoted = !quoted;
    else if (c === bar && !quoted) {
      push(i);
      from = i + 1;
    }
  }
  push(line.to);
  // a markdown row's outer bars leave an empty first and last cell
  if (bar === '|') {
    if (cells[0] && cells[0].from === cells[0].to) cells.shift();
    const last = cells[cells.length - 1];
    if (last && last.from === last.to && s.slice(line.from, line.to).trimEnd().endsWith('|')) cells.pop();
  }
  return cells;
}

/** The columns a header names as secrets, with the tier of each header's label. */
function secretColumns(s: string, cells: readonly Line[]): Map<number, LabelTier> {
  const columns = new Map<number, LabelTier>();
  cells.forEach((c, k) => {
    const name = s.slice(c.from, c.to).replace(/^"|"$/g, '');
    if (!SECRET_HEADER.test(name)) return;
    // a bare `key` column is a token table's (Django REST framework's authtoken_token)
    const tier = /^key$/i.test(name) ? 'weak' : labelTier(name.replace(/[ .-]+/g, '_'));
    // a `Token` or `Key` column is as often a design token's or a dictionary's name
    // (`userMessageText`) as a secret: past a password's header only a random value is one
    if (tier !== null) columns.set(k, tier === 'password' ? tier : 'weak');
  });
  return columns;
}

export function* tableColumnSecrets(s: string): Generator<readonly [number, number]> {
  if (!/pass|pwd|secret|token|key|credential/i.test(s) || !/[|,\t]/.test(s)) return;
  // each line is a header candidate once; a table's rows are read once, and the line ending them is the next candidate
  for (let head = lineAt(s, 0); head.next <= s.length;) {
    const columns = headerColumns(s, head);
    let row = lineAt(s, head.next);
    // rows are counted as the header's cells (CSV/TSV, sqlite's list mode), or are markdown's under its rule
    let counted = columns?.bar !== '|';
    if (columns !== undefined && columns.bar === '|') {
      if (MARKDOWN_RULE.test(s.slice(row.from, row.to))) row = lineAt(s, row.next);
      else if (listHeader(s, head, columns.cells)) counted = true;
      else {
        head = row;
        continue;
      }
    }
    if (columns === undefined) {
      head = row;
      continue;
    }
    const { bar, cells } = columns;
    for (; row.from <= s.length; row = lineAt(s, row.next)) {
      if (row.to - row.from > MAX_LINE || row.to === row.from) break;
      const rowCells = cellsOf(s, row, bar);
      if (counted ? rowCells.length !== cells.length : !s.slice(row.from, row.to).includes('|')) break;
      for (const [column, tier] of columns.secrets) {
        const cell = rowCells[column];
        if (cell === undefined || cell.from === cell.to) continue;
        const value = s.slice(cell.from, cell.to);
        // a key or token has a digit somewhere; `code` in a cell is an identifier (`userMessageText`)
        const keyLike = tier === 'password' || (/\d/.test(value) && !value.startsWith('`'));
        if (keyLike && valueTest(tier, value, tier === 'password' && /\s/.test(value)))
          yield [cell.from, cell.to];
      }
    }
    head = row;
  }
}

/**
 * sqlite's list mode (`.headers on`: `id|username|password`, then `1|admin|PW`): names of columns
 * between bars and none outside them (a markdown row has outer bars).
 */
function listHeader(s: string, head: Line, cells: readonly Line[]): boolean {
  const text = s.slice(head.from, head.to).trim();
  return (
    !text.startsWith('|') &&
    !text.endsWith('|') &&
    cells.every((c) => /^[A-Za-z_]\w{0,39}$/.test(s.slice(c.from, c.to)))
  );
}

/** A header line's separator, cells and secret columns, or undefined when it is no such header. */
function headerColumns(
  s: string,
  head: Line,
): { bar: string; cells: Line[]; secrets: Map<number, LabelTier> } | undefined {
  if (head.to - head.from > MAX_LINE) return undefined;
  const text = s.slice(head.from, head.to);
  if (!/pass|pwd|secret|token|key|credential/i.test(text)) return undefined;
  const bar = text.includes('|') ? '|' : text.includes('\t') ? '\t' : text.includes(',') ? ',' : '';
  if (bar === '') return undefined;
  const cells = cellsOf(s, head, bar);
  if (cells.length < 2) return undefined;
  if (bar !== '|' && !cells.every((c) => FIELD_NAME.test(s.slice(c.from, c.to)))) return undefined;
  const secrets = secretColumns(s, cells);
  return secrets.size === 0 ? undefined : { bar, cells, secrets };
}
