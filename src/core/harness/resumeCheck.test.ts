/**
 * The resume check (spec section 4) and its diagnostics (section 5). The
 * harness's own repair is the oracle where the corpus has it: its
 * tool-outcome-unknown snapshot is a log the harness repaired, so cutting it
 * where the crash was and running the check must give back exactly the
 * events it appended.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import type { SessionLog } from '../log/sessionLog';
import { TOOL_NOT_STARTED_TEXT } from './repairEvents';
import { resumeCheck } from './resumeCheck';

const CORPUS = new URL('../../../../shared/samples/dsh-corpus/', import.meta.url);
const lines = (...events: unknown[]): string => events.map((e) => JSON.stringify(e)).join('\n') + '\n';
const HEADER = { type: 'session', version: 0, id: 's', createdAt: 0, cwd: '/work', delegationDepth: 0 };
const codes = (log: SessionLog, prefix = 'resume') =>
  log.diagnostics.items
    .filter((d) => d.code.startsWith(prefix))
    .map((d) => [d.code, d.severity, d.seq ?? null]);

const call = (id: string, name = 'read') => ({ type: 'tool-call', id, name, arguments: '{}' });
const assistant = (blocks: unknown[], time?: number) => ({
  type: 'assistant/message',
  ...(time !== undefined ? { time } : {}),
  data: { turn: 1, step: 1, message: { role: 'assistant', content: blocks } },
  surfaceOp: 'append',
  sourceEventSeqs: [],
});
const toolCall = (id: string, time?: number) => ({
  type: 'tool/call',
  ...(time !== undefined ? { time } : {}),
  data: { turn: 1, step: 1, callId: id, name: 'read', arguments: '{}' },
});
const toolResult = (id: string) => ({
  type: 'tool/result',
  data: {
    turn: 1,
    step: 1,
    message: {
      role: 'user',
      content: [{ type: 'tool-result', toolCallId: id, content: [] }],
      source: { kind: 'tool', callId: id },
    },
  },
  surfaceOp: 'append',
});
const start = [
  HEADER,
  { type: 'turn/start', data: { turn: 1 } },
  {
    type: 'user/message',
    data: { role: 'user', content: [{ type: 'text', text: 'go' }] },
    surfaceOp: 'append',
  },
  { type: 'step/start', data: { turn: 1, step: 1 } },
];

describe('the repair of a log that ends inside a turn', () => {
  it('gives back exactly what the harness appended to its own crashed log (tool-outcome-unknown)', () => {
    const text = readFileSync(
      new URL(
        'examples/headless-agent/tests/semantic-checkpoint-snapshots/tool-outcome-unknown/session.expected.jsonl',
        CORPUS,
      ),
      'utf8',
    );
    const all = text.split('\n').filter(Boolean);
    // Header + seqs 0..4 (the tool/call): the crash came before the result.
    const crashed = loadLogFromText(all.slice(0, 6).join('\n') + '\n');
    const repaired = loadLogFromText(text);
    const check = resumeCheck(crashed);
    expect(check.refusals).toEqual([]);
    const written = [5, 6, 7, 8].map((s) => repaired.event(s));
    expect(check.repair.map(({ synthetic, ...e }) => (expect(synthetic).toBe(true), e))).toEqual(
      written.map((e) => ({ ...e, data: e.data })),
    );
  });

  it('a pending call whose tool/call was recorded: TOOL_OUTCOME_UNKNOWN citing that seq; one never recorded: TOOL_NOT_STARTED', () => {
    const log = loadLogFromText(lines(...start, assistant([call('a'), call('b')], 500), toolCall('a', 600)));
    const { repair } = resumeCheck(log);
    expect(repair.map((e) => [e.seq, e.type, e.time])).toEqual([
      [5, 'tool/result', 600],
      [6, 'tool/result', 600],
      [7, 'step/end', 600],
      [8, 'turn/end', 600],
      [9, 'session/end-seed', 600],
    ]);
    const [unknown, notStarted] = repair;
    expect(unknown).toMatchObject({
      surfaceOp: 'append',
      sourceEventSeqs: [4],
      data: {
        turn: 1,
        step: 1,
        error: { code: 'TOOL_OUTCOME_UNKNOWN' },
        message: { id: 'interrupted-tool-result-a-5', role: 'user', source: { kind: 'tool', callId: 'a' } },
      },
    });
    expect(notStarted).toMatchObject({
      sourceEventSeqs: [3],
      data: {
        error: { code: 'TOOL_NOT_STARTED' },
        message: {
          content: [
            {
              type: 'tool-result',
              toolCallId: 'b',
              isError: true,
              content: [{ type: 'text', text: TOOL_NOT_STARTED_TEXT }],
            },
          ],
        },
      },
    });
    expect(repair[3]?.data).toEqual({ turn: 1, reason: { kind: 'interrupted' } });
    expect(codes(log)).toEqual([['resume-repair', 'info', 4]]);
    const message = log.diagnostics.items.find((d) => d.code === 'resume-repair')?.message;
    expect(message).toBe(
      'the log ends inside turn 1: on resume the harness appends tool/result TOOL_OUTCOME_UNKNOWN for call a (tool/call at seq 4), tool/result TOOL_NOT_STARTED for call b, step/end, turn/end (interrupted), session/end-seed',
    );
  });

  it('answered calls need nothing; no step/end when the step is closed', () => {
    const log = loadLogFromText(
      lines(...start, assistant([call('a')]), toolCall('a'), toolResult('a'), {
        type: 'step/end',
        data: { turn: 1, step: 1 },
      }),
    );
    expect(resumeCheck(log).repair.map((e) => e.type)).toEqual(['turn/end', 'session/end-seed']);
  });

  it("only calls since the open turn's last step/end count", () => {
    const log = loadLogFromText(
      lines(
        ...start,
        assistant([call('old')]),
        { type: 'step/end', data: { turn: 1, step: 1 } },
        { type: 'step/start', data: { turn: 1, step: 2 } },
      ),
    );
    expect(resumeCheck(log).repair.map((e) => e.type)).toEqual(['step/end', 'turn/end', 'session/end-seed']);
    expect(resumeCheck(log).repair[0]?.data).toEqual({ turn: 1, step: 2 });
  });

  it('a log that ends between turns needs no repair', () => {
    const log = loadLogFromText(
      lines(
        ...start,
        { type: 'step/end', data: { turn: 1, step: 1 } },
        { type: 'turn/end', data: { turn: 1, reason: { kind: 'completed' } } },
      ),
    );
    expect(resumeCheck(log).repair).toEqual([]);
    expect(codes(log)).toEqual([]);
  });

  it('a turn/end on an unterminated last line does not count: the harness cuts that line off first', () => {
    const text =
      lines(...start, { type: 'step/end', data: { turn: 1, step: 1 } }) +
      JSON.stringify({ type: 'turn/end', data: { turn: 1, reason: { kind: 'completed' } } });
    const log = loadLogFromText(text);
    expect(log.eventCount).toBe(5); // shown as read
    const check = resumeCheck(log);
    expect(check.lastKeptSeq).toBe(3);
    expect(check.repair.map((e) => [e.seq, e.type])).toEqual([
      [4, 'turn/end'],
      [5, 'session/end-seed'],
    ]);
    expect(codes(log, 'torn').concat(codes(log))).toEqual([
      ['torn-tail', 'warning', 4],
      ['resume-repair', 'info', 3],
    ]);
  });
});

describe('resume refusals: one resume-refused warning per reason', () => {
  const turnDone = [
    { type: 'turn/start', data: { turn: 1 } },
    { type: 'turn/end', data: { turn: 1, reason: { kind: 'completed' } } },
  ];
  const reasons = (log: SessionLog) => resumeCheck(log).refusals.map((r) => r.reason);

  it('header rules: no delegationDepth, retired fields, version other than 0, a relative cwd', () => {
    const log = loadLogFromText(
      lines(
        { type: 'session', version: 2, cwd: 'rel/dir', sandboxMode: 'x', approvalPolicy: 'never' },
        ...turnDone,
      ),
    );
    expect(reasons(log)).toEqual([
      'header-delegation-depth',
      'header-retired-field',
      'header-retired-field',
      'header-version',
      'header-relative-cwd',
    ]);
    expect(codes(log)).toEqual(Array(5).fill(['resume-refused', 'warning', null]));
    expect(log.diagnostics.items.filter((d) => d.code === 'resume-refused').every((d) => d.line === 1)).toBe(
      true,
    );
  });

  it('absolute cwds (POSIX, Windows) and the corpus {{cwd}} placeholder pass', () => {
    for (const cwd of ['/home/a', 'C:\\work', '\\\\server\\share', '{{cwd}}/workspace'])
      expect(reasons(loadLogFromText(lines({ ...HEADER, cwd }, ...turnDone))), cwd).toEqual([]);
  });

  it('legacy forms it no longer migrates: request/header-delta, mode/set, request/header with reason fallback', () => {
    const log = loadLogFromText(
      lines(
        HEADER,
        { type: 'request/header-delta', data: {} },
        { type: 'mode/set', data: {} },
        { type: 'mode/set', data: {} },
        { type: 'request/header', data: { header: { config: {} }, reason: 'fallback' } },
        ...turnDone,
      ),
    );
    const check = resumeCheck(log);
    expect(check.refusals.map((r) => [r.reason, r.seq])).toEqual([
      ['legacy-form:request/header-delta', 0],
      ['legacy-form:mode/set', 1],
      ['legacy-form:request/header:fallback', 3],
    ]);
    // They are unknown types too (spec 2), but not reported twice as reasons.
    expect(log.diagnostics.items.filter((d) => d.code === 'unknown-required-type')).toHaveLength(2);
  });

  it('any error diagnostic (one reason per code) and an unknown required type', () => {
    const log = loadLogFromText(
      lines(
        HEADER,
        { type: 'agent/status', data: {} },
        { type: 'turn/end', data: { turn: 1, reason: { kind: 'completed' } } },
      ) + '{broken\n',
    );
    expect(resumeCheck(log).refusals.map((r) => [r.reason, r.message])).toEqual([
      ['unknown-required-type', 'unknown event type without ignorable: true (agent/status)'],
      ['error:turn-unbalanced', '1 turn-unbalanced error (first at seq 1)'],
      ['error:bad-json', '1 bad-json error (first on line 4)'],
    ]);
  });

  it('an older log without surface markers is refused', () => {
    const log = loadLogFromText(
      lines(
        HEADER,
        { type: 'turn/start', data: { turn: 1 } },
        { type: 'user/message', data: { role: 'user', content: [] } },
        turnDone[1],
      ),
    );
    expect(reasons(log)).toEqual(['surface-op-missing']);
  });

  it('a file that is no log at all has nothing to resume', () => {
    const log = loadLogFromText('\u0000\u0001 not json\n');
    expect(resumeCheck(log)).toEqual({ refusals: [], repair: [], lastKeptSeq: -1 });
  });
});
