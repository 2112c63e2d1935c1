// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Block, Message } from '../../core/types';
import { MessageView } from './blocks';
import { FIRST_BLOCKS, MORE_BLOCKS } from './boundedBlocks';
import { render } from './testRender';

const texts = (n: number): Block[] => Array.from({ length: n }, (_, i) => ({ type: 'text', text: `x${i}` }));
const calls = (n: number): Block[] =>
  Array.from({ length: n }, (_, i) => ({
    type: 'tool-call',
    id: `c${i}`,
    name: 't',
    arguments: '{}',
  }));

function view(message: Message): HTMLElement {
  return render(<MessageView message={message} index={0} sourceSeq={1} />);
}

describe('a message with many blocks renders a bounded number of them', () => {
  it('100,000 text blocks: the first ones and a button; each press adds a bounded page', () => {
    const el = view({ role: 'user', content: texts(100_000) });
    expect(el.querySelectorAll('[data-testid=block]').length).toBe(FIRST_BLOCKS);
    const more = () => el.querySelector<HTMLButtonElement>('[data-testid=more-blocks]');
    expect(more()?.textContent).toBe(`Show ${MORE_BLOCKS} more blocks (99,960 not shown)`);
    act(() => more()?.click());
    expect(el.querySelectorAll('[data-testid=block]').length).toBe(FIRST_BLOCKS + MORE_BLOCKS);
    expect(el.textContent).toContain(`x${FIRST_BLOCKS + MORE_BLOCKS - 1}`);
    expect(el.textContent).not.toContain(`x${FIRST_BLOCKS + MORE_BLOCKS} `);
  });

  it('30,000 tool calls: a bounded number of cards', () => {
    const el = view({ role: 'assistant', content: calls(30_000) });
    expect(el.querySelectorAll('[data-block-type=tool-call]').length).toBe(FIRST_BLOCKS);
    expect(el.querySelector('[data-testid=more-blocks]')?.textContent).toContain('29,960 not shown');
  });

  it('a message within the bound shows every block and no button', () => {
    const el = view({ role: 'user', content: texts(FIRST_BLOCKS) });
    expect(el.querySelectorAll('[data-testid=block]').length).toBe(FIRST_BLOCKS);
    expect(el.querySelector('[data-testid=more-blocks]')).toBeNull();
  });
});
