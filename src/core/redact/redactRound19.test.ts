/** Redaction through a second level of escaping and of WSL home paths (audit R19-3). */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { outputAt, shape, survivors, toolResultLog } from './testing';

const PW = 'Zq9XvB7kLm2Pw4Rt';
const HEADER = '{"type":"session","version":0,"id":"r19","createdAt":0}';
const USERS = ['danuser', 'erinq', 'quinnq', 'rachq'];

/** PHP's `json_encode`: JSON with every `/` written `\/`. */
function php(value: unknown): string {
  return JSON.stringify(value).replace(/\//g, '\\/');
}

describe('a second level of escaping hides nothing (audit R19-3)', () => {
  // the audit's seven payloads (/tmp/aud19/gen/nested.py)
  const outputs = [
    php({ ctx: php({ url: `redis://:${PW}@10.0.0.5:6379/0` }) }),
    php({ ctx: php({ dsn: `amqp://guest:${PW}@rabbit:5672` }) }),
    php({ ctx: php({ hook: `https://hooks.slack.com/services/T0000AAAA/B0000BBBB/${PW}abcd` }) }),
    php({ ctx: php({ path: '/home/danuser/app/x.php' }) }),
    // an MCP result: JSON text inside JSON text
    JSON.stringify({
      content: [{ type: 'text', text: JSON.stringify({ path: 'C:\\Users\\erinq\\proj\\a.txt' }) }],
    }),
    '\\\\wsl$\\Ubuntu\\home\\quinnq\\proj',
    '\\\\wsl.localhost\\Ubuntu-22.04\\home\\rachq\\proj',
  ];
  const original = toolResultLog(HEADER, outputs);

  it('masks the passwords, the webhook secret and the user names', () => {
    expect(survivors(original, [PW, ...USERS])).toEqual([PW, ...USERS]);
    const r = redactLogText(original);
    expect(survivors(r.text, [PW, ...USERS])).toEqual([]);
    expect(r.changedLines).toBe(outputs.length);
    expect(r.counts).toEqual({ password: 2, 'api-key': 1, 'home-path': 4 });
  });

  it('every line of the copy parses, the copy is the same log, and each nested JSON text still parses', () => {
    const r = redactLogText(original);
    for (const line of r.text.split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(shape(r.text)).toEqual(shape(original));
    expect(shape(r.text).events).toHaveLength(outputs.length);
    // the masks cover whole escapes: the JSON inside (two levels deep) stays JSON
    for (let seq = 0; seq < 5; seq++) {
      const outer = JSON.parse(outputAt(r.text, seq) as string) as {
        ctx?: string;
        content?: { text: string }[];
      };
      const inner = outer.ctx ?? outer.content?.[0]?.text ?? '';
      expect(() => JSON.parse(inner) as unknown).not.toThrow();
    }
    // a mask has the length of what it hides, and the spelling around it stays
    for (let seq = 0; seq < outputs.length; seq++)
      expect(outputAt(r.text, seq)).toHaveLength((outputs[seq] as string).length);
    const redis = JSON.parse((JSON.parse(outputAt(r.text, 0) as string) as { ctx: string }).ctx) as {
      url: string;
    };
    expect(redis.url).toBe('redis://:[password]******@10.0.0.5:6379/0');
    expect(outputAt(r.text, 5)).toBe(`\\\\wsl$\\Ubuntu\\home\\${'*'.repeat(6)}\\proj`);
  });

  it('three levels deep too', () => {
    const text = toolResultLog(HEADER, [
      php({ a: php({ b: php({ url: `redis://:${PW}@10.0.0.5:6379/0`, home: '/home/danuser/x' }) }) }),
      JSON.stringify({ a: JSON.stringify({ b: JSON.stringify({ path: 'C:\\Users\\erinq\\x' }) }) }),
    ]);
    const r = redactLogText(text);
    expect(survivors(r.text, [PW, ...USERS])).toEqual([]);
    expect(shape(r.text)).toEqual(shape(text));
  });

  it('a WSL home in any spelling: forward slashes, lines of JSON text, a non-JSON line', () => {
    const text = [
      HEADER,
      JSON.stringify({
        type: 'session/title',
        data: { title: '//wsl$/Debian/home/quinnq/x' },
        seq: 0,
        time: 0,
      }),
      JSON.stringify({
        type: 'session/title',
        data: { title: JSON.stringify('\\\\wsl$\\Ubuntu\\home\\rachq') },
        seq: 1,
        time: 1,
      }),
      'not json: \\\\wsl.localhost\\Ubuntu\\home\\quinnq\\x',
    ].join('\n');
    const r = redactLogText(text);
    expect(survivors(r.text, USERS)).toEqual([]);
    expect(r.counts).toEqual({ 'home-path': 3 });
  });

  it('clean lines with nested escapes stay byte for byte', () => {
    const clean = [
      php({ ctx: php({ url: 'https://example.com/a/b', note: 'C:\\Program Files\\x', q: 'say \\"hi\\"' }) }),
      JSON.stringify({ text: JSON.stringify({ path: 'C:\\Windows\\System32', re: '\\d+\\/\\w' }) }),
      '\\\\wsl$\\Ubuntu\\etc\\hosts',
      'a\\\\\\\\/b \\\\\\" \\\\u0041',
    ];
    const text = toolResultLog(HEADER, clean);
    const r = redactLogText(text);
    expect(r.changedLines).toBe(0);
    expect(r.text).toBe(text);
  });
});
