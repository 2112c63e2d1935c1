/**
 * A session header whose cwd names a home with a made-up 60,000-char user (audit R23-5): the
 * user name once became a native regex too large to compile, and every redacted copy of the log
 * failed. The copy is written; the long name is masked where it stands after `/home/`.
 */
import { describe, expect, it } from 'vitest';
import { homePathsFor } from './homePaths';
import { redactLogText } from './redactLog';
import { shape } from './testing';

function logWithHome(user: string): string {
  const header = { type: 'session', version: 0, id: 's', createdAt: 0, cwd: `/home/${user}/proj` };
  const message = {
    type: 'user/message',
    seq: 0,
    time: 0,
    surfaceOp: 'append',
    data: {
      role: 'user',
      content: [{ type: 'text', text: `cat /home/${user}/proj/a.txt` }],
      source: { kind: 'user' },
    },
  };
  return [JSON.stringify(header), JSON.stringify(message)].join('\n');
}

describe("a header cwd's huge home user (audit R23-5)", () => {
  it('is redacted: the copy is written, the home paths masked, the same events', () => {
    const user = 'u'.repeat(60_000);
    const log = logWithHome(user);
    const homePaths = homePathsFor(`/home/${user}/proj`, '/home/alice');
    expect(homePaths).toEqual([`/home/${user}`, '/home/alice']);
    const r = redactLogText(log, { homePaths });
    expect(r.text).not.toContain('u'.repeat(100));
    expect(r.text).toContain('/home/[home-path]***');
    expect(r.text).toContain('/proj/a.txt');
    expect(r.counts['home-path']).toBe(2);
    expect(shape(r.text)).toEqual(shape(log));
  });

  it("a user name of a real directory's length is still masked wherever it is a path segment", () => {
    const user = 'v'.repeat(255);
    const log = logWithHome(user).replace('cat /home/', `cat /mnt/backup/${user}/x /home/`);
    const r = redactLogText(log, { homePaths: [`/home/${user}`] });
    expect(r.text).not.toContain(user);
  });
});
