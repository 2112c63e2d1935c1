import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateLogText } from '../../../scripts/gen/index';
import { loadLogFromText } from './load';
import type { SessionLog } from './sessionLog';
import { ELIDED_FROM_BYTES } from '../reader/elidedResults';

const SAMPLES = new URL('../../../../shared/samples/', import.meta.url);

/**
 * The same log with every tool/result line written `{ "type":...`: JSON.parse gives the same
 * values, but the reader no longer recognises the lines to read without their result texts.
 */
const readWhole = (text: string) => text.replace(/^\{"type":"tool\/result",/gm, '{ "type":"tool/result",');

const encoder = new TextEncoder();

function resultTexts(value: unknown): string[] {
  const blocks = (value as { data: { message: { content: { content?: { text?: unknown }[] }[] } } }).data
    .message.content;
  return blocks.flatMap((b) => (b.content ?? []).map((p) => p.text)).filter((t) => typeof t === 'string');
}

/** Everything a load answers, but byte offsets and lengths (the spaces added move them). */
function answers(log: SessionLog) {
  const n = log.eventCount;
  const seqs = Array.from({ length: n }, (_, s) => s);
  return {
    n,
    perEvent: seqs.map((s) => [log.typeOf(s), log.timeOf(s), log.lineOf(s), log.flagsOf(s)]),
    diagnostics: log.diagnosticList.map((d) => ({ ...d })),
    structure: JSON.parse(JSON.stringify(log.structure)) as unknown,
    // Every seq's newest messages (at most 20): a result text shows as written.
    messages: seqs.map((s) => {
      const count = log.messagesAt(s, 0, 0).count;
      return log.messagesAt(s, Math.max(0, count - 20)).messages;
    }),
  };
}

describe('tool/result lines read at load without their result texts', () => {
  const cases: [string, string][] = [
    ['generated, 6000 events', generateLogText({ events: 6000, seed: 11 })],
    ['generated, 4000 events, all packed', generateLogText({ events: 4000, seed: 3, packedRatio: 1 })],
    ...readdirSync(new URL('dsh/', SAMPLES))
      .filter((f) => f.endsWith('.jsonl'))
      .map((f): [string, string] => [`dsh/${f}`, readFileSync(new URL(`dsh/${f}`, SAMPLES), 'utf8')]),
  ];

  it.each(cases)('%s: loads to what reading them whole gives', (_name, text) => {
    const elided = loadLogFromText(text);
    const whole = loadLogFromText(readWhole(text));
    expect(whole.elidedLines).toBe(0);
    expect(answers(elided)).toStrictEqual(answers(whole));
  });

  it('a line that starts as a tool/result but is a header or a meta line (a later "type") keeps its texts', () => {
    const text = 'x'.repeat(400);
    const line = (type: string) =>
      `{"type":"tool/result","data":{"message":{"role":"user","content":[{"type":"tool-result","toolCallId":"c1","content":[{"type":"text","text":"${text}"}]}]}},"version":0,"sessionId":"s","type":"${type}"}`;
    const log = loadLogFromText(
      `${line('session')}\n${line('result')}\n{"type":"turn/start","data":{"turn":1}}\n`,
    );
    type Held = { data: { message: { content: { content: { text: string }[] }[] } } };
    expect((log.sessionHeader as unknown as Held).data.message.content[0]!.content[0]!.text).toBe(text);
    expect((log.metas[0]!.value as unknown as Held).data.message.content[0]!.content[0]!.text).toBe(text);
    expect(log.elidedLines).toBe(0);
  });

  it('most tool/result lines of a harness log are read so, and none of their messages is kept', () => {
    const text = generateLogText({ events: 20000, seed: 11 });
    const log = loadLogFromText(text);
    // Every line with a result text long enough to leave unread (the generator's other strings are short).
    const longText = (l: string) =>
      resultTexts(JSON.parse(l)).some(
        (t) => encoder.encode(JSON.stringify(t)).length - 2 >= ELIDED_FROM_BYTES,
      );
    const eligible = text.split('\n').filter((l) => l.startsWith('{"type":"tool/result",') && longText(l));
    expect(eligible.length).toBeGreaterThan(50);
    expect(log.elidedLines).toBe(eligible.length);
    expect(log.keptMessages).toBe(0);
    // Each result's text, shown at its seq, is the one written.
    const lines = text.split('\n');
    let checked = 0;
    for (let s = 0; s < log.eventCount; s++) {
      if (log.typeOf(s) !== 'tool/result') continue;
      const written = JSON.parse(lines[log.lineOf(s) - 1] as string) as {
        data: { message: { content: { content: { text: string }[] }[] } };
        surfaceOp: unknown;
      };
      if (written.surfaceOp !== 'append') continue; // a prune's rewrite takes the pruned result's place
      const shown = log.messagesAt(s).messages.at(-1);
      expect(shown?.seq).toBe(s);
      expect(shown?.message.content).toStrictEqual(written.data.message.content);
      checked++;
    }
    expect(checked).toBeGreaterThan(eligible.length * 2);
  });
});
