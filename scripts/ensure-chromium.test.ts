/**
 * `npm test`'s browser step installs a colour emoji font when none is installed and it runs as
 * root (like Chromium), so screenshots show emoji rather than boxes. The commands run are
 * recorded by a runner that answers like fontconfig and apt-get would.
 */
import { describe, expect, it, vi } from 'vitest';

// @ts-expect-error: a plain .mjs script without types
const { EMOJI_FONT_PACKAGE, ensureEmojiFont } = (await import('./ensure-chromium.mjs')) as {
  EMOJI_FONT_PACKAGE: string;
  ensureEmojiFont: (o: { run: Runner; isRoot: boolean; hasApt: boolean }) => string;
};

type Result = { status: number | null; stdout?: string; error?: Error };
type Runner = (cmd: string, args: string[], opts?: object) => Result;

/** A machine: fontconfig answers from `fonts`; `apt-get install` of the font works once lists exist. */
function machine({
  fonts,
  lists = true,
  fontconfig = true,
}: {
  fonts: string;
  lists?: boolean;
  fontconfig?: boolean;
}) {
  const ran: string[] = [];
  let installed = fonts !== '';
  let haveLists = lists;
  const run: Runner = (cmd, args) => {
    ran.push([cmd, ...args].join(' '));
    if (cmd === 'fc-list') {
      if (!fontconfig) return { status: null, error: new Error('spawnSync fc-list ENOENT') };
      return { status: 0, stdout: installed ? 'Noto Color Emoji\n' : '' };
    }
    if (cmd === 'apt-get' && args[0] === 'update') {
      haveLists = true;
      return { status: 0 };
    }
    if (cmd === 'apt-get' && args[0] === 'install' && args.includes(EMOJI_FONT_PACKAGE) && haveLists) {
      installed = true;
      return { status: 0 };
    }
    return { status: 100 };
  };
  return { run, ran };
}

describe('ensureEmojiFont', () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

  it('does nothing when a font draws emoji', () => {
    const m = machine({ fonts: 'Noto Color Emoji' });
    expect(ensureEmojiFont({ run: m.run, isRoot: true, hasApt: true })).toBe('present');
    expect(m.ran).toEqual(['fc-list :charset=2705 family']);
  });

  it('as root, installs fonts-noto-color-emoji with apt-get', () => {
    const m = machine({ fonts: '' });
    expect(ensureEmojiFont({ run: m.run, isRoot: true, hasApt: true })).toBe('installed');
    expect(m.ran.slice(1)).toEqual([`apt-get install -y ${EMOJI_FONT_PACKAGE}`]);
  });

  it('updates the package lists only when the install needs them', () => {
    const m = machine({ fonts: '', lists: false });
    expect(ensureEmojiFont({ run: m.run, isRoot: true, hasApt: true })).toBe('installed');
    expect(m.ran.slice(1)).toEqual([
      `apt-get install -y ${EMOJI_FONT_PACKAGE}`,
      'apt-get update',
      `apt-get install -y ${EMOJI_FONT_PACKAGE}`,
    ]);
  });

  it('not root: installs nothing and says how to', () => {
    warn.mockClear();
    const m = machine({ fonts: '' });
    expect(ensureEmojiFont({ run: m.run, isRoot: false, hasApt: true })).toBe('missing');
    expect(m.ran).toEqual(['fc-list :charset=2705 family']);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(`sudo apt-get install -y ${EMOJI_FONT_PACKAGE}`),
    );
  });

  it('without fontconfig (not Linux) asks nothing more', () => {
    const m = machine({ fonts: '', fontconfig: false });
    expect(ensureEmojiFont({ run: m.run, isRoot: true, hasApt: true })).toBe('unknown');
    expect(m.ran).toHaveLength(1);
  });
});
