/** The app's "Redacted copy": the worker masks the loaded log like `export --format jsonl --redact`. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../core/log/load';
import { SECRETS, secretsLog } from '../core/testing/secretsLog';
import { secretsEval } from '../core/testing/secretsEval';
import { SessionLog } from '../core/log/sessionLog';
import { LogHost } from './host';
import { homeOfCwd } from '../core/redact/homePaths';
import { bytesSaid } from '../core/view/byteSize';
import { redactLogText } from '../core/redact/redactLog';
import type { Request, ResponseMessage, WorkerMessage } from './protocol';
import { userMessageLine } from '../core/testing/userMessageLine';

const original = secretsLog(readFileSync('fixtures/diagnostics/clean.jsonl', 'utf8'));

async function host(text: string | File) {
  const posted: WorkerMessage[] = [];
  const h = new LogHost((m) => posted.push(m));
  let id = 0;
  const ask = async (req: Request) => {
    const n = ++id;
    await h.receive({ ...req, id: n });
    const r = posted.find((m): m is ResponseMessage => m.type === 'response' && m.id === n);
    if (!r) throw new Error(`no answer to ${req.kind}`);
    return r.result;
  };
  const source =
    typeof text === 'string'
      ? { kind: 'text' as const, text, name: 'secrets.jsonl' }
      : { kind: 'file' as const, file: text };
  await ask({ kind: 'open', loadId: 1, source });
  return ask;
}

/** The copy as the worker posts it: a Blob, never the text (audit R10-L1), read back as text. */
async function copyOf(r: Awaited<ReturnType<Awaited<ReturnType<typeof host>>>>) {
  if (!r.ok) throw new Error(r.error.message);
  const value = r.value as {
    file: unknown;
    counts: Record<string, number>;
    changedLines: number;
    partial: string | null;
    name: string;
  };
  expect(value.file).toBeInstanceOf(Blob);
  // no string but the name (and a partial copy's reason): the copy's text is never posted as one
  const strings = Object.entries(value).filter(([k, v]) => k !== 'partial' && typeof v === 'string');
  expect(strings.map(([, v]) => v)).toEqual([value.name]);
  const file = value.file as Blob;
  return { ...value, file, text: await file.text() };
}

describe('exportRedacted request', () => {
  it('masks every secret, the e-mail and the home user; the copy is the same log', async () => {
    const ask = await host(original);
    const r = await ask({ kind: 'exportRedacted', patterns: ['PROJECT-[A-Z]+-\\d+'] });
    const copy = await copyOf(r);
    expect(copy.name).toBe('secrets.jsonl');
    for (const secret of Object.values(SECRETS)) expect(copy.text).not.toContain(secret.slice(-8));
    expect(copy.counts).toMatchObject({ email: 1, custom: 1 });
    expect(copy.counts['home-path']).toBeGreaterThan(0);
    expect(copy.changedLines).toBeGreaterThan(3);
    const a = loadLogFromText(original);
    const b = loadLogFromText(copy.text);
    expect(b.eventCount).toBe(a.eventCount);
    expect(b.diagnostics.items.map((d) => d.code)).toEqual(a.diagnostics.items.map((d) => d.code));
    for (let s = 0; s < a.eventCount; s++) expect(b.typeOf(s)).toBe(a.typeOf(s));
  });

  it('of an Inspect .eval (a zip): the imported log as JSONL, both keys masked, the same events (audit R8-12)', async () => {
    const sample = new Uint8Array(
      readFileSync('../shared/samples/other/inspect/log_message_deduplication.eval'),
    );
    const ask = await host(new File([new Uint8Array(secretsEval(sample))], 'secret.eval'));
    const copy = await copyOf(await ask({ kind: 'exportRedacted', patterns: [] }));
    expect(copy.text).not.toContain('\uFFFD');
    expect(copy.text).not.toContain(SECRETS.anthropic.slice(-12));
    expect(copy.text).not.toContain(SECRETS.aws);
    expect(copy.text).toContain('Guess the number');
    const lines = copy.text.split('\n').filter((l) => l !== '');
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    const a = new SessionLog();
    a.push(secretsEval(sample));
    a.end();
    expect(a.sourceFormat).toBe('inspect-eval');
    const b = loadLogFromText(copy.text);
    expect(b.eventCount).toBeGreaterThan(10);
    expect(b.eventCount).toBe(a.eventCount);
    for (let s = 0; s < a.eventCount; s++) expect(b.typeOf(s)).toBe(a.typeOf(s));
  });

  it('runs a pattern that backtracks for ever natively in one linear pass, over a 40,000-character message (issue 14)', async () => {
    const long = 'a'.repeat(40_000);
    const ask = await host(`${userMessageLine(0, `${long}!`)}\n${userMessageLine(1, `${long}b`)}\n`);
    const copy = await copyOf(await ask({ kind: 'exportRedacted', patterns: ['a*a*a*b', '(a+)+$'] }));
    expect(copy.counts.custom).toBe(1);
    const lines = copy.text.split('\n');
    expect(lines[0]).toContain(`${long}!`);
    expect(lines[1]).not.toContain('aab');
  });

  it("posts the copy as a Blob of exactly the redacted text's UTF-8 bytes (audit R10-L1)", async () => {
    const withNonAscii = original.replace('List the files.', 'List the files – ünïcødé ✓ 🎉');
    const ask = await host(withNonAscii);
    const copy = await copyOf(await ask({ kind: 'exportRedacted', patterns: [] }));
    const home = homeOfCwd(loadLogFromText(withNonAscii).sessionHeader?.cwd);
    const expected = redactLogText(withNonAscii, { homePaths: home ? [home] : [] }).text;
    expect(copy.text).toContain('🎉');
    expect(new Uint8Array(await copy.file.arrayBuffer())).toEqual(new TextEncoder().encode(expected));
    expect(copy.file.type).toBe('application/x-ndjson;charset=utf-8');
  });

  it('of a JSON array broken mid-file: the copy holds what was read and says how much was not (audit R14-4)', async () => {
    const lines = original.trimEnd().split('\n');
    // one comma missing after element 3
    const broken = `[\n${lines.slice(0, 3).join(',\n')}\n${lines.slice(3).join(',\n')}\n]\n`;
    const copy = await copyOf(await (await host(broken))({ kind: 'exportRedacted', patterns: [] }));
    expect(copy.text.trimEnd().split('\n')).toHaveLength(3);
    const unread = new TextEncoder().encode(broken.slice(broken.indexOf(lines[3] as string))).length;
    expect(copy.partial).toBe(`${bytesSaid(unread)} of the input from line 4 on were not read`);
    // a JSONL log: the copy is every line, nothing unread
    expect(
      (await copyOf(await (await host(original))({ kind: 'exportRedacted', patterns: [] }))).partial,
    ).toBeNull();
  });

  it('says plainly when a pattern is not a regular expression', async () => {
    const ask = await host(original);
    const r = await ask({ kind: 'exportRedacted', patterns: ['('] });
    expect(r.ok ? null : r.error.code).toBe('bad-request');
    expect(r.ok ? '' : r.error.message).toBe(
      'The pattern ( cannot be used: bad regular expression: missing closing ): `(`',
    );
    const lookahead = await ask({ kind: 'exportRedacted', patterns: ['PROJECT(?=-)'] });
    expect(lookahead.ok ? '' : lookahead.error.message).toBe(
      'The pattern PROJECT(?=-) cannot be used: this pattern uses a lookahead, which the linear-time engine does not support',
    );
  });

  it('finds the home directory in the session header cwd', () => {
    expect(homeOfCwd('/home/alice/project')).toBe('/home/alice');
    expect(homeOfCwd('/Users/bob')).toBe('/Users/bob');
    expect(homeOfCwd('C:\\Users\\carol\\src')).toBe('C:\\Users\\carol');
    expect(homeOfCwd('/srv/app')).toBeUndefined();
    expect(homeOfCwd(7)).toBeUndefined();
  });
});
