import { describe, expect, it } from 'vitest';
import type { Message } from '../../core/types';
import { messagesJson, transcriptMarkdown } from './transcript';

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
const result: Message = {
  role: 'user',
  content: [
    {
      type: 'tool-result',
      toolCallId: 'c1',
      isError: true,
      content: [{ type: 'text', text: 'exit 1\n```\nboom' }],
    },
  ],
  source: { kind: 'tool', callId: 'c1' },
};

describe('messagesJson', () => {
  it('is exactly the messages, in order', () => {
    const json = messagesJson([user, assistant, result]);
    expect(JSON.parse(json)).toEqual([user, assistant, result]);
    expect(json.endsWith('\n')).toBe(true);
  });
});

describe('transcriptMarkdown', () => {
  it('writes each message under a numbered heading naming its role and seq', () => {
    const md = transcriptMarkdown({
      name: 'run_1.jsonl',
      seq: 40,
      link: 'http://x.test/?log=0123456789abcdef#seq=40',
      messages: [
        { seq: 1, message: user },
        { seq: 30, message: assistant },
        { seq: 35, message: result },
      ],
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

  it('adds the partly streamed message at the end', () => {
    const md = transcriptMarkdown({
      name: 'a',
      seq: 9,
      messages: [{ seq: 1, message: user }],
      streaming: { blocks: [{ type: 'text', text: 'Half a sen' }] },
    });
    expect(md).toContain('then the message streaming at that point');
    expect(md).toMatch(/## 2\. Assistant \(streaming, partial at seq 9\)\n\nHalf a sen\n$/);
  });

  it('keeps unknown blocks as JSON and notes empty messages', () => {
    const md = transcriptMarkdown({
      name: 'a',
      seq: 2,
      messages: [
        { seq: 0, message: { role: 'assistant', content: [{ type: 'tool_use', id: 'x', input: { a: 1 } }] } },
        { seq: 1, message: { role: 'assistant', content: [] } },
      ],
    });
    expect(md).toContain('*tool\\_use block:*\n\n```json\n{\n  "type": "tool_use"');
    expect(md).toContain('*(no content)*');
  });

  it('an empty history still says where it is', () => {
    expect(transcriptMarkdown({ name: 'a', seq: 0, messages: [] })).toBe(
      '# a: transcript up to seq 0\n\n0 model-visible messages at seq 0.\n',
    );
  });
});
