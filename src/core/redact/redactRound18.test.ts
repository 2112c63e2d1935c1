/** Redaction of the shapes audit 18 found surviving: a secret in a shadowed duplicate key (R18-4), `\/` escapes (R18-2). */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { redactLogText } from './redactLog';
import { outputAt, shape, survivors, toolResultLog } from './testing';

const KEY = 'sk-ant-api03-Zq8xW4vR7tY2uI9oP3aS6dF1gH5jK0lM';
const PW = 'Zq9XvB7kLm2Pw4Rt';
const HEADER = '{"type":"session","version":0,"id":"r18","createdAt":0}';

describe('a secret in a shadowed duplicate key (audit R18-4)', () => {
  const lines = [
    HEADER,
    `{"type":"assistant/chunk","seq":0,"time":1,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"${KEY}","text":"hello"}}}`,
    `{"type":"session/title","data":{"title":"${KEY}","title":"ok"},"seq":1,"time":2}`,
    `{"type":"session/title","data":{"password":"hunter2hunter2","password":"x"},"seq":2,"time":3}`,
    // nested deeper, in an array
    `{"type":"tool/result","data":{"turn":1,"step":1,"callId":"c1","output":"fine","meta":[{"k":"${KEY}","k":"v"}]},"seq":3,"time":4}`,
  ];
  const original = lines.join('\n');

  it('the copy holds no byte of the shadowed secrets and is the same log', () => {
    const r = redactLogText(original);
    expect(survivors(r.text, [KEY, 'Zq8xW4vR7tY2', 'hunter2hunter2'])).toEqual([]);
    expect(r.changedLines).toBe(4);
    expect(shape(r.text)).toEqual(shape(original));
    expect(shape(r.text).events).toHaveLength(4);
    // the values the reader sees are kept
    const title = loadLogFromText(r.text).event(1).data as { title: string };
    expect(title.title).toBe('ok');
  });

  it('a line without duplicate keys and nothing to mask is still kept byte for byte', () => {
    const clean = '{"type":"session/title", "data":{"title":"a:b \\"c\\": d"},"seq":1,"time":2}';
    const r = redactLogText([HEADER, clean].join('\n'));
    expect(r.text).toBe([HEADER, clean].join('\n'));
    expect(r.changedLines).toBe(0);
  });
});

describe('JSON `\\/` escapes hide nothing (audit R18-2)', () => {
  const outputs = [
    `redis:\\/\\/:${PW}@10.0.0.5:6379\\/0`,
    `amqp:\\/\\/guest:${PW}@rabbit:5672`,
    `https:\\/\\/hooks.slack.com\\/services\\/T0000AAAA\\/B0000BBBB\\/${PW}abcd`,
    `https:\\/\\/discord.com\\/api\\/webhooks\\/123456789012345678\\/${PW}${PW}`,
    '{"cwd":"\\/Users\\/alice\\/proj"}',
    '{"path":"\\/home\\/alice\\/proj\\/x.php"}',
  ];
  const original = toolResultLog(HEADER, outputs);

  it('masks home paths, URL passwords and webhooks written with `\\/`', () => {
    expect(survivors(original, [PW, 'alice'])).toEqual([PW, 'alice']);
    const r = redactLogText(original);
    expect(survivors(r.text, [PW, 'alice'])).toEqual([]);
    expect(r.changedLines).toBe(outputs.length);
    expect(shape(r.text)).toEqual(shape(original));
    // the mask covers the escapes: the rest of the spelling stays
    const first = outputAt(r.text, 0) as string;
    expect(first.startsWith('redis:\\/\\/:')).toBe(true);
    expect(first.endsWith('@10.0.0.5:6379\\/0')).toBe(true);
  });

  it('an escaped backslash before `/` is no escape of `/`', () => {
    const r = redactLogText(
      [HEADER, JSON.stringify({ type: 'session/title', data: { title: 'a\\\\/b' }, seq: 0, time: 0 })].join(
        '\n',
      ),
    );
    expect(r.changedLines).toBe(0);
  });
});
