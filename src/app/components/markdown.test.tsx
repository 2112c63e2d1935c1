// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  Markdown,
  MARKDOWN_LIMIT,
  MARKUP_LIMIT,
  parseMarkdown,
  safeHref,
  BLOCK_ELEMENT_LIMIT,
  COMBINING_LIMIT,
  PADDED_CELLS,
} from './markdown';
import { render } from './testRender';

const md = (text: string): HTMLElement => render(<Markdown text={text} />);

describe('markdown constructs', () => {
  it('renders paragraphs and soft/hard breaks', () => {
    const el = md('first para\nsame para\n\nsecond  \nline\\\nthird');
    const ps = el.querySelectorAll('p');
    expect(ps).toHaveLength(2);
    expect(ps[0]!.textContent).toBe('first para\nsame para');
    expect(ps[1]!.querySelectorAll('br')).toHaveLength(2);
    expect(ps[1]!.textContent).toBe('secondlinethird');
  });

  it('renders ATX and setext headings', () => {
    const el = md('# One\n## Two ##\n###### Six\n#not a heading\n\nSet\n===\n\nSub\n---');
    expect(el.querySelector('h1')?.textContent).toBe('One');
    expect(el.querySelector('h2')?.textContent).toBe('Two');
    expect(el.querySelector('h6')?.textContent).toBe('Six');
    expect(el.querySelector('p')?.textContent).toBe('#not a heading');
    const h1s = [...el.querySelectorAll('h1')].map((h) => h.textContent);
    expect(h1s).toEqual(['One', 'Set']);
    expect([...el.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Two', 'Sub']);
  });

  it('renders emphasis, strong, strikethrough and nesting', () => {
    const el = md('*em* _em2_ **strong** __strong2__ ~~del~~ ***both*** *a **b** c*');
    expect([...el.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['em', 'em2', 'both', 'a b c']);
    expect([...el.querySelectorAll('strong')].map((e) => e.textContent)).toEqual([
      'strong',
      'strong2',
      'both',
      'b',
    ]);
    expect(el.querySelector('del')?.textContent).toBe('del');
    expect([...el.querySelectorAll('em strong')].map((e) => e.textContent)).toEqual(['both', 'b']);
  });

  it('leaves intraword underscores and unmatched delimiters alone', () => {
    const el = md('snake_case_name 2 * 3 * 4 and a*');
    expect(el.querySelector('em')).toBeNull();
    expect(el.textContent).toBe('snake_case_name 2 * 3 * 4 and a*');
  });

  it('renders inline code literally', () => {
    const el = md('use `a *b* <i>` and ``x ` y``');
    const codes = [...el.querySelectorAll('code')].map((c) => c.textContent);
    expect(codes).toEqual(['a *b* <i>', 'x ` y']);
    expect(el.querySelector('em')).toBeNull();
    expect(el.querySelector('i')).toBeNull();
  });

  it('renders fenced code blocks with a language label', () => {
    const el = md('```ts\nconst x = 1;\n\n**not bold**\n```\nafter\n\n~~~\nplain\n~~~');
    const pres = el.querySelectorAll('pre');
    expect(pres).toHaveLength(2);
    expect(pres[0]!.textContent).toBe('const x = 1;\n\n**not bold**');
    expect(pres[0]!.querySelector('code')?.getAttribute('data-lang')).toBe('ts');
    expect(el.textContent).toContain('ts');
    expect(el.querySelector('strong')).toBeNull();
    expect(pres[1]!.textContent).toBe('plain');
    expect(el.querySelector('p')?.textContent).toBe('after');
  });

  it('lets the keyboard reach a fenced block (it scrolls sideways when wide): a named, focusable region', () => {
    const el = md('```bash\nnpm test -- --run ' + 'x'.repeat(300) + '\n```\n\n```\nplain\n```');
    const pres = [...el.querySelectorAll('pre')];
    expect(pres.map((p) => [p.tabIndex, p.getAttribute('role'), p.getAttribute('aria-label')])).toEqual([
      [0, 'region', 'bash code'],
      [0, 'region', 'code'],
    ]);
  });

  it('keeps an unclosed fence open to the end', () => {
    const el = md('```\nline 1\nline 2');
    expect(el.querySelector('pre')?.textContent).toBe('line 1\nline 2');
  });

  it('renders unordered and ordered lists nested by indent', () => {
    const el = md('- a\n- b\n  - b1\n  - b2\n    1. deep\n- c\n\n3. three\n4. four');
    const ul = el.querySelector('ul')!;
    expect(ul.children).toHaveLength(3);
    expect(ul.querySelector(':scope > li:nth-child(2) > ul')?.children).toHaveLength(2);
    expect(ul.querySelector('ul ol li')?.textContent).toBe('deep');
    const ols = el.querySelectorAll(':scope > div > ol');
    expect(ols).toHaveLength(1);
    expect(ols[0]!.getAttribute('start')).toBe('3');
    expect([...ols[0]!.children].map((li) => li.textContent)).toEqual(['three', 'four']);
  });

  it('lets a list interrupt a paragraph and continues items lazily', () => {
    const el = md('Options:\n- one\ncontinued\n- two');
    expect(el.querySelector('p')?.textContent).toBe('Options:');
    const items = [...el.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['one\ncontinued', 'two']);
  });

  it('renders blockquotes, nested and lazy', () => {
    const el = md('> quoted *text*\nlazy line\n>\n> > inner');
    const bq = el.querySelector('blockquote')!;
    expect(bq.querySelector('p')?.textContent).toBe('quoted text\nlazy line');
    expect(bq.querySelector('em')?.textContent).toBe('text');
    expect(bq.querySelector('blockquote')?.textContent).toBe('inner');
  });

  it('renders thematic breaks', () => {
    const el = md('a\n\n***\n\n- - -\n\nb');
    expect(el.querySelectorAll('hr')).toHaveLength(2);
  });

  it('renders safe links with target and rel', () => {
    const el = md(
      '[site](https://example.com/a_(b)) <http://x.org> https://bare.example/path. [mail](mailto:a@b.c)',
    );
    const links = [...el.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a_(b)',
      'http://x.org',
      'https://bare.example/path',
      'mailto:a@b.c',
    ]);
    expect(links[0]!.textContent).toBe('site');
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(el.textContent).toContain('path.');
  });

  it('never nests a link inside a link whose label is a URL or an autolink', () => {
    const el = md(
      '[https://shown.example/x](https://target.example/y) and [see <https://inner.example> **now**](https://outer.example)',
    );
    const links = [...el.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://target.example/y',
      'https://outer.example',
    ]);
    expect(el.querySelector('a a')).toBeNull();
    expect(links[0]!.textContent).toBe('https://shown.example/x');
    expect(links[1]!.textContent).toBe('see <https://inner.example> now');
    expect(links[1]!.querySelector('strong')?.textContent).toBe('now');
  });

  it('renders GFM tables with alignment', () => {
    const el = md('| name | n |\n|:-----|--:|\n| `a` | 1 |\n| b |\n');
    expect([...el.querySelectorAll('th')].map((t) => t.textContent)).toEqual(['name', 'n']);
    const rows = el.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.querySelector('code')?.textContent).toBe('a');
    expect(rows[1]!.children).toHaveLength(2);
    expect([...el.querySelectorAll('th')].map((t) => t.style.textAlign)).toEqual(['left', 'right']);
    expect([...rows[0]!.querySelectorAll('td')].map((t) => t.style.textAlign)).toEqual(['left', 'right']);
  });

  it('renders backslash escapes as literal characters', () => {
    const el = md('\\*not em\\* \\# \\[x\\](https://a.b) \\`code\\`');
    expect(el.querySelector('em')).toBeNull();
    expect(el.querySelector('code')).toBeNull();
    // Not a markdown link; the bare URL inside is still autolinked.
    expect(el.querySelector('a')?.textContent).toBe('https://a.b');
    expect(el.textContent).toBe('*not em* # [x](https://a.b) `code`');
  });
});

describe('markdown safety', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<iframe src="https://evil.example"></iframe>',
    '<a href="javascript:alert(1)">x</a>',
    '[js](javascript:alert(1))',
    '[JS](JAVASCRIPT:alert(1))',
    '[sp]( javascript:alert(1))',
    '[ent](java&#115;cript:alert(1))',
    '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![img](data:image/svg+xml,<svg onload=alert(1)>)',
    '[vb](vbscript:msgbox(1))',
    '[rel](/relative/path) [frag](#x) [proto](//evil.example)',
    '<javascript:alert(1)>',
    '<data:text/html,x>',
    '<div onclick="alert(1)">click</div>',
    '```html\n<script>alert(1)</script>\n```',
    '`<img src=x onerror=alert(1)>`',
  ].join('\n\n');

  it('never produces script/img/iframe elements, event handlers or unsafe hrefs', () => {
    const el = md(hostile);
    expect(el.querySelector('script, img, iframe, svg, div[onclick]')).toBeNull();
    for (const node of el.querySelectorAll('*')) {
      for (const attr of node.getAttributeNames()) expect(attr.startsWith('on')).toBe(false);
    }
    const hrefs = [...el.querySelectorAll('[href]')].map((a) => a.getAttribute('href') ?? '');
    for (const h of hrefs) expect(h).toMatch(/^(https?:|mailto:)/i);
    // Only the iframe's https URL, autolinked as a bare URL inside the literal text.
    expect(hrefs).toEqual(['https://evil.example']);
    // Raw HTML is shown as literal text.
    expect(el.textContent).toContain('<script>alert(1)</script>');
    expect(el.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(el.textContent).toContain('[js](javascript:alert(1))');
  });

  it('escapes everything in server-rendered markup too', () => {
    const html = renderToStaticMarkup(<Markdown text={hostile} />);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/href="(?!https?:|mailto:)/i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('only allows http, https and mailto hrefs', () => {
    expect(safeHref('https://a.b')).toBe('https://a.b');
    expect(safeHref(' HTTP://A.B ')).toBe('HTTP://A.B');
    expect(safeHref('mailto:x@y.z')).toBe('mailto:x@y.z');
    for (const bad of [
      'javascript:x',
      'data:x',
      'vbscript:x',
      '/rel',
      '#x',
      '//x',
      'ftp://x',
      'https://',
      '',
    ]) {
      expect(safeHref(bad)).toBeNull();
    }
  });
});

describe('markdown on large input', () => {
  it('never parses text over the markdown limit: it is plain text, and says so', () => {
    const text = '**bold** line\n'.repeat(10) + 'y'.repeat(MARKDOWN_LIMIT);
    const el = md(text);
    expect(el.querySelector('strong')).toBeNull();
    expect(el.querySelector('[data-testid=plain-note]')?.textContent).toMatch(
      /^shown as plain text: 97\.8 KiB is over the markdown limit/,
    );
    expect([...el.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('render as markdown');
    // Just under the limit, it is markdown.
    const under = md('**bold** line\n'.repeat(10) + 'y'.repeat(MARKDOWN_LIMIT - 200));
    expect(under.querySelectorAll('strong')).toHaveLength(10);
  });

  it('never parses text of more markup than MARKUP_LIMIT (audit R25-L2); prose of that size is markdown', () => {
    for (const unit of ['*[', '`<', '[`']) {
      const el = md(unit.repeat(MARKUP_LIMIT));
      expect(el.querySelectorAll('code, em, strong, a')).toHaveLength(0);
      expect(el.querySelector('[data-testid=plain-note]')?.textContent).toMatch(
        /^shown as plain text: [\d,]+ markup characters are over the markdown limit \(12,000\)/,
      );
    }
    const prose = 'Some **bold** text with `code` and a [link](https://x.y) in it.\n\n'.repeat(1000);
    expect(prose.length).toBeGreaterThan(60_000);
    expect(md(prose).querySelectorAll('strong')).toHaveLength(1000);
  });

  it('parses 1 MB of pathological input in linear-ish time', () => {
    const N = 1_000_000;
    const inputs = [
      '*a _b '.repeat(N / 6),
      '*_'.repeat(N / 2),
      '['.repeat(N),
      '[a](x'.repeat(N / 5),
      '[a](b "'.repeat(N / 7),
      Array.from({ length: 1400 }, (_, i) => '`'.repeat(i + 1) + 'x').join(''),
      '<a'.repeat(N / 2),
      'http://x' + ')'.repeat(N),
      '>'.repeat(N),
      Array.from({ length: 1400 }, (_, i) => ' '.repeat(i) + '- x').join('\n'),
      ('|'.repeat(1000) + '\n' + '|-'.repeat(500) + '\n').repeat(500),
      ' '.repeat(N) + 'x',
      'Hello **world** `code` [l](https://x.y) _e_ <b>\n'.repeat(N / 48),
    ];
    // Catastrophic backtracking on 1 MB would take hours: the test's own timeout catches it.
    for (const input of inputs) expect(parseMarkdown(input).length).toBeGreaterThan(0);
  }, 180_000);

  it('caps nesting depth without overflowing the stack', () => {
    const quotes = parseMarkdown('> '.repeat(5000) + 'deep');
    expect(quotes[0]?.t).toBe('quote');
    const em = render(<Markdown text={'*a '.repeat(3000) + 'x' + ' a*'.repeat(3000)} />);
    expect(em.querySelectorAll('em').length).toBeGreaterThan(0);
    expect(em.querySelectorAll('em').length).toBeLessThanOrEqual(24);
  });
});

describe('a table of a wide header over many short lines (audit 34 N3)', () => {
  const wide = (columns: number, lines: number) =>
    `${Array(columns).fill('a').join('|')}\n${Array(columns).fill('-').join('|')}\n${'x\n'.repeat(lines)}`;

  it('parses only the cells the rows have', () => {
    const [table] = parseMarkdown(wide(300, 30_000));
    expect(table?.t).toBe('table');
    if (table?.t !== 'table') return;
    expect(table.rows).toHaveLength(30_000);
    expect(table.rows.every((r) => r.length === 1)).toBe(true);
  });

  it('short rows are padded up to PADDED_CELLS empty cells, laid out as they are past it (audit 35 N2)', () => {
    const ragged = md(wide(100, 1_000));
    expect(ragged.querySelectorAll('tbody tr')).toHaveLength(1_000);
    expect(ragged.querySelectorAll('td')).toHaveLength(1_000);
    const ok = md(wide(10, 100)); // 900 empty cells: padded, as GFM does
    expect(ok.querySelectorAll('td')).toHaveLength(1_000);
    expect(PADDED_CELLS).toBe(1_000);
  });

  it('past BLOCK_ELEMENT_LIMIT cells is plain text, saying why', () => {
    const full = `${'|a'.repeat(10)}|\n${'|-'.repeat(10)}|\n${`${'|x'.repeat(10)}|\n`.repeat(300)}`;
    const el = md(full);
    expect(el.querySelectorAll('td')).toHaveLength(0);
    expect(el.textContent).toContain(
      'its 3,010 blocks, list items and table cells are over the markdown limit (3,000)',
    );
    expect(BLOCK_ELEMENT_LIMIT).toBe(3_000);
  });

  it('a list of 5,000 one-word items is plain text too; one of 1,000 is a list', () => {
    expect(md('- a\n'.repeat(5_000)).querySelectorAll('li')).toHaveLength(0);
    expect(md('- a\n'.repeat(1_000)).querySelectorAll('li')).toHaveLength(1_000);
  });
});

describe('stacked combining marks (audit 34 N4)', () => {
  it('a text of more than COMBINING_LIMIT marks is plain text, saying why; accented prose is markdown', () => {
    const zalgo = `**a**${'\u0301'.repeat(COMBINING_LIMIT + 4)}`;
    const el = md(zalgo);
    expect(el.querySelector('strong')).toBeNull();
    expect(el.textContent).toContain(
      `${(COMBINING_LIMIT + 1).toLocaleString('en-US')} stacked combining marks are over`,
    );
    // Thai's and Arabic's marks count as much (audit 35 N1); two or three on a letter are the script's
    for (const mark of ['\u0e49', '\u064b'])
      expect(md(`**a**${mark.repeat(COMBINING_LIMIT + 4)}`).querySelector('strong')).toBeNull();
    const thai = `**\u0e01\u0e34\u0e49** ${'\u0e01\u0e34\u0e49 '.repeat(3000)}`;
    expect(md(thai).querySelector('strong')).not.toBeNull();
    const accented = `**cafe\u0301** ${'re\u0301sume\u0301 '.repeat(300)}`;
    expect(md(accented).querySelector('strong')?.textContent).toBe('cafe\u0301');
  });
});
