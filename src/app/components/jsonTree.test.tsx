// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { childPath, copyText, JsonTree } from './jsonTree';
import { render } from './testRender';

const rows = (el: Element): HTMLElement[] => [
  ...el.querySelectorAll<HTMLElement>('[data-testid="json-row"]'),
];
const row = (el: Element, path: string): HTMLElement => {
  const r = el.querySelector<HTMLElement>(`[data-testid="json-row"][data-path='${path}']`);
  if (!r) throw new Error(`no row ${path}`);
  return r;
};
const menuItem = (el: Element, text: string): void =>
  act(() => {
    [...el.querySelectorAll<HTMLButtonElement>('[data-testid="json-menu"] button')]
      .find((b) => b.textContent === text)!
      .click();
  });
const toggle = (r: HTMLElement): void =>
  act(() => r.querySelector<HTMLButtonElement>('button[aria-expanded]')!.click());

describe('JsonTree', () => {
  it('expands the top two levels by default', () => {
    const el = render(<JsonTree value={{ a: { b: { c: 1 } }, s: 'str', n: 2, t: true, z: null }} />);
    expect(rows(el).map((r) => r.dataset.path)).toEqual(['.', '.a', '.a.b', '.s', '.n', '.t', '.z']);
    expect(row(el, '.a.b').querySelector('button[aria-expanded]')?.getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(row(el, '.a.b').textContent).toContain('{c: 1}');
    toggle(row(el, '.a.b'));
    expect(row(el, '.a.b.c').textContent).toContain('1');
    toggle(row(el, '.a'));
    expect(el.querySelector("[data-path='.a.b']")).toBeNull();
  });

  it('colours values by type', () => {
    const el = render(<JsonTree value={{ s: 'x', n: 1, b: false, z: null }} />);
    const typeOf = (path: string) =>
      row(el, path).querySelector('[data-value-type]')?.getAttribute('data-value-type');
    expect(['.s', '.n', '.b', '.z'].map(typeOf)).toEqual(['string', 'number', 'boolean', 'null']);
    // Keys are set apart from values.
    expect(row(el, '.s').querySelector('[data-key-type]')?.getAttribute('data-key-type')).toBe('key');
  });

  it('renders a 100k-element array as one page of rows', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => i);
    const el = render(<JsonTree value={big} />);
    expect(rows(el)).toHaveLength(101);
    const more = el.querySelector<HTMLButtonElement>('[data-testid="json-more"]')!;
    expect(more.textContent).toBe('show 100 more (99,900 remaining)');
    act(() => more.click());
    expect(rows(el)).toHaveLength(201);
    expect(row(el, '[199]').textContent).toContain('199');
  }, 60_000);

  it('renders a 100k-key object as one page of rows', () => {
    const big: Record<string, number> = {};
    for (let i = 0; i < 100_000; i++) big[`k${i}`] = i;
    const el = render(<JsonTree value={{ big }} />);
    expect(rows(el).length).toBeLessThanOrEqual(102);
    expect(el.querySelector('[data-testid="json-more"]')).not.toBeNull();
  });

  it('renders only the first levels of a 1000-deep object', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 1000; i++) deep = { child: deep };
    const el = render(<JsonTree value={deep} />);
    expect(rows(el).map((r) => r.dataset.path)).toEqual(['.', '.child', '.child.child']);
    expect(el.querySelectorAll('[data-testid="json-row"]').length).toBeLessThanOrEqual(3);
    toggle(row(el, '.child.child'));
    expect(rows(el)).toHaveLength(4);
  });

  it('handles a 1000-deep array too', () => {
    let deep: unknown = [1];
    for (let i = 0; i < 1000; i++) deep = [deep];
    const el = render(<JsonTree value={deep} expandDepth={3} />);
    expect(rows(el).map((r) => r.dataset.path)).toEqual(['.', '[0]', '[0][0]', '[0][0][0]']);
  });

  it('truncates long strings until expanded', () => {
    const long = 'y'.repeat(5000);
    const el = render(<JsonTree value={{ long }} />);
    const r = row(el, '.long');
    expect(r.textContent.length).toBeLessThan(700);
    act(() => [...r.querySelectorAll('button')].find((b) => b.textContent?.startsWith('expand'))!.click());
    expect(row(el, '.long').textContent).toContain(long);
  });

  it('expands a very long string as plain text lines, head and tail, not one huge span', () => {
    const long = Array.from({ length: 5000 }, (_, i) => `line ${i + 1} of the output`).join('\n');
    const el = render(<JsonTree value={{ long }} />);
    const r = row(el, '.long');
    act(() => [...r.querySelectorAll('button')].find((b) => b.textContent?.startsWith('expand'))!.click());
    const view = row(el, '.long').querySelector('[data-testid=plain-text]')!;
    expect(view.getAttribute('data-lines')).toBe('5000');
    const shown = [...view.querySelectorAll('[data-testid=row-text]')].map((x) => x.textContent);
    expect(shown[0]).toBe('line 1 of the output');
    expect(shown[shown.length - 1]).toBe('line 5000 of the output');
    expect(shown.length).toBeLessThan(100);
    expect(row(el, '.long').textContent).not.toContain(JSON.stringify(long).slice(0, 100));
    act(() =>
      [...row(el, '.long').querySelectorAll('button')].find((b) => b.textContent === 'collapse')!.click(),
    );
    expect(row(el, '.long').querySelector('[data-testid=plain-text]')).toBeNull();
  });

  it('copies values and jq-style paths through onCopy', () => {
    const onCopy = vi.fn();
    const value = { data: { 'a b': [{ text: 'hi' }] } };
    const el = render(<JsonTree value={value} onCopy={onCopy} expandDepth={5} />);
    const r = row(el, '.data.["a b"][0].text');
    act(() => {
      r.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
    });
    const menu = el.querySelector('[data-testid="json-menu"]')!;
    expect(menu).not.toBeNull();
    menuItem(el, 'copy path');
    expect(onCopy).toHaveBeenLastCalledWith('.data.["a b"][0].text');
    expect(el.querySelector('[data-testid="json-menu"]')).toBeNull();

    act(() =>
      row(el, '.data')
        .querySelector<HTMLButtonElement>('button[aria-label="Copy actions for .data"]')!
        .click(),
    );
    menuItem(el, 'copy value');
    expect(onCopy).toHaveBeenLastCalledWith(JSON.stringify(value.data, null, 2));

    act(() =>
      row(el, '.')
        .querySelector<HTMLButtonElement>('button[aria-label="Copy actions for the whole value"]')!
        .click(),
    );
    menuItem(el, 'copy path');
    expect(onCopy).toHaveBeenLastCalledWith('.');
  });

  it('has no copy actions without onCopy', () => {
    const el = render(<JsonTree value={{ a: 1 }} />);
    expect(el.querySelector('button[aria-label^="Copy actions"]')).toBeNull();
  });

  it('builds paths and copy text', () => {
    expect(childPath('', 'a')).toBe('.a');
    expect(childPath('.a', 0)).toBe('.a[0]');
    expect(childPath('.a', 'x-y')).toBe('.a.["x-y"]');
    expect(copyText('raw "s"')).toBe('raw "s"');
    expect(copyText(null)).toBe('null');
    expect(copyText([1])).toBe('[\n  1\n]');
  });
});
