/**
 * A newline in a file name cannot forge a line of the CLI's output (audit R13-L5): the JSON-array
 * verdict's jq command quotes the name in ANSI-C quotes, and `open` shows the name escaped.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { shellWord } from '../core/reader/jsonArray';
import { ROOT, ensureBuiltCli, runCli } from './testSupport';

const FORGED = '0 events: 0 errors, 0 warnings, 0 info';

describe('a file name with a newline (R13-L5)', () => {
  beforeAll(() => ensureBuiltCli(), 120_000);

  it('shellWord quotes control characters as ANSI-C escapes that the shell reads back as the name', () => {
    for (const name of [
      `x\n${FORGED}\n.json`,
      "it's\u001b]0;title\u0007.json",
      'back\\slash\r.json',
      'a\u202eb.json',
      '\u0085nel.json',
      'literal\\x85.json',
    ]) {
      const word = shellWord(name);
      // eslint-disable-next-line no-control-regex -- the control characters are the point
      expect(word).not.toMatch(/[\n\r\u001b\u0007\u202e]/);
      // in a UTF-8 locale and in C: the same name (R14-L1: \x85 named another file)
      for (const LANG of ['C.UTF-8', 'C']) {
        const echoed = spawnSync('bash', ['-c', `printf %s ${word}`], {
          encoding: 'utf8',
          env: { LANG, PATH: process.env.PATH },
        });
        expect(echoed.stdout, `${word} ${LANG}`).toBe(name);
      }
    }
    expect(shellWord('plain/run-1.json')).toBe('plain/run-1.json');
    expect(shellWord('run 1.json')).toBe("'run 1.json'");
  });

  it("check's verdict on a broken JSON array named with a newline prints no forged summary line", () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-nl-'));
    const file = join(dir, `x\n${FORGED}\n.json`);
    copyFileSync(resolve(ROOT, 'fixtures/bad/json-array-broken.json'), file);
    const run = runCli(['check', file]);
    expect(run.code).toBe(1);
    const lines = `${run.out}${run.err}`.split('\n');
    expect(lines).not.toContain(FORGED);
    expect(lines.some((l) => l.includes(`x\\x0a${FORGED}`))).toBe(true);
  });

  it('open names a missing file with a newline on one line', () => {
    const run = runCli(['open', `/nonexistent/x\n${FORGED}\n.jsonl`, '--no-browser']);
    expect(run.code).toBe(2);
    expect(run.err.split('\n')).not.toContain(FORGED);
    expect(run.err).toContain(`x\\x0a${FORGED}\\x0a.jsonl: no such file`);
  });

  it('a name whose bytes are not UTF-8 is named as such, not only "no such file" (audit R14-L2)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-bytes-'));
    // the file exists under its raw bytes; the argument Node hands on holds U+FFFD for them
    copyFileSync(
      resolve(ROOT, 'fixtures/diagnostics/clean.jsonl'),
      Buffer.from(`${dir}/\xff\xfe-bad.jsonl`, 'latin1'),
    );
    for (const args of [['check'], ['open', '--no-browser']] as const) {
      const run = runCli([args[0], join(dir, '\uFFFD\uFFFD-bad.jsonl'), ...args.slice(1)]);
      expect(run.code).toBe(2);
      expect(run.err).toContain('no such file: its name holds bytes that are not UTF-8');
    }
  });
});
