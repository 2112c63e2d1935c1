/**
 * The harness's own test corpus (../shared/samples/dsh-corpus, 178 logs):
 * every file loads, nothing throws, the only error diagnostics are the ones
 * the file really has (fixtures/corpus/expected-errors.json, each explained),
 * every event has a readable summary, and where a log has a request/header
 * the request in force at its last seq is what that header says.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requestInForceAt, requestJson } from './harness/requestInForce';
import { resumeCheck } from './harness/resumeCheck';
import { loadLogFromBytes } from './log/load';
import { summarize } from './view/summary';

const ROOT = fileURLToPath(new URL('../../../shared/samples/dsh-corpus/', import.meta.url));
const expected = JSON.parse(
  readFileSync(new URL('../../fixtures/corpus/expected-errors.json', import.meta.url), 'utf8'),
) as { files: Record<string, { why: string; errors: { code: string; seq?: number; line?: number }[] }> };

function logsUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...logsUnder(path));
    else if (/\.jsonl$/.test(name)) out.push(relative(ROOT, path));
  }
  return out.sort();
}

/**
 * The last request/header of a file and its seq, read naively from the spec's
 * words (section 1): unwrap session_event lines, skip the header and meta
 * lines, count a packed row as its members.
 */
function lastHeaderNaively(text: string): { header: Record<string, unknown>; seq: number } | null {
  let seq = 0;
  let found: { header: Record<string, unknown>; seq: number } | null = null;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let v = JSON.parse(line) as Record<string, unknown>;
    if (v.type === 'session_event') v = v.event as Record<string, unknown>;
    if (v.type === 'session' || v.type === 'result' || v.data === undefined) continue;
    const data = v.data as Record<string, unknown>;
    if (/-chunks$/.test(String(v.type))) {
      seq += ((data.texts ?? data.args) as unknown[]).length;
      continue;
    }
    if (v.type === 'request/header') found = { header: data.header as Record<string, unknown>, seq };
    seq++;
  }
  return found;
}

const files = logsUnder(ROOT);

describe('the harness corpus', () => {
  it('has the 178 logs its README names, and every log the fixture explains exists', () => {
    expect(files).toHaveLength(178);
    for (const f of Object.keys(expected.files)) expect(files).toContain(f);
  });

  it('every log loads with exactly the error diagnostics it really has', () => {
    const wrong: string[] = [];
    for (const f of files) {
      const log = loadLogFromBytes(new Uint8Array(readFileSync(join(ROOT, f))));
      const errors = log.diagnostics.items
        .filter((d) => d.severity === 'error')
        .map((d) => ({ code: d.code, ...(d.seq !== undefined ? { seq: d.seq } : { line: d.line }) }));
      const want = expected.files[f]?.errors ?? [];
      if (JSON.stringify(errors) !== JSON.stringify(want)) wrong.push(`${f}: ${JSON.stringify(errors)}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('every event has a readable summary: no type the harness knows is shown as unknown', () => {
    const unreadable: string[] = [];
    for (const f of files) {
      const log = loadLogFromBytes(new Uint8Array(readFileSync(join(ROOT, f))));
      for (let s = 0; s < log.eventCount; s++) {
        const text = summarize(log.event(s)).text;
        if (text === '' || /unknown type/.test(text))
          unreadable.push(`${f} seq ${s} (${log.typeOf(s)}): ${text}`);
      }
      // Deriving and the resume check answer for every log.
      if (log.eventCount > 0) expect(() => log.messagesAt(log.eventCount - 1)).not.toThrow();
      expect(() => resumeCheck(log)).not.toThrow();
    }
    expect(unreadable).toEqual([]);
  }, 60_000);

  it('where a log has a request/header, the request in force at the last seq is what that header says', () => {
    let withHeader = 0;
    for (const f of files) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      const naive = lastHeaderNaively(text);
      const log = loadLogFromBytes(new TextEncoder().encode(text));
      const request = requestInForceAt(log, log.eventCount - 1);
      if (naive === null) {
        expect(request, f).toBeNull();
        continue;
      }
      withHeader++;
      const h = naive.header;
      const want: Record<string, unknown> = { config: h.config };
      if (h.system !== undefined && h.system !== '') want.system = h.system;
      if (h.tools !== undefined && !(Array.isArray(h.tools) && h.tools.length === 0)) want.tools = h.tools;
      if (h.adapterDefaults !== undefined) want.adapterDefaults = h.adapterDefaults;
      want.seq = naive.seq;
      expect(request && requestJson(request), f).toEqual(want);
      if (Array.isArray(h.messagePrefix)) expect(request?.legacyMessagePrefix, f).toEqual(h.messagePrefix);
    }
    expect(withHeader).toBeGreaterThan(100);
  }, 60_000);
});
