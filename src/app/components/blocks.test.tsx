// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Block, Message } from '../../core/types';
import { BlockView, MessageView, sourceLabel } from './blocks';
import { TEXT_BLOCK_CAP } from './textBlocks';
import { render } from './testRender';

function button(el: Element, text: string | RegExp): HTMLButtonElement {
  const b = [...el.querySelectorAll('button')].find((x) =>
    typeof text === 'string' ? x.textContent === text : text.test(x.textContent ?? ''),
  );
  if (!b) throw new Error(`no button ${String(text)}`);
  return b;
}
const click = (b: HTMLElement): void => act(() => b.click());

describe('BlockView', () => {
  it('renders a text block as markdown', () => {
    const el = render(<BlockView block={{ type: 'text', text: 'Hello **world**\n\n- a\n- b' }} />);
    expect(el.querySelector('[data-block-type="text"] strong')?.textContent).toBe('world');
    expect(el.querySelectorAll('li')).toHaveLength(2);
  });

  it('toggles a text block between markdown and raw text', () => {
    const el = render(<BlockView block={{ type: 'text', text: 'a **b**' }} />);
    click(button(el, 'raw'));
    expect(el.querySelector('strong')).toBeNull();
    expect(el.querySelector('pre')?.textContent).toBe('a **b**');
    click(button(el, 'md'));
    expect(el.querySelector('strong')).not.toBeNull();
  });

  it('caps long text at the limit until "show all"', () => {
    const text = 'x'.repeat(50_000);
    const el = render(<BlockView block={{ type: 'text', text }} />);
    expect(el.textContent.length).toBeLessThan(TEXT_BLOCK_CAP + 200);
    click(button(el, 'show all (50,000 chars)'));
    expect(el.querySelector('[data-testid="markdown"]')?.textContent).toBe(text);
    expect(el.textContent).not.toContain('show all');
  });

  it('renders tool output text inside results as plain text by default', () => {
    const block: Block = {
      type: 'tool-result',
      toolCallId: 'c1',
      content: [{ type: 'text', text: '# not a heading\n*x*' }],
    };
    const el = render(<BlockView block={block} />);
    expect(el.querySelector('h1')).toBeNull();
    expect(el.querySelector('em')).toBeNull();
    const rows = [...el.querySelectorAll('[data-testid=text-row]')];
    expect(rows.map((r) => r.querySelector('[data-testid=row-text]')?.textContent)).toEqual([
      '# not a heading',
      '*x*',
    ]);
    expect(rows.map((r) => r.getAttribute('data-line'))).toEqual(['1', '2']);
  });

  it('renders reasoning collapsed to its first line, expandable', () => {
    const el = render(<BlockView block={{ type: 'reasoning', text: '\nFirst thought\nsecond **line**' }} />);
    const root = el.querySelector('[data-block-type="reasoning"]')!;
    expect(root.getAttribute('data-expanded')).toBe('false');
    expect(el.querySelector('[data-testid="reasoning-preview"]')?.textContent).toBe('First thought …');
    expect(el.textContent).not.toContain('second');
    click(el.querySelector('button[aria-expanded]') as HTMLButtonElement);
    expect(root.getAttribute('data-expanded')).toBe('true');
    expect(el.textContent).toContain('second line');
    expect(el.querySelector('strong')?.textContent).toBe('line');
    expect(el.querySelector('[data-testid="reasoning-preview"]')).toBeNull();
  });

  it('renders a tool call with pretty-printed arguments', () => {
    const el = render(
      <BlockView
        block={{ type: 'tool-call', id: 'call_9', name: 'bash', arguments: '{"command":"ls -la","n":[1,2]}' }}
      />,
    );
    const root = el.querySelector('[data-block-type="tool-call"]')!;
    expect(root.getAttribute('data-call-id')).toBe('call_9');
    expect(root.textContent).toContain('bash');
    expect(root.textContent).toContain('call_9');
    expect(root.querySelector('pre')?.textContent).toBe(
      JSON.stringify({ command: 'ls -la', n: [1, 2] }, null, 2),
    );
    expect(el.querySelector('[data-testid="invalid-json"]')).toBeNull();
  });

  it('renders invalid tool-call arguments raw with a badge', () => {
    const el = render(
      <BlockView block={{ type: 'tool-call', id: 'c', name: 'edit', arguments: '{"path": "a.ts",' }} />,
    );
    expect(el.querySelector('[data-testid="invalid-json"]')?.textContent).toBe('invalid JSON');
    expect(el.querySelector('pre')?.textContent).toBe('{"path": "a.ts",');
  });

  it('shows empty tool-call arguments as empty, not invalid', () => {
    const el = render(<BlockView block={{ type: 'tool-call', id: 'c', name: 'now', arguments: '' }} />);
    expect(el.querySelector('[data-testid="invalid-json"]')).toBeNull();
    expect(el.textContent).toContain('(empty arguments)');
  });

  it('links a tool result to its call and renders nested blocks', () => {
    const onJump = vi.fn();
    const block: Block = {
      type: 'tool-result',
      toolCallId: 'call_1',
      content: [
        { type: 'text', text: 'runoob' },
        {
          type: 'image',
          attachment: { attachmentId: 'a1', mediaType: 'image/png', bytes: 2048, width: 10, height: 20 },
        },
        { type: 'tool-result', toolCallId: 'inner', content: [{ type: 'text', text: 'nested' }] },
      ],
    };
    const el = render(<BlockView block={block} onJumpToCall={onJump} />);
    const root = el.querySelector('[data-block-type="tool-result"]')!;
    expect(root.getAttribute('data-error')).toBe('false');
    expect(el.querySelector('[data-testid="error-badge"]')).toBeNull();
    expect(root.querySelectorAll('[data-testid="block"]')).toHaveLength(4); // text, image, result, its text
    expect(root.querySelector('[data-block-type="image"]')).not.toBeNull();
    expect(root.textContent).toContain('runoob');
    expect(root.textContent).toContain('nested');
    click(button(el, 'call_1'));
    expect(onJump).toHaveBeenCalledWith('call_1');
    click(button(el, 'inner'));
    expect(onJump).toHaveBeenLastCalledWith('inner');
  });

  it('shows an error tool result in red', () => {
    const el = render(
      <BlockView
        block={{
          type: 'tool-result',
          toolCallId: 'x',
          isError: true,
          content: [{ type: 'text', text: 'boom' }],
        }}
      />,
    );
    const root = el.querySelector('[data-block-type="tool-result"]')!;
    expect(root.getAttribute('data-error')).toBe('true');
    expect(el.querySelector('[data-testid="error-badge"]')?.textContent).toBe('error');
    expect(el.textContent).toContain('x');
  });

  it('renders an image as a metadata placeholder without loading anything', () => {
    const el = render(
      <BlockView
        block={{
          type: 'image',
          attachment: {
            attachmentId: 'att-1',
            mediaType: 'image/jpeg',
            bytes: 12_288,
            width: 640,
            height: 480,
            name: 'shot.jpg',
          },
        }}
      />,
    );
    const root = el.querySelector('[data-block-type="image"]')!;
    expect(root.textContent).toContain('image/jpeg');
    expect(root.textContent).toContain('640×480');
    expect(root.textContent).toContain('12.0 KiB');
    expect(root.textContent).toContain('shot.jpg');
    expect(el.querySelector('img')).toBeNull();
  });

  it('renders unknown block types as pretty JSON with the type', () => {
    const block: Block = {
      type: 'tool_use',
      id: 'call_1',
      name: 'bash',
      input: { command: 'grep runoob README.md' },
    };
    const el = render(<BlockView block={block} />);
    const root = el.querySelector('[data-block-type="tool_use"]')!;
    expect(root.textContent).toContain('tool_use');
    expect(root.textContent).toContain('bash');
    expect(root.querySelector('pre')?.textContent).toBe(JSON.stringify(block, null, 2));
  });

  it('treats malformed known blocks as unknown', () => {
    const el = render(<BlockView block={{ type: 'text', text: 42 }} />);
    expect(el.querySelector('pre')?.textContent).toContain('"text": 42');
  });

  it('never turns hostile text into elements', () => {
    const el = render(
      <BlockView
        block={{
          type: 'text',
          text: '<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))',
        }}
      />,
    );
    expect(el.querySelector('script, img')).toBeNull();
    expect(el.querySelector('a')).toBeNull();
    expect(el.textContent).toContain('<script>alert(1)</script>');
  });
});

describe('MessageView', () => {
  const message: Message = {
    role: 'assistant',
    content: [
      { type: 'text', text: "I'll search" },
      { type: 'tool-call', id: 'call_1', name: 'bash', arguments: '{}' },
    ],
    source: { kind: 'model', provider: 'anthropic', model: 'claude-x' },
  };

  it('exposes the test contract attributes', () => {
    const el = render(<MessageView message={message} index={1} sourceSeq={5} />);
    const root = el.querySelector('[data-testid="message"]')!;
    expect(root).toBe(el.firstElementChild);
    expect(root.getAttribute('data-index')).toBe('1');
    expect(root.getAttribute('data-role')).toBe('assistant');
    expect(root.getAttribute('data-source-seq')).toBe('5');
    expect(root.querySelectorAll(':scope [data-testid="block"]')).toHaveLength(2);
  });

  it('shows role, source, index and a clickable seq link', () => {
    const onSeq = vi.fn();
    const el = render(
      <MessageView message={message} index={3} sourceSeq={17} highlighted onJumpToSeq={onSeq} />,
    );
    expect(el.textContent).toContain('assistant');
    expect(el.textContent).toContain('anthropic/claude-x');
    expect(el.textContent).toContain('#3');
    click(button(el, 'seq 17'));
    expect(onSeq).toHaveBeenCalledWith(17);
    expect(el.querySelector('[data-testid="message"]')?.getAttribute('data-highlighted')).toBe('true');
  });

  it('links a tool message source to its call', () => {
    const onCall = vi.fn();
    const msg: Message = {
      role: 'user',
      content: [{ type: 'tool-result', toolCallId: 'call_1', content: [] }],
      source: { kind: 'tool', callId: 'call_1' },
    };
    const el = render(<MessageView message={msg} index={2} sourceSeq={7} onJumpToCall={onCall} />);
    click(button(el, 'tool call_1'));
    expect(onCall).toHaveBeenCalledWith('call_1');
    expect(el.textContent).toContain('(empty result)');
  });

  it('forwards a ref to the root element', () => {
    let node: HTMLDivElement | null = null;
    render(
      <MessageView
        message={message}
        index={0}
        sourceSeq={0}
        ref={(n) => {
          node = n;
        }}
      />,
    );
    expect(node).not.toBeNull();
    expect(node!.getAttribute('data-testid')).toBe('message');
  });

  it('labels every source kind', () => {
    expect(sourceLabel({ kind: 'user' })).toBe('user');
    expect(sourceLabel({ kind: 'plugin', plugin: 'memory' })).toBe('memory');
    expect(sourceLabel({ kind: 'plugin', plugin: 'memory', form: 'recall' })).toBe('memory (recall)');
    expect(sourceLabel({ kind: 'model', provider: 'openai', model: 'gpt' })).toBe('openai/gpt');
    expect(sourceLabel({ kind: 'tool', callId: 'c9' })).toBe('tool c9');
    expect(sourceLabel({ kind: 'hook' })).toBe('hook');
    expect(sourceLabel(undefined)).toBeNull();
  });
});
