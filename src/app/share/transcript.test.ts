import { describe, expect, it } from 'vitest';
import type { Message } from '../../core/types';
import { messagesJson, transcriptMarkdown, type TranscriptItem } from './transcript';

const user: Message = {
  role: 'user',
  content: [{ type: 'text', text: 'Deploy **now**' }],
  source: { kind: 'user' },
};
const assistant: Message = {
  role: 'assistant',
  content: [
    { type: 'reasoning', text: 'First check.\n\nThen act.' },
    { type: 'text', text: 'Running it.' },
    { type: 'tool-call', id: 'c1', name: 'bash', arguments: '{"cmd":"./deploy.sh"}' },
  ],
  source: { kind: 'model', provider: 'acme', model: 'm-1' },
};

/** The result of call `c1` as a tool's message: `text` its one block. */
function toolResult(text: string, isError: boolean): Message {
  return {
    role: 'user',
    content: [{ type: 'tool-result', toolCallId: 'c1', isError, content: [{ type: 'text', text }] }],
    source: { kind: 'tool', callId: 'c1' },
  };
}
const result = toolResult('exit 1\n```\nboom', true);

/** Transcript entries in log order, each `[seq, message]`: messages appended, none a replacement. */
function items(...entries: [number, Message][]): TranscriptItem[] {
  return entries.map(([seq, message]) => ({ seq, message }));
}

describe('messagesJson', () => {
  it("is the CLI's derive --with-request entry: exactly the messages, in order, and the request in force", () => {
    const request = { config: { provider: 'p', model: 'm' }, system: 'Be brief.', seq: 3 };
    const json = messagesJson(40, [user, assistant, result], { json: request });
    expect(JSON.parse(json)).toEqual([{ seq: 40, messages: [user, assistant, result], request }]);
    expect(json.endsWith('\n')).toBe(true);
  });

  it('says null when no request header is in force, and carries a legacy prefix beside the request', () => {
    expect(JSON.parse(messagesJson(2, [user], null))).toEqual([{ seq: 2, messages: [user], request: null }]);
    const prefix = [{ role: 'user', content: [] }];
    expect(
      JSON.parse(messagesJson(2, [user], { json: { config: {}, seq: 0 }, legacyMessagePrefix: prefix })),
    ).toEqual([{ seq: 2, messages: [user], request: { config: {}, seq: 0 }, legacyMessagePrefix: prefix }]);
  });
});

describe('transcriptMarkdown', () => {
  it('writes each message under a numbered heading naming its role and seq', () => {
    const md = transcriptMarkdown({
      name: 'run_1.jsonl',
      seq: 40,
      link: 'http://x.test/?log=0123456789abcdef#seq=40',
      messages: items([1, user], [30, assistant], [35, result]),
    });
    expect(md).toContain('# run\\_1.jsonl: transcript up to seq 40');
    expect(md).toContain('<http://x.test/?log=0123456789abcdef#seq=40>');
    expect(md).toContain('## 1. User · seq 1\n\nDeploy **now**');
    expect(md).toContain('## 2. Assistant (acme/m-1) · seq 30');
    expect(md).toContain('> **Reasoning**\n>\n> First check.\n>\n> Then act.');
    expect(md).toContain('**Tool call** `bash` (id `c1`)\n\n```json\n{\n  "cmd": "./deploy.sh"\n}\n```');
    expect(md).toContain('## 3. Tool result · seq 35');
    expect(md).toContain('**Tool result** (error) for `c1`');
    // Output containing a fence gets a longer one.
    expect(md).toContain('````\nexit 1\n```\nboom\n````');
    expect(md.endsWith('\n')).toBe(true);
    expect(md).not.toMatch(/\n{3,}/);
  });

  it('a 200,000-line tool output and reasoning, and 200,000 backtick runs, are written whole (re-audit NEW-2)', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `line ${i} \``).join('\n');
    const big = toolResult(lines, false);
    const thinking: Message = { role: 'assistant', content: [{ type: 'reasoning', text: lines }] };
    const md = transcriptMarkdown({
      name: 'big.jsonl',
      seq: 2,
      messages: items([1, thinking], [2, big]),
    });
    expect(md).toContain('line 199999 `');
    expect(md).toContain('> line 199999 `');
  });

  it('adds the partly streamed message at the end', () => {
    const md = transcriptMarkdown({
      name: 'a',
      seq: 9,
      messages: items([1, user]),
      streaming: { blocks: [{ type: 'text', text: 'Half a sen' }] },
    });
    expect(md).toContain('then the message streaming at that point');
    expect(md).toMatch(/## 2\. Assistant \(streaming, partial at seq 9\)\n\nHalf a sen\n$/);
  });

  it('keeps unknown blocks as JSON and notes empty messages', () => {
    const md = transcriptMarkdown({
      name: 'a',
      seq: 2,
      messages: items(
        [0, { role: 'assistant', content: [{ type: 'tool_use', id: 'x', input: { a: 1 } }] }],
        [1, { role: 'assistant', content: [] }],
      ),
    });
    expect(md).toContain('*tool\\_use block:*\n\n```json\n{\n  "type": "tool_use"');
    expect(md).toContain('*(no content)*');
  });

  it('an empty history still says where it is', () => {
    expect(transcriptMarkdown({ name: 'a', seq: 0, messages: [] })).toBe(
      '# a: transcript up to seq 0\n\n0 messages up to seq 0, in log order.\n',
    );
  });

  it('keeps the messages a compaction replaced, in log order, and marks the replacement', () => {
    // A hand-built log: user 1, assistant 2, tool result 3, then a compaction at 10 replacing 1..3,
    // then a new user message at 11. The derived history at 11 is [summary, user 11]; the transcript
    // keeps all five, the summary marked as a replacement.
    const summary: Message = {
      role: 'user',
      content: [{ type: 'text', text: '<summary>Earlier: deployed.</summary>' }],
      source: { kind: 'plugin', plugin: 'compaction', form: 'summary' },
    };
    const next: Message = {
      role: 'user',
      content: [{ type: 'text', text: 'And now?' }],
      source: { kind: 'user' },
    };
    const md = transcriptMarkdown({
      name: 'a',
      seq: 11,
      messages: [
        ...items([1, user], [2, assistant], [3, result]),
        { seq: 10, message: summary, replace: { start: 1, end: 3, hidden: [1, 2, 3] } },
        ...items([11, next]),
      ],
    });
    expect(md).toContain('5 messages up to seq 11, in log order. 1 replacement (marked)');
    const order = ['## 1. User · seq 1', '## 2. Assistant (acme/m-1) · seq 2', '## 3. Tool result · seq 3'];
    order.push('> [compaction replaced seqs 1..3 with:]\n\n## 4. User (plugin compaction) · seq 10');
    order.push('## 5. User · seq 11\n\nAnd now?');
    const at = order.map((h) => md.indexOf(h));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    expect(md).toContain('Deploy **now**'); // the replaced original is still there
    expect(md).toContain('<summary>Earlier: deployed.</summary>');
  });

  it('marks a replace that was not applied', () => {
    const md = transcriptMarkdown({
      name: 'a',
      seq: 5,
      messages: [{ seq: 5, message: user, replace: { start: 7, end: 2, hidden: null } }],
    });
    expect(md).toContain('> [invalid replacement of seqs 7..2, not applied:]');
  });

  it('escapes provider, model and plugin names in headings; unknown blocks of any depth', () => {
    const xss = '<img src=x onerror=alert(1)>';
    let deep: unknown = 0;
    for (let i = 0; i < 1_000; i++) deep = { a: deep };
    const md = transcriptMarkdown({
      name: 'x.jsonl',
      seq: 3,
      link: 'http://x.test/',
      messages: [
        {
          seq: 1,
          message: {
            ...assistant,
            source: { kind: 'model', provider: `${xss}\n\n# owned`, model: `m*${xss}` },
          },
        },
        {
          seq: 2,
          message: {
            role: 'user',
            content: [{ type: 'x-deep', deep }],
            source: { kind: 'plugin', plugin: xss },
          },
        },
      ],
    });
    expect(/(^|[^\\])<img/.test(md)).toBe(false); // every < of a name is escaped
    expect(/^# owned/m.test(md)).toBe(false);
    expect(md).toContain('## 1. Assistant (\\<img src=x onerror=alert(1)\\> \\# owned/m\\*\\<img');
    expect(md).toContain('## 2. User (plugin \\<img src=x onerror=alert(1)\\>) · seq 2');
    expect(md).toContain('*x-deep block:*');
  });

  it('tool names, call ids and image fields stay on their line: a blank line cannot open raw HTML', () => {
    // audit R5-8: a blank line inside a code span ended it, and the rest was a raw HTML block
    const breakout = 'x\n\n<img src=x onerror=alert(1)>\n\n';
    const md = transcriptMarkdown({
      name: 'x.jsonl',
      seq: 2,
      link: 'http://x.test/',
      messages: [
        {
          seq: 1,
          message: {
            ...assistant,
            content: [{ type: 'tool-call', id: breakout, name: `bash${breakout}`, arguments: '{}' }],
          },
        },
        {
          seq: 2,
          message: {
            role: 'user',
            content: [
              { type: 'tool-result', toolCallId: breakout, content: [{ type: 'text', text: 'ok' }] },
              {
                type: 'image',
                attachment: { name: 'a.png', mediaType: breakout, width: breakout, height: 1, bytes: 2 },
              },
            ] as Message['content'],
            source: { kind: 'tool', callId: 'c1' },
          },
        },
      ],
    });
    // every <img is inside a code span on its own line, or escaped: never at the start of a line
    expect(/^\s*<img/m.test(md)).toBe(false);
    expect(md).toContain(
      '**Tool call** `bashx <img src=x onerror=alert(1)> ` (id `x <img src=x onerror=alert(1)> `)',
    );
    expect(md).toContain('**Tool result** for `x <img src=x onerror=alert(1)> `');
    expect(md).toMatch(/\*\[image: a\.png, x \\<img src=x onerror=alert\(1\)\\> , x \\<img[^\n]*bytes\]\*/);
  });
});
