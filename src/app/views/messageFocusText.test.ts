// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { MessageFocusView } from '../../worker/protocol';
import { focusAnnouncement, focusLabel } from './messageFocusText';
import { findTextRanges } from './searchMark';
import { NAME_MAX_CHARS } from '../../core/view/bidiControls';

const prune: MessageFocusView = {
  seq: 2979,
  type: 'tool/result',
  kind: 'replacement',
  index: 32,
  last: 32,
  messageSeq: 2979,
  hidden: 1,
  prune: true,
};
const compacting: MessageFocusView = {
  seq: 152,
  type: 'compaction/summary',
  kind: 'to-replace',
  index: 0,
  last: 4,
  messageSeq: 1,
  hidden: 5,
  by: 153,
};

describe('what the pane says about the focused message', () => {
  it('labels exactly the focused messages', () => {
    expect(focusLabel(prune, 32)).toBe('pruned here');
    expect(focusLabel(prune, 31)).toBeNull();
    expect([0, 4, 5].map((i) => focusLabel(compacting, i))).toEqual([
      'replaced at seq 153',
      'replaced at seq 153',
      null,
    ]);
    expect(focusLabel({ seq: 3, type: 'step/start', kind: 'none', why: 'x' }, 0)).toBeNull();
    expect(focusLabel(null, 0)).toBeNull();
  });

  it('announces the message by the number the pane shows (#index) and why', () => {
    expect(focusAnnouncement(prune, 57)).toBe(
      'Seq 2979 (tool/result): showing message #32 of 57, the tool result it pruned.',
    );
    expect(focusAnnouncement(compacting, 8)).toBe(
      'Seq 152 (compaction/summary): showing messages #0 to #4 of 8, which are replaced at seq 153.',
    );
    expect(
      focusAnnouncement(
        { seq: 30, type: 'assistant/chunk', kind: 'streaming', index: 1, last: 1, messageSeq: 30 },
        1,
      ),
    ).toBe('Seq 30 (assistant/chunk): showing the message being streamed, after 1 message.');
  });
});

describe('findTextRanges: a match in the rendered text', () => {
  it('finds every occurrence, across element boundaries, ignoring case unless asked', () => {
    const el = document.createElement('div');
    el.innerHTML = '<p>The <strong>Cached con</strong>fig is cached config.</p><pre>no CACHED CONFIG</pre>';
    const found = findTextRanges(el, 'cached config', false).map((r) => r.toString());
    expect(found).toEqual(['Cached config', 'cached config', 'CACHED CONFIG']);
    expect(findTextRanges(el, 'cached config', true).map((r) => r.toString())).toEqual(['cached config']);
    expect(findTextRanges(el, 'absent', false)).toEqual([]);
    expect(findTextRanges(el, 'c', false, 2)).toHaveLength(2);
  });
});

describe('an event type from the log in the live region (audit R21-5)', () => {
  it('says at most NAME_MAX_CHARS of the type and 512 characters of the reason', () => {
    const type = `custom/${'x'.repeat(1_500_000)}`;
    const none = focusAnnouncement({ seq: 4, type, kind: 'none', why: 'w'.repeat(1_000_000) }, 3);
    expect(none.length).toBeLessThan(NAME_MAX_CHARS + 512 + 100);
    expect(none.startsWith(`Seq 4 (custom/xxx`)).toBe(true);
    const message = focusAnnouncement({ ...prune, type }, 40);
    expect(message.length).toBeLessThan(NAME_MAX_CHARS + 100);
  });
});
