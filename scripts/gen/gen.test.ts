import { describe, expect, it } from 'vitest';
import { generateLog, generateLogText, type Dialect, type GenerateOptions } from './index';
import { isKnownEventType } from '../../src/core/reader/knownTypes';

// ---------------------------------------------------------------- a naive oracle
//
// Deliberately simple and independent of src/core: parse every line, expand
// packed rows, then check the spec's rules one by one with plain arrays.

interface Block {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  arguments?: string;
  input?: unknown;
  toolCallId?: string;
  content?: unknown;
  isError?: boolean;
}
interface Chunk {
  type: string;
  index?: number;
  blockType?: string;
  text?: string;
  id?: string;
  name?: string;
  argumentsDelta?: string;
  arguments?: string;
  block?: Block;
  reason?: { kind: string };
}
interface Message {
  role: string;
  content: Block[] | string;
  toolName?: string;
  isError?: boolean;
}
interface Data {
  turn?: number;
  step?: number;
  reason?: { kind: string };
  chunk?: Chunk;
  message?: Message;
  callId?: string;
  interrupted?: boolean;
  // packed rows
  index?: number;
  dt?: number[];
  texts?: string[];
  args?: string[];
  id?: string;
  name?: string;
}
type SurfaceOp = 'append' | { op: string; start: number; end: number };
interface Line {
  type: string;
  seq: number;
  time: number;
  data: Data;
  surfaceOp?: SurfaceOp;
  sourceEventSeqs?: number[];
  version?: number;
  seq0?: number;
  time0?: number;
}
interface Ev extends Line {
  line: number;
}

interface Parsed {
  header: Line | undefined;
  events: Ev[];
  packed: Record<string, number>;
  lines: string[];
}

function parse(text: string): Parsed {
  expect(text.endsWith('\n') || text === '').toBe(true);
  const lines = text === '' ? [] : text.slice(0, -1).split('\n');
  const events: Ev[] = [];
  const packed: Record<string, number> = { 'text-chunks': 0, 'reasoning-chunks': 0, 'tool-call-chunks': 0 };
  let header: Line | undefined = undefined;
  lines.forEach((line, i) => {
    const v = JSON.parse(line) as Line; // throws on invalid JSON
    expect(typeof v === 'object' && v !== null && !Array.isArray(v)).toBe(true);
    if (v.type === 'session') {
      expect(i).toBe(0);
      header = v;
      return;
    }
    if (v.type in packed) {
      packed[v.type] = (packed[v.type] ?? 0) + 1;
      const d = v.data;
      const items = (v.type === 'tool-call-chunks' ? d.args : d.texts)!;
      expect(d.dt!.length).toBe(items.length - 1);
      let t = v.time0!;
      items.forEach((item, k) => {
        if (k > 0) t += d.dt![k - 1]!;
        const chunk: Chunk =
          v.type === 'tool-call-chunks'
            ? {
                type: 'tool-call-delta',
                index: d.index,
                id: d.id,
                ...(d.name !== undefined ? { name: d.name } : {}),
                argumentsDelta: item,
              }
            : {
                type: v.type === 'text-chunks' ? 'text-delta' : 'reasoning-delta',
                index: d.index,
                text: item,
              };
        events.push({
          type: 'assistant/chunk',
          seq: v.seq0! + k,
          time: t,
          data: { turn: d.turn, step: d.step, chunk },
          line: i + 1,
        });
      });
      return;
    }
    events.push({ ...v, line: i + 1 });
  });
  return { header, events, packed, lines };
}

const SURFACE = new Set(['user/message', 'assistant/message', 'tool/result']);
const IN_STEP = new Set(['assistant/chunk', 'assistant/message', 'tool/call', 'tool/result']);

/** Naive assembly: blocks by index in order of first appearance (design-card deltas get indexes). */
function assemble(chunks: Chunk[]): Block[] {
  const blocks = new Map<number, Block>();
  let cardIndex = -1;
  let cardKind = '';
  for (const c of chunks) {
    let index = c.index ?? -1;
    if (c.index === undefined && c.type.endsWith('-delta')) {
      if (c.type !== cardKind || (c.type === 'tool-call-delta' && c.name !== undefined)) cardIndex++;
      cardKind = c.type;
      index = cardIndex;
    }
    const get = (type: string): Block => {
      let b = blocks.get(index);
      if (!b)
        blocks.set(
          index,
          (b = type === 'tool-call' ? { type, id: '', name: '', arguments: '' } : { type, text: '' }),
        );
      return b;
    };
    switch (c.type) {
      case 'block-start':
        get(c.blockType!);
        break;
      case 'text-delta':
        get('text').text += c.text!;
        break;
      case 'reasoning-delta':
        get('reasoning').text += c.text!;
        break;
      case 'tool-call-delta': {
        const b = get('tool-call');
        if (c.id !== undefined) b.id = c.id;
        if (c.name !== undefined) b.name = c.name;
        b.arguments = b.arguments! + (c.argumentsDelta ?? c.arguments!);
        break;
      }
      case 'block-end':
        blocks.set(index, c.block!);
        break;
    }
  }
  return [...blocks.values()];
}

function sameBlocks(assembled: Block[], content: Block[]): boolean {
  if (assembled.length !== content.length) return false;
  return assembled.every((a, i) => {
    const m = content[i] as Block;
    if (m.type === 'tool_use')
      return (
        a.type === 'tool-call' &&
        a.name === m.name &&
        JSON.stringify(JSON.parse(a.arguments!)) === JSON.stringify(m.input)
      );
    if (m.type === 'tool-call')
      return (
        a.type === 'tool-call' &&
        a.name === m.name &&
        JSON.stringify(JSON.parse(a.arguments!)) === JSON.stringify(JSON.parse(m.arguments!))
      );
    return a.type === m.type && a.text === m.text;
  });
}

/** The call id a tool/result answers, in either dialect. */
function resultCallId(ev: Ev, bySeq: Ev[]): string {
  const m = ev.data.message!;
  if (typeof m.content === 'string') return ev.data.callId ?? bySeq[ev.sourceEventSeqs![0]!]!.data.callId!;
  return m.content[0]!.toolCallId!;
}

/** A tool result with its nested content removed: what a prune may not change. */
function resultShape(ev: Ev, bySeq: Ev[]): string {
  const m = ev.data.message!;
  if (typeof m.content === 'string')
    return JSON.stringify({ toolName: m.toolName, isError: m.isError, callId: resultCallId(ev, bySeq) });
  const { content, ...rest } = m;
  return JSON.stringify({ ...rest, content: content.map(({ content: _c, ...b }) => b) });
}

interface Stats {
  failedAttempts: number;
  emptyMessages: number;
  interrupted: number;
  compactions: number;
  prunes: number;
  interleavedSteps: number;
  parallelSteps: number;
  toolErrors: number;
  turnEnds: Record<string, number>;
}

/** Checks every rule the generator promises; returns what the log exercised. */
function check(p: Parsed, dialect: Dialect): Stats {
  const { events } = p;
  const stats: Stats = {
    failedAttempts: 0,
    emptyMessages: 0,
    interrupted: 0,
    compactions: 0,
    prunes: 0,
    interleavedSteps: 0,
    parallelSteps: 0,
    toolErrors: 0,
    turnEnds: {},
  };
  function fail(ev: Ev, msg: string): never {
    throw new Error(`seq ${ev.seq} (line ${ev.line}, ${ev.type}): ${msg}`);
  }
  const bySeq: Ev[] = [];
  let turn: number | null = null;
  let lastTurn = 0;
  let step: number | null = null;
  let lastStep = 0;
  let attempt: Ev[] = [];
  const called = new Map<string, number>();
  const answered = new Set<string>();
  const surface: number[] = [];
  let prevTime = -Infinity;

  events.forEach((ev, pos) => {
    if (ev.seq !== pos) fail(ev, `seq != position ${pos}`);
    if (typeof ev.time !== 'number') fail(ev, 'no time');
    if (ev.time < prevTime) fail(ev, 'time goes backwards');
    prevTime = ev.time;
    if (typeof ev.data !== 'object' || ev.data === null || Array.isArray(ev.data))
      fail(ev, 'data not an object');
    if (!isKnownEventType(ev.type)) fail(ev, 'unknown type');
    bySeq.push(ev);
    const d = ev.data;

    // structure
    switch (ev.type) {
      case 'turn/start':
        if (turn !== null || d.turn !== lastTurn + 1) fail(ev, 'turn/start out of order');
        turn = lastTurn = d.turn!;
        lastStep = 0;
        break;
      case 'turn/end':
        if (turn !== d.turn || step !== null) fail(ev, 'turn/end unbalanced');
        stats.turnEnds[d.reason!.kind] = (stats.turnEnds[d.reason!.kind] ?? 0) + 1;
        turn = null;
        break;
      case 'step/start':
        if (turn !== d.turn || step !== null || d.step !== lastStep + 1) fail(ev, 'step/start unbalanced');
        step = lastStep = d.step!;
        attempt = [];
        break;
      case 'step/end':
        if (turn !== d.turn || step !== d.step) fail(ev, 'step/end unbalanced');
        if (attempt.length > 0) fail(ev, 'chunks left without a message or finish');
        step = null;
        break;
    }
    if (IN_STEP.has(ev.type) && (step === null || d.turn !== turn || d.step !== step))
      fail(ev, 'outside its step');

    // chunks and attempts
    if (ev.type === 'assistant/chunk') {
      const c = d.chunk!;
      if (dialect === 'card' && c.type.endsWith('-delta') && c.index !== undefined)
        fail(ev, 'card delta with index');
      attempt.push(ev);
      const r = c.type === 'finish' ? c.reason!.kind : null;
      if (r === 'error' || r === 'aborted') {
        stats.failedAttempts++;
        attempt = [];
      }
    }
    if (ev.type === 'assistant/message') {
      const seqs = attempt.map((c) => c.seq);
      if (JSON.stringify(ev.sourceEventSeqs) !== JSON.stringify(seqs))
        fail(ev, `sourceEventSeqs ${JSON.stringify(ev.sourceEventSeqs)} != chunks ${JSON.stringify(seqs)}`);
      const content = d.message!.content as Block[];
      const chunks = attempt.map((c) => c.data.chunk!);
      if (!sameBlocks(assemble(chunks), content)) fail(ev, 'content differs from the assembled chunks');
      // Stricter than the spec: the deltas alone (the scrubber's preview) also assemble to the content.
      if (!sameBlocks(assemble(chunks.filter((c) => c.type !== 'block-end')), content))
        fail(ev, 'deltas differ from the content');
      if (content.length === 0) stats.emptyMessages++;
      if (d.interrupted === true) stats.interrupted++;
      const tools = content.filter((b) => b.type === 'tool-call' || b.type === 'tool_use').length;
      if (tools > 1) stats.parallelSteps++;
      const idx = chunks.filter((c) => c.type === 'tool-call-delta').map((c) => c.index!);
      if (idx.some((x, i) => i > 0 && x < idx[i - 1]!)) stats.interleavedSteps++;
      attempt = [];
    }

    // tool pairing
    if (ev.type === 'tool/call') called.set(d.callId!, ev.seq);
    if (ev.type === 'tool/result') {
      const id = resultCallId(ev, bySeq);
      if (!called.has(id)) fail(ev, `result for unknown call ${id}`);
      answered.add(id);
      const m = d.message!;
      if (typeof m.content === 'string' ? m.isError === true : m.content[0]?.isError === true)
        stats.toolErrors++;
    }

    // surface
    const op = ev.surfaceOp;
    const src = ev.sourceEventSeqs;
    if (!SURFACE.has(ev.type)) {
      if (op !== undefined || src !== undefined) fail(ev, 'surfaceOp/sourceEventSeqs on a non-surface event');
      return;
    }
    if (op === undefined) fail(ev, 'surface event without surfaceOp');
    if (src !== undefined) {
      if (new Set(src).size !== src.length) fail(ev, 'duplicate sourceEventSeqs');
      if (src.some((s) => !Number.isInteger(s) || s < 0 || s >= ev.seq))
        fail(ev, 'sourceEventSeqs not earlier');
      if (src.length === 0 && ev.type !== 'assistant/message') fail(ev, 'empty sourceEventSeqs');
    } else if (ev.type === 'tool/result') fail(ev, 'tool/result without sourceEventSeqs');
    if (op === 'append') {
      surface.push(ev.seq);
      return;
    }
    if (op.op !== 'replace') fail(ev, 'bad surfaceOp');
    const a = surface.indexOf(op.start);
    const b = surface.indexOf(op.end);
    if (a < 0 || b < 0) fail(ev, 'replace range not on the surface');
    if (a > b) fail(ev, 'replace range reversed');
    const hidden = surface.slice(a, b + 1);
    for (const h of hidden) if (!src?.includes(h)) fail(ev, `replace does not list hidden node ${h}`);
    if (ev.type === 'tool/result') {
      if (hidden.length !== 1 || bySeq[hidden[0]!]!.type !== 'tool/result')
        fail(ev, 'prune must hide one tool/result');
      if (resultShape(ev, bySeq) !== resultShape(bySeq[hidden[0]!]!, bySeq))
        fail(ev, 'prune changed more than nested content');
      stats.prunes++;
    } else stats.compactions++;
    surface.splice(a, b - a + 1, ev.seq);
  });

  if (turn !== null || step !== null) throw new Error('log ends inside a turn or step');
  for (const id of called.keys()) if (!answered.has(id)) throw new Error(`call ${id} never answered`);
  return stats;
}

function gen(o: GenerateOptions): Parsed {
  return parse(generateLogText(o));
}

// ---------------------------------------------------------------- tests

describe('generateLog', () => {
  it('is deterministic: the same seed gives the same bytes, another seed differs', () => {
    for (const dialect of ['dsh', 'card'] as const) {
      const a = generateLogText({ events: 3000, seed: 7, dialect });
      expect(generateLogText({ events: 3000, seed: 7, dialect })).toBe(a);
      expect(generateLogText({ events: 3000, seed: 8, dialect })).not.toBe(a);
    }
  });

  it('the line generator and the batch writer agree', () => {
    const o = { events: 2500, seed: 4 };
    expect([...generateLog(o)].map((l) => l + '\n').join('')).toBe(generateLogText(o));
  });

  it('writes exactly N events and closes every turn', () => {
    const sizes = [0, 1, 2, 3, 7, 11, 12, 13, 14, 20, 50, 99, 100, 301, 799, 800, 801, 823, 1000, 4321];
    for (const dialect of ['dsh', 'card'] as const) {
      for (const events of sizes) {
        for (const seed of [1, 2, 3]) {
          const p = gen({ events, seed, dialect });
          expect(p.events.length, `${dialect} N=${events} seed=${seed}`).toBe(events);
          check(p, dialect); // also: no open turn or step at the end
        }
      }
    }
  });

  it('every line is JSON; seqs are contiguous and times never go backwards; the surface fold and the chunk assembly hold (dsh)', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const p = gen({ events: 20_000, seed });
      expect(p.header).toMatchObject({ type: 'session', version: 0 });
      check(p, 'dsh');
    }
  });

  it('the same holds for the design-card dialect', () => {
    for (const seed of [1, 2, 3]) {
      const p = gen({ events: 20_000, seed, dialect: 'card' });
      expect(p.header).toBeUndefined();
      expect(Object.values(p.packed).every((n) => n === 0)).toBe(true);
      const stats = check(p, 'card');
      expect(stats.compactions).toBeGreaterThan(0);
      const text = p.lines.join('\n');
      expect(text).toContain('"type":"tool_use"');
      expect(text).toContain('"role":"tool","toolName"');
      expect(text).not.toContain('"blockType"');
    }
  });

  it('exercises every feature the spec describes', () => {
    const p = gen({ events: 60_000, seed: 11 });
    const s = check(p, 'dsh');
    expect(s.failedAttempts).toBeGreaterThan(0);
    expect(s.emptyMessages).toBeGreaterThan(0);
    expect(s.interrupted).toBeGreaterThan(0);
    expect(s.compactions).toBeGreaterThan(0);
    expect(s.prunes).toBeGreaterThan(0);
    expect(s.parallelSteps).toBeGreaterThan(0);
    expect(s.interleavedSteps).toBeGreaterThan(0);
    expect(s.toolErrors).toBeGreaterThan(0);
    expect(Object.keys(s.turnEnds).sort()).toEqual(['aborted', 'completed', 'max-tokens']);
    for (const n of Object.values(p.packed)) expect(n).toBeGreaterThan(0);
    const types = new Set(p.events.map((e) => e.type));
    for (const t of [
      'request/header',
      'session/title',
      'llm/retry',
      'compaction/start',
      'compaction/summary',
      'compaction/prune',
      'compaction/end',
    ])
      expect(types.has(t), t).toBe(true);
    const text = p.lines.join('\n');
    expect(text).toMatch(/[\u4e00-\u9fff]/); // CJK
    expect(text).toMatch(/\p{Extended_Pictographic}/u); // emoji
    expect(text).toContain('\\n'); // multi-line strings
    expect(Math.max(...p.lines.map((l) => l.length))).toBeGreaterThan(50_000); // a long tool output
  });

  it('rejects a bad event count', () => {
    expect(() => generateLogText({ events: -1 })).toThrow(RangeError);
    expect(() => generateLogText({ events: 1.5 })).toThrow(RangeError);
  });
});

describe('the naive oracle', () => {
  // Guards the guard: each tampering must be caught.
  const base = generateLogText({ events: 20_000, seed: 11 });
  /** Rewrites the first line that `pick` accepts. */
  const edit = (pick: (v: Line) => boolean, change: (v: Line) => void) => (s: string) => {
    const lines = s.split('\n');
    const i = lines.findIndex((l) => l !== '' && pick(JSON.parse(l) as Line));
    const v = JSON.parse(lines[i]!) as Line;
    change(v);
    lines[i] = JSON.stringify(v);
    return lines.join('\n');
  };
  const isReplace = (v: Line) => typeof v.surfaceOp === 'object';
  const range = (v: Line) => v.surfaceOp as { op: string; start: number; end: number };
  const cases: [string, (s: string) => string][] = [
    [
      'a changed delta',
      edit(
        (v) => v.type === 'assistant/chunk' && v.data.chunk?.type === 'text-delta',
        (v) => (v.data.chunk!.text += 'X'),
      ),
    ],
    [
      'a changed block-end',
      edit(
        (v) => v.type === 'assistant/chunk' && v.data.chunk?.type === 'block-end',
        (v) => (v.data.chunk!.block = { type: 'text', text: 'tampered' }),
      ),
    ],
    [
      'a message listing one chunk too few',
      edit(
        (v) => v.type === 'assistant/message' && v.sourceEventSeqs!.length > 1,
        (v) => v.sourceEventSeqs!.pop(),
      ),
    ],
    ['a replace over a node that is not on the surface', edit(isReplace, (v) => (range(v).start = 1))],
    [
      'a replace that hides a node it does not list',
      edit(isReplace, (v) => (v.sourceEventSeqs = v.sourceEventSeqs!.filter((x) => x !== range(v).start))),
    ],
    [
      'a prune that flips isError',
      edit(
        (v) => v.type === 'tool/result' && isReplace(v),
        (v) => ((v.data.message!.content as Block[])[0]!.isError = true),
      ),
    ],
    [
      'time going backwards',
      edit(
        (v) => v.seq === 40,
        (v) => (v.time = 1),
      ),
    ],
    [
      'a packed row with a short dt',
      edit(
        (v) => v.type === 'text-chunks',
        (v) => v.data.dt!.pop(),
      ),
    ],
    [
      'an unanswered call',
      edit(
        (v) => v.type === 'tool/call',
        (v) => (v.data.callId = 'nobody'),
      ),
    ],
  ];
  for (const [name, tamper] of cases) {
    it(`catches ${name}`, () => {
      const bad = tamper(base);
      expect(bad).not.toBe(base);
      expect(() => check(parse(bad), 'dsh')).toThrow();
    });
  }
});
