/**
 * Block-level markdown parsing: a line-based, single-pass parser for paragraphs, ATX and setext
 * headings, fenced code, blockquotes, ordered/unordered lists nested by indent, thematic breaks
 * and GFM tables. Every per-line test is an anchored regex without nested quantifiers (or plain
 * character checks), so the whole parse is linear in the text size times the (capped) nesting
 * depth. Indented code blocks are not recognised (indentation means list nesting here).
 */

import { type Inline, parseInline } from './markdownInline';

export type Align = 'left' | 'center' | 'right' | null;

export type MdBlock =
  | { t: 'p'; c: Inline[] }
  | { t: 'h'; level: number; c: Inline[] }
  | { t: 'code'; lang: string; v: string }
  | { t: 'quote'; c: MdBlock[] }
  | { t: 'list'; ordered: boolean; start: number; tight: boolean; items: MdBlock[][] }
  | { t: 'hr' }
  | { t: 'table'; align: Align[]; head: Inline[][]; rows: Inline[][][] }
  /** Content nested deeper than the parser follows, shown verbatim. */
  | { t: 'raw'; v: string };

/** Quote/list nesting followed by the parser; deeper content is kept as raw text. */
const MAX_BLOCK_DEPTH = 16;

const FENCE_RE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const HEADING_RE = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const QUOTE_RE = /^ {0,3}> ?/;
const LIST_RE = /^([ \t]*)([-*+]|\d{1,9}[.)])(?=[ \t]|$)/;
const SETEXT_RE = /^ {0,3}(=+|-+)[ \t]*$/;
const DELIM_CELL_RE = /^:?-+:?$/;

/** Width of the leading whitespace, tabs counting to the next multiple of 4. */
function indentOf(line: string): number {
  let col = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === ' ') col++;
    else if (c === '\t') col += 4 - (col % 4);
    else break;
  }
  return col;
}

/** Removes up to `n` columns of leading whitespace. */
function stripIndent(line: string, n: number): string {
  let col = 0;
  let i = 0;
  while (i < line.length && col < n) {
    const c = line[i];
    if (c === ' ') col++;
    else if (c === '\t') {
      const w = 4 - (col % 4);
      if (col + w > n) return ' '.repeat(col + w - n) + line.slice(i + 1);
      col += w;
    } else break;
    i++;
  }
  return line.slice(i);
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c !== ' ' && c !== '\t') return false;
  }
  return true;
}

function isHr(line: string): boolean {
  if (indentOf(line) > 3) return false;
  let ch = '';
  let count = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === ' ' || c === '\t') continue;
    if (c !== '-' && c !== '*' && c !== '_') return false;
    if (ch && c !== ch) return false;
    ch = c;
    count++;
  }
  return count >= 3;
}

interface ListMarker {
  indent: number;
  ordered: boolean;
  start: number;
  /** Columns from the line start to the item's content. */
  contentCol: number;
  rest: string;
}

function listMarker(line: string): ListMarker | null {
  const m = LIST_RE.exec(line);
  if (!m) return null;
  const ws = m[1] ?? '';
  const marker = m[2] ?? '';
  const indent = indentOf(ws);
  const after = line.slice(ws.length + marker.length);
  const pad = Math.min(Math.max(indentOf(after), 1), 4);
  const ordered = marker.length > 1 || (marker >= '0' && marker <= '9');
  return {
    indent,
    ordered,
    start: ordered ? parseInt(marker, 10) : 1,
    contentCol: indent + marker.length + pad,
    rest: after.trimStart(),
  };
}

function splitRow(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const cells: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && s[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (c === '|') {
      cells.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  cells.push(cur.trim());
  return cells;
}

function delimiterRow(line: string | undefined): Align[] | null {
  if (line === undefined || !line.includes('-') || indentOf(line) > 3) return null;
  const cells = splitRow(line);
  const align: Align[] = [];
  for (const cell of cells) {
    if (!DELIM_CELL_RE.test(cell)) return null;
    const l = cell.startsWith(':');
    const r = cell.endsWith(':');
    align.push(l && r ? 'center' : r ? 'right' : l ? 'left' : null);
  }
  return align;
}

function tableStart(lines: string[], i: number): Align[] | null {
  const line = lines[i];
  if (line === undefined || !line.includes('|')) return null;
  const align = delimiterRow(lines[i + 1]);
  if (!align || splitRow(line).length !== align.length) return null;
  return align;
}

/** Does this line start a block that interrupts a paragraph? */
function interrupts(lines: string[], i: number): boolean {
  const line = lines[i] ?? '';
  if (FENCE_RE.test(line) || HEADING_RE.test(line) || QUOTE_RE.test(line) || isHr(line)) return true;
  const lm = listMarker(line);
  if (lm && lm.rest !== '' && (!lm.ordered || lm.start === 1)) return true;
  return tableStart(lines, i) !== null;
}

function parseFence(lines: string[], i: number, m: RegExpExecArray, out: MdBlock[]): number {
  const indent = (m[1] ?? '').length;
  const fence = m[2] ?? '```';
  const info = (m[3] ?? '').trim();
  const lang = info.split(/[ \t{]/, 1)[0] ?? '';
  const body: string[] = [];
  let j = i + 1;
  for (; j < lines.length; j++) {
    const l = lines[j] ?? '';
    const trimmed = l.trim();
    if (indentOf(l) <= 3 && trimmed.length >= fence.length && trimmed[0] === fence[0]) {
      let k = 0;
      while (trimmed[k] === fence[0]) k++;
      if (k === trimmed.length) break;
    }
    body.push(stripIndent(l, indent));
  }
  out.push({ t: 'code', lang, v: body.join('\n') });
  return j + 1;
}

function parseList(lines: string[], i: number, first: ListMarker, depth: number, out: MdBlock[]): number {
  const items: MdBlock[][] = [];
  let tight = true;
  let marker: ListMarker | null = first;
  let j = i;
  while (marker) {
    const itemLines = [marker.rest];
    const base = marker.indent;
    const contentCol = marker.contentCol;
    j++;
    let sawBlank = false;
    let next: ListMarker | null = null;
    while (j < lines.length) {
      const l = lines[j] ?? '';
      if (isBlank(l)) {
        sawBlank = true;
        itemLines.push('');
        j++;
        continue;
      }
      const ind = indentOf(l);
      if (ind > base) {
        itemLines.push(stripIndent(l, Math.min(ind, contentCol)));
        if (sawBlank) tight = false;
        sawBlank = false;
        j++;
        continue;
      }
      const lm = listMarker(l);
      if (lm && lm.ordered === first.ordered) {
        if (sawBlank) tight = false;
        next = lm;
        break;
      }
      // Lazy continuation of the item's paragraph.
      if (!sawBlank && !interrupts(lines, j) && !lm) {
        itemLines.push(l.trimStart());
        j++;
        continue;
      }
      break;
    }
    while (itemLines.length > 1 && itemLines[itemLines.length - 1] === '') itemLines.pop();
    items.push(parseBlockLines(itemLines, depth + 1));
    marker = next;
  }
  // Trailing blank lines belong to no item.
  out.push({ t: 'list', ordered: first.ordered, start: first.start, tight, items });
  return j;
}

/** Parses lines (already split, indentation relative to this container) into blocks. */
export function parseBlockLines(lines: string[], depth: number): MdBlock[] {
  const out: MdBlock[] = [];
  if (depth > MAX_BLOCK_DEPTH) {
    out.push({ t: 'raw', v: lines.join('\n') });
    return out;
  }
  let i = 0;
  const n = lines.length;
  while (i < n) {
    const line = lines[i] ?? '';
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fm = FENCE_RE.exec(line);
    if (fm && !(fm[2]?.startsWith('`') && (fm[3] ?? '').includes('`'))) {
      i = parseFence(lines, i, fm, out);
      continue;
    }
    const hm = HEADING_RE.exec(line);
    if (hm) {
      let text = line.slice(hm[0].length).trim();
      // Optional closing #s (preceded by a space).
      let k = text.length;
      while (k > 0 && text[k - 1] === '#') k--;
      if (k === 0) text = '';
      else if (k < text.length && (text[k - 1] === ' ' || text[k - 1] === '\t'))
        text = text.slice(0, k).trimEnd();
      out.push({ t: 'h', level: (hm[1] ?? '#').length, c: parseInline(text) });
      i++;
      continue;
    }
    if (isHr(line)) {
      out.push({ t: 'hr' });
      i++;
      continue;
    }
    if (QUOTE_RE.test(line)) {
      const inner: string[] = [];
      let lazyOk = true;
      while (i < n) {
        const l = lines[i] ?? '';
        const qm = QUOTE_RE.exec(l);
        if (qm) {
          const rest = l.slice(qm[0].length);
          inner.push(rest);
          lazyOk = !isBlank(rest);
        } else if (lazyOk && !isBlank(l) && !interrupts(lines, i)) {
          inner.push(l);
        } else break;
        i++;
      }
      out.push({ t: 'quote', c: parseBlockLines(inner, depth + 1) });
      continue;
    }
    const lm = listMarker(line);
    if (lm) {
      i = parseList(lines, i, lm, depth, out);
      continue;
    }
    const align = tableStart(lines, i);
    if (align) {
      const head = splitRow(line).map(parseInline);
      const rows: Inline[][][] = [];
      i += 2;
      while (i < n) {
        const l = lines[i] ?? '';
        if (isBlank(l) || (interrupts(lines, i) && !l.includes('|'))) break;
        const cells = splitRow(l);
        const row: Inline[][] = [];
        // only the cells the row has: the renderer pads a short row (a wide header over many
        // one-word lines made columns x rows cells here: audit 34 N3)
        for (let c = 0; c < Math.min(align.length, cells.length); c++) row.push(parseInline(cells[c] ?? ''));
        rows.push(row);
        i++;
      }
      out.push({ t: 'table', align, head, rows });
      continue;
    }
    // Paragraph (possibly a setext heading).
    const para: string[] = [line.trimStart()];
    i++;
    let setext = 0;
    while (i < n) {
      const l = lines[i] ?? '';
      if (isBlank(l)) break;
      const sm = SETEXT_RE.exec(l);
      if (sm) {
        setext = (sm[1] ?? '=').startsWith('=') ? 1 : 2;
        i++;
        break;
      }
      if (interrupts(lines, i)) break;
      para.push(l.trimStart());
      i++;
    }
    const text = para.join('\n').trimEnd();
    out.push(setext ? { t: 'h', level: setext, c: parseInline(text) } : { t: 'p', c: parseInline(text) });
  }
  return out;
}

/** Parses a markdown document into blocks. */
export function parseMarkdown(text: string): MdBlock[] {
  return parseBlockLines(text.split(/\r\n?|\n/), 0);
}
