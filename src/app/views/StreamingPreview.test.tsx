// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { StreamView } from '../../worker/protocol';
import { FIRST_BLOCKS } from '../components/boundedBlocks';
import { render } from '../components/testRender';
import { PREVIEW_TAIL, previewTail, StreamingPreview } from './StreamingPreview';
import { NAME_MAX_CHARS } from '../../core/view/bidiControls';

/** A text block half streamed: the caret sits after it. */
const view: StreamView = {
  seq: 7,
  pending: true,
  state: {
    turn: 1,
    step: 1,
    attempt: 0,
    attemptStartSeq: 5,
    failedAttempts: [],
    blocks: [{ type: 'text', text: 'Hello wor' }],
    open: [true],
    failed: false,
    chunkCount: 3,
    lastChunkSeq: 7,
    lastDelta: { block: 0, length: 3, shown: 3 },
  },
};

/** The view with its stream's blocks replaced, the last delta in the last block. */
function withBlocks(blocks: StreamView['state']['blocks'], deltaLength = 1): StreamView {
  return {
    ...view,
    state: {
      ...view.state,
      blocks,
      open: blocks.map(() => true),
      lastDelta: { block: blocks.length - 1, length: deltaLength, shown: deltaLength },
    },
  };
}

const animated = (el: HTMLElement) =>
  [...el.querySelectorAll('*')].filter((e) => /animate-(ping|pulse)/.test(e.getAttribute('class') ?? ''));

describe('StreamingPreview', () => {
  it('shows the raw text with its caret; the dot and caret pulse only while playback runs', () => {
    const still = render(<StreamingPreview view={view} />);
    expect(still.querySelector('pre')?.textContent).toBe('Hello wor');
    expect(still.querySelector('pre')?.hasAttribute('data-caret')).toBe(true);
    expect(animated(still)).toEqual([]);
    const live = render(<StreamingPreview view={view} live />);
    expect(animated(live).length).toBe(2); // the ping dot and the caret
  });

  it('a stream of many blocks shows its newest ones, bounded, with the caret on the last', () => {
    const blocks = Array.from({ length: 5000 }, (_, i) => ({ type: 'text' as const, text: `b${i}` }));
    const el = render(<StreamingPreview view={withBlocks(blocks, 5)} />);
    const pres = [...el.querySelectorAll('pre')];
    expect(pres.length).toBe(FIRST_BLOCKS);
    expect(pres.at(-1)?.textContent).toBe('b4999');
    expect(pres.at(-1)?.hasAttribute('data-caret')).toBe(true);
    expect(el.querySelector('[data-testid=earlier-blocks]')?.textContent).toBe(
      '4,960 earlier blocks not shown',
    );
  });
});

describe('a streaming tool call with a huge name (audit R21-5)', () => {
  it('labels the block with the name cut to NAME_MAX_CHARS', () => {
    const name = 'a\n'.repeat(250_000);
    const el = render(
      <StreamingPreview view={withBlocks([{ type: 'tool-call', id: 'c1', name, arguments: '{' }])} />,
    );
    const label = el.querySelector('pre')!.getAttribute('data-label')!;
    expect(label).toBe(`tool-call ${name.slice(0, NAME_MAX_CHARS)}… · streaming`);
  });
});

describe('a block of megabytes (audit 33 N4)', () => {
  it('lays out only its tail, where the stream writes, and says how much precedes it', () => {
    const text = `${'x'.repeat(4_000_000)}\u{1F600}${'end of the stream'}`;
    const el = render(<StreamingPreview view={withBlocks([{ type: 'text', text }], 17)} />);
    const shown = el.querySelector('pre')!.textContent;
    expect(shown.length).toBeLessThanOrEqual(PREVIEW_TAIL);
    expect(text.endsWith(shown)).toBe(true);
    expect(shown.endsWith('end of the stream')).toBe(true);
    expect(el.querySelector('pre')?.hasAttribute('data-caret')).toBe(true);
    const hidden = text.length - shown.length;
    expect(el.querySelector('[data-testid=block-cut]')?.textContent).toContain(
      `${hidden.toLocaleString('en-US')} earlier characters`,
    );
  });

  it('starts the tail at a line near the cut', () => {
    const text = `${'a'.repeat(100_000)}\n${'b'.repeat(PREVIEW_TAIL - 10)}`;
    expect(previewTail(text).shown).toBe('b'.repeat(PREVIEW_TAIL - 10));
  });

  it('never starts the tail inside a surrogate pair', () => {
    const text = '\u{1F600}'.repeat(PREVIEW_TAIL); // 2 units each: the cut falls on a pair's start
    const odd = `${text}a`; // the cut falls inside a pair: moved past it
    for (const t of [text, odd]) {
      const { shown, hidden } = previewTail(t);
      expect(shown.charCodeAt(0)).toBe(0xd83d);
      expect(hidden + shown.length).toBe(t.length);
    }
  });
});

describe('a tail of stacked combining marks (audit 35 N1)', () => {
  it('is cut to a couple of thousand characters, any script; ordinary text keeps the whole tail', () => {
    for (const mark of ['\u0301', '\u0e49', '\u064b']) {
      const { shown, hidden } = previewTail(`a${mark.repeat(19_990)}`);
      expect(shown.length).toBeLessThanOrEqual(2_048);
      expect(hidden + shown.length).toBe(19_991);
    }
    const thai = '\u0e01\u0e34\u0e49 '.repeat(10_000); // two marks on a letter: the script's own
    expect(previewTail(thai).shown.length).toBe(PREVIEW_TAIL);
  });
});
