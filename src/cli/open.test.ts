/** `seqscope open`: its options, the deep link it prints, and when it tries a browser. */
import { describe, expect, it } from 'vitest';
import { browserCommand, openLink, parseOpenArgs } from './open';

describe('parseOpenArgs', () => {
  it('reads the file and the options, in either spelling', () => {
    expect(parseOpenArgs(['a.jsonl'])).toEqual({ file: 'a.jsonl', follow: false, browser: true });
    expect(
      parseOpenArgs(['--seq', '5', 'a.jsonl', '--port=0', '--follow', '--no-browser', '--dist', 'd']),
    ).toEqual({ file: 'a.jsonl', seq: 5, port: 0, follow: true, browser: false, dist: 'd' });
    expect(parseOpenArgs(['a.jsonl', '--seq=0', '--port', '65535'])).toMatchObject({ seq: 0, port: 65535 });
  });

  it('refuses what it cannot use, with one line', () => {
    expect(parseOpenArgs([])).toBe('open needs a FILE');
    expect(parseOpenArgs(['-'])).toBe('open needs a file, not standard input');
    expect(parseOpenArgs(['a', '--seq'])).toBe('--seq needs a seq (a non-negative integer), got nothing');
    expect(parseOpenArgs(['a', '--seq', '-1'])).toMatch(/^--seq needs/);
    expect(parseOpenArgs(['a', '--port', '70000'])).toMatch(/^--port needs/);
    expect(parseOpenArgs(['a', '--json'])).toBe('unknown option --json');
    expect(parseOpenArgs(['a', 'b'])).toBe('unexpected argument b');
  });
});

describe('openLink', () => {
  const app = 'http://127.0.0.1:4180/';
  const log = 'http://127.0.0.1:4180/log/my%20session.jsonl';
  it('names the log by ?src= and the event by #seq=', () => {
    expect(openLink(app, log, { seq: 5 })).toBe(
      'http://127.0.0.1:4180/?src=http%3A%2F%2F127.0.0.1%3A4180%2Flog%2Fmy%2520session.jsonl#seq=5',
    );
    expect(openLink(app, log, { follow: true })).toBe(
      'http://127.0.0.1:4180/?src=http%3A%2F%2F127.0.0.1%3A4180%2Flog%2Fmy%2520session.jsonl&follow=1',
    );
  });

  it('round-trips through URL parsing', () => {
    const u = new URL(openLink(app, log, { seq: 0, follow: true }));
    expect(u.searchParams.get('src')).toBe(log);
    expect(u.searchParams.get('follow')).toBe('1');
    expect(u.hash).toBe('#seq=0');
  });
});

describe('browserCommand', () => {
  it('opens a browser only where one is plausible', () => {
    expect(browserCommand('darwin', {})).toBe('open');
    expect(browserCommand('linux', { DISPLAY: ':0' })).toBe('xdg-open');
    expect(browserCommand('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe('xdg-open');
    expect(browserCommand('linux', {})).toBeUndefined();
    expect(browserCommand('linux', { DISPLAY: '' })).toBeUndefined();
  });
});
