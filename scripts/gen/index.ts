/**
 * Synthetic session-log generator (spec: shared/spec/session-log.md).
 *
 * `generateLog({ events: N, seed })` yields the lines of a deterministic log
 * with exactly N events (seqs 0..N-1; the DSH header line and the extra
 * members of packed chunk rows are not counted as lines, members are counted
 * as events). The last turn is planned to end exactly at N: its final answer
 * is lengthened or shortened to fit, so every turn and step is closed.
 *
 * The log is valid by construction: a correct loader reports no error or
 * warning on it, only the info diagnostics of the features it uses
 * (`failed-attempt`, `empty-assistant-message`, `interrupted-message`). The
 * generator keeps its own copy of the surface, so every `replace` it writes
 * (compaction, tool-result prunes) names nodes that are on the surface and
 * lists every node it hides in `sourceEventSeqs`; every `assistant/message`
 * carries exactly the content its chunks assemble to and lists exactly
 * those chunks' seqs.
 *
 * Pure TypeScript (no Node APIs): importable by tests, benchmarks and the
 * browser. `scripts/gen.ts` is the CLI; `./write.ts` streams to a Writable.
 */
import { Rng } from './prng';
import {
  type Lang,
  type ToolName,
  pickTool,
  proseTokens,
  splitFragments,
  steeringPrompt,
  summaryText,
  toolArguments,
  toolOutput,
  userPrompt,
} from './text';

export type Dialect = 'dsh' | 'card';

/** Optional behaviours; all on by default. */
export interface GenFeatures {
  /** Failed attempts: partial chunks, `finish` error, `llm/retry`, then a good attempt. */
  failedAttempts: boolean;
  /** `compaction/*` plus a `user/message` replace over older surface nodes. */
  compaction: boolean;
  /** `tool/result` replaces that prune an earlier long result's content. */
  prunes: boolean;
  /** Turns ending in max-tokens with an empty `assistant/message`. */
  maxTokens: boolean;
  /** Turns aborted by the user mid-stream (`interrupted: true` message). */
  interrupted: boolean;
  /** Several tool calls in one step (interleaved deltas in DSH). */
  parallelTools: boolean;
  /** Extra user messages mid-turn. */
  steering: boolean;
  /** Occasional tool outputs of tens to hundreds of KB. */
  longOutputs: boolean;
  /** Chinese turns (and CJK/emoji sprinkled in English text is always on). */
  cjk: boolean;
}

export interface GenerateOptions {
  /** Exactly this many events (>= 0). */
  events: number;
  /** PRNG seed (any integer); the same options give byte-identical output. Default 1. */
  seed?: number;
  /** `dsh` (default): DeepSeek Harness shapes. `card`: the design card example's shapes. */
  dialect?: Dialect;
  /** Epoch ms of the first event. Default 1_760_000_000_000. */
  startTime?: number;
  /** Write the `{"type":"session",...}` header line. Default: true for dsh, false for card. */
  header?: boolean;
  /** About this share of deltas is written in packed rows (runs of 2..64). Default 0.3 (dsh); card never packs. */
  packedRatio?: number;
  features?: Partial<GenFeatures>;
}

const DEFAULT_FEATURES: GenFeatures = {
  failedAttempts: true,
  compaction: true,
  prunes: true,
  maxTokens: true,
  interrupted: true,
  parallelTools: true,
  steering: true,
  longOutputs: true,
  cjk: true,
};

/** The generated log, line by line (no line ends). */
export function* generateLog(options: GenerateOptions): Generator<string, void, undefined> {
  yield* new LogGenerator(options).lines();
}

/**
 * The generated log as text batches of about `batchBytes` UTF-16 units each,
 * every batch a run of whole lines each ending in "\n". The fast path for
 * writers.
 */
export function* generateLogBatches(
  options: GenerateOptions,
  batchBytes = 1 << 20,
): Generator<string, void, undefined> {
  let parts: string[] = [];
  let size = 0;
  for (const line of generateLog(options)) {
    parts.push(line);
    size += line.length + 1;
    if (size >= batchBytes) {
      parts.push('');
      yield parts.join('\n');
      parts = [];
      size = 0;
    }
  }
  if (parts.length > 0) {
    parts.push('');
    yield parts.join('\n');
  }
}

/** The whole log as one string (every line ends in "\n"). For small logs. */
export function generateLogText(options: GenerateOptions): string {
  let s = '';
  for (const batch of generateLogBatches(options)) s += batch;
  return s;
}

// ---------------------------------------------------------------- plans

interface ProseBlock {
  kind: 'text' | 'reasoning';
  tokens: string[];
}
interface ToolBlock {
  kind: 'tool';
  tool: ToolName;
  id: string;
  /** Raw JSON arguments and the fragments they stream in. */
  args: string;
  frags: string[];
  isError: boolean;
  output: string;
  /** Milliseconds the tool runs. */
  duration: number;
}
type BlockPlan = ProseBlock | ToolBlock;

type StepKind = 'tools' | 'answer' | 'max-tokens' | 'interrupted';

interface StepPlan {
  first: boolean;
  title: boolean;
  context: boolean;
  todo: boolean;
  prune: boolean;
  ctxFailure: boolean;
  compaction: boolean;
  /** Failed attempts before the good one: each streams 0 or 1 partial prose block. */
  failures: ProseBlock[][];
  kind: StepKind;
  blocks: BlockPlan[];
  /** max-tokens only: whether the empty message has chunks (usage/finish) or none. */
  emptyChunks: boolean;
  steering: boolean;
}

interface SurfaceNode {
  kind: 'user' | 'assistant' | 'result';
  /** Set on tool results a prune may rewrite (long, not an error, no meta). */
  prunable?: { callId: string; callSeq: number; msgId: string; toolName: string };
}

const q = JSON.stringify;
const PROVIDER = 'deepseek-official';
const MODEL = 'deepseek-v4-flash';
/** Remaining events below which the next turn is the last and fills them exactly. */
const LAST_TURN = 800;
/** Events a non-last turn leaves for the turns after it. */
const RESERVE = 24;

type Chunk =
  | { k: 'start'; i: number; b: BlockPlan }
  | { k: 'delta'; i: number; b: BlockPlan; j: number }
  | { k: 'end'; i: number; b: BlockPlan };

class LogGenerator {
  private readonly rng: Rng;
  private readonly dsh: boolean;
  private readonly f: GenFeatures;
  private readonly total: number;
  private readonly packedRatio: number;
  private readonly header: boolean;

  private out: string[] = [];
  private seq = 0;
  private t: number;
  private turn = 0;
  private step = 0;
  private lang: Lang = 'en';
  private turnStartSeq = 0;
  private callCounter = 0;

  private readonly surface: number[] = [];
  private readonly nodes = new Map<number, SurfaceNode>();
  private prunables: number[] = [];
  private compactAt: number;
  private inputTokens = 2000;

  constructor(o: GenerateOptions) {
    if (!Number.isInteger(o.events) || o.events < 0)
      throw new RangeError('events must be a non-negative integer');
    this.total = o.events;
    this.rng = new Rng(o.seed ?? 1);
    this.dsh = (o.dialect ?? 'dsh') === 'dsh';
    this.f = { ...DEFAULT_FEATURES, ...o.features };
    this.packedRatio = this.dsh ? (o.packedRatio ?? 0.3) : 0;
    this.header = o.header ?? this.dsh;
    this.t = o.startTime ?? 1_760_000_000_000;
    this.compactAt = this.rng.int(24, 120);
  }

  *lines(): Generator<string, void, undefined> {
    if (this.header) {
      this.out.push(
        `{"type":"session","version":0,"id":${q(this.rng.uuid())},"createdAt":${this.t},"cwd":"/home/dev/project","delegationDepth":0}`,
      );
    }
    let first = true;
    for (;;) {
      const left = this.total - this.seq;
      if (left <= 0) break;
      if (!first) this.tick(2_000, 600_000, 3);
      first = false;
      const minTurn = this.minTurnSize();
      if (left < minTurn) this.fillerTurn(left);
      else if (left < LAST_TURN) this.genTurn(left, true);
      else this.genTurn(left - RESERVE, false);
      yield* this.out;
      this.out = [];
    }
    yield* this.out;
    this.out = [];
    if (this.seq !== this.total)
      throw new Error(`generator bug: wrote ${this.seq} events, asked for ${this.total}`);
  }

  // ------------------------------------------------------------ time and envelope

  private tick(lo: number, hi: number, power = 1): void {
    this.t += power === 1 ? this.rng.int(lo, hi) : this.rng.skewed(lo, hi, power);
  }

  /** Gap before a streamed token: mostly bursts, sometimes pauses. */
  private tokenGap(): number {
    const r = this.rng.next();
    if (r < 0.55) return this.rng.int(0, 3);
    if (r < 0.97) return this.rng.int(15, 70);
    return this.rng.int(200, 1500);
  }

  /** One event line; `tail` is the JSON after `data` (sourceEventSeqs, surfaceOp), starting with a comma. */
  private ev(type: string, data: string, tail = ''): number {
    const seq = this.seq++;
    this.out.push(`{"type":"${type}","seq":${seq},"time":${this.t},"data":${data}${tail}}`);
    return seq;
  }

  private surfaceTail(sources: number[] | null, op: string): string {
    const src = sources ? `,"sourceEventSeqs":[${sources.join(',')}]` : '';
    return this.dsh ? `${src},"surfaceOp":${op}` : `,"surfaceOp":${op}${src}`;
  }

  private ts(): string {
    return `"turn":${this.turn},"step":${this.step}`;
  }

  private chunk(chunkJson: string): number {
    return this.ev('assistant/chunk', `{${this.ts()},"chunk":${chunkJson}}`);
  }

  private append(seq: number, node: SurfaceNode): void {
    this.surface.push(seq);
    this.nodes.set(seq, node);
  }

  // ------------------------------------------------------------ turns

  private minTurnSize(): number {
    return 2 + this.stepSize(this.minimalAnswer(true, this.turn === 0));
  }

  /** A turn with no steps (as when pre-step rejects the claim): for budgets too small for a real one. */
  private fillerTurn(n: number): void {
    const todo = () => this.ev('todo/write', `{"todos":[{"content":"Wrap up","status":"pending"}]}`);
    if (n === 1) {
      todo();
      return;
    }
    this.turn++;
    this.ev('turn/start', `{"turn":${this.turn}}`);
    for (let i = 0; i < n - 2; i++) {
      this.tick(1, 50);
      todo();
    }
    this.tick(1, 20);
    this.ev('turn/end', `{"turn":${this.turn},"reason":{"kind":"completed"}}`);
  }

  /** One turn of at most `budget` events; exactly `budget` when `exact`. */
  private genTurn(budget: number, exact: boolean): void {
    const rng = this.rng;
    const start = this.seq;
    this.turn++;
    this.step = 0;
    this.lang = this.f.cjk && rng.chance(0.2) ? 'zh' : 'en';
    this.turnStartSeq = this.ev('turn/start', `{"turn":${this.turn}}`);

    const toolSteps = rng.chance(0.2) ? 0 : rng.skewed(1, 14, 2);
    let terminal: StepKind = 'answer';
    if (!exact) {
      const r = rng.next();
      if (this.f.maxTokens && r < 0.05) terminal = 'max-tokens';
      else if (this.f.interrupted && r < 0.11) terminal = 'interrupted';
    }

    for (let n = 1; ; n++) {
      const first = n === 1;
      const left = budget - (this.seq - start) - 1;
      if (n <= toolSteps) {
        const plan = this.planStep('tools', first);
        if (this.stepSize(plan) + this.stepSize(this.minimalAnswer(false, false)) <= left) {
          this.emitStep(plan);
          continue;
        }
      }
      const plan = this.planStep(terminal, first);
      if (exact || this.stepSize(plan) > left) this.fit(plan, left, exact);
      this.emitStep(plan);
      terminal = plan.kind;
      break;
    }

    this.tick(1, 10);
    const reason =
      terminal === 'max-tokens'
        ? '{"kind":"max-tokens"}'
        : terminal === 'interrupted'
          ? '{"kind":"aborted","reason":{"kind":"user"}}'
          : '{"kind":"completed"}';
    this.ev('turn/end', `{"turn":${this.turn},"reason":${reason}}`);
    if (exact && this.seq - start !== budget) throw new Error('generator bug: exact turn missed its budget');
  }

  // ------------------------------------------------------------ planning

  private emptyPlan(kind: StepKind, first: boolean): StepPlan {
    return {
      first,
      title: first && this.turn === 1 && this.dsh,
      context: false,
      todo: false,
      prune: false,
      ctxFailure: false,
      compaction: false,
      failures: [],
      kind,
      blocks: [],
      emptyChunks: false,
      steering: false,
    };
  }

  /** The smallest answer step: one text block with one token. */
  private minimalAnswer(first: boolean, firstTurn: boolean): StepPlan {
    const p = this.emptyPlan('answer', first);
    p.title = first && firstTurn && this.dsh;
    p.blocks = [{ kind: 'text', tokens: ['.'] }];
    return p;
  }

  private prose(kind: 'text' | 'reasoning', n: number): ProseBlock {
    return { kind, tokens: proseTokens(this.rng, n, this.lang, kind === 'reasoning') };
  }

  private planStep(kind: StepKind, first: boolean): StepPlan {
    const rng = this.rng;
    const p = this.emptyPlan(kind, first);
    p.context = this.dsh && first && rng.chance(0.5);
    p.todo = this.dsh && rng.chance(0.02);
    p.prune = this.f.prunes && rng.chance(0.12) && this.hasPrunable();
    p.compaction = this.f.compaction && this.surface.length >= this.compactAt;
    p.ctxFailure = p.compaction && this.f.failedAttempts && rng.chance(0.4);
    if (this.f.failedAttempts && rng.chance(0.04)) {
      const n = rng.chance(0.2) ? 2 : 1;
      for (let i = 0; i < n; i++) {
        p.failures.push(
          rng.chance(0.3) ? [] : [this.prose(rng.chance(0.5) ? 'reasoning' : 'text', rng.int(1, 40))],
        );
      }
    }
    switch (kind) {
      case 'tools': {
        if (rng.chance(0.6)) p.blocks.push(this.prose('reasoning', rng.skewed(3, 300, 2)));
        if (rng.chance(0.35)) p.blocks.push(this.prose('text', rng.skewed(2, 60, 2)));
        const nTools = this.f.parallelTools && rng.chance(0.2) ? rng.int(2, 5) : 1;
        for (let i = 0; i < nTools; i++) p.blocks.push(this.planTool());
        p.steering = this.f.steering && rng.chance(0.03);
        break;
      }
      case 'answer':
        if (rng.chance(0.5)) p.blocks.push(this.prose('reasoning', rng.skewed(3, 300, 2)));
        p.blocks.push(this.prose('text', rng.chance(0.03) ? rng.int(800, 3000) : rng.skewed(2, 400, 2)));
        break;
      case 'interrupted':
        if (rng.chance(0.4)) p.blocks.push(this.prose('reasoning', rng.int(1, 80)));
        p.blocks.push(this.prose('text', rng.int(1, 120)));
        break;
      case 'max-tokens':
        p.emptyChunks = rng.chance(0.7);
        break;
    }
    return p;
  }

  private planTool(): ToolBlock {
    const rng = this.rng;
    const tool = pickTool(rng);
    const args = q(toolArguments(rng, tool));
    const isError = rng.chance(0.08);
    const long = this.f.longOutputs && !isError && rng.chance(0.02);
    const id = `call_${String(this.callCounter++ % 100).padStart(2, '0')}_${rng.alnum(24)}`;
    return {
      kind: 'tool',
      tool,
      id,
      args,
      frags: splitFragments(rng, args, args.length > 400 ? 24 : 8),
      isError,
      output: toolOutput(rng, tool, isError, long),
      duration: rng.chance(0.05) ? rng.int(10_000, 120_000) : rng.skewed(30, 8_000, 3),
    };
  }

  private deltaCount(b: BlockPlan): number {
    return b.kind === 'tool' ? b.frags.length : b.tokens.length;
  }

  /** Events the plan will write; `emitStep` checks itself against it. */
  private stepSize(p: StepPlan): number {
    const dsh = this.dsh;
    let n = 2; // step/start, step/end
    if (p.first) n += 1 + (dsh ? 1 : 0) + (p.title ? 1 : 0) + (p.context ? 1 : 0);
    if (p.todo) n += 1;
    if (p.prune) n += 2;
    if (p.ctxFailure) n += 1;
    if (p.compaction) n += 4;
    for (const f of p.failures) {
      for (const b of f) n += this.deltaCount(b) + (dsh ? 1 : 0);
      n += 2; // finish, llm/retry
    }
    const blocks = (complete: boolean) => {
      let m = 0;
      for (const b of p.blocks) m += this.deltaCount(b) + (dsh ? (complete ? 2 : 1) : 0);
      return m;
    };
    switch (p.kind) {
      case 'tools':
      case 'answer': {
        n += blocks(true) + (dsh ? 2 : 0) + 1;
        for (const b of p.blocks) if (b.kind === 'tool') n += 2;
        break;
      }
      case 'max-tokens':
        n += (p.emptyChunks ? (dsh ? 2 : 1) : 0) + 1;
        break;
      case 'interrupted':
        n += blocks(false) + 1;
        break;
    }
    if (p.steering) n += 1;
    return n;
  }

  /**
   * Makes a terminal step take exactly `left` events (`exact`), or at most
   * `left`: becomes an answer if need be, drops extras when even one token
   * per block would not fit, then sizes the prose blocks.
   */
  private fit(p: StepPlan, left: number, exact: boolean): void {
    if (p.kind === 'max-tokens' || p.kind === 'tools') {
      p.kind = 'answer';
      p.emptyChunks = false;
      p.blocks = [this.prose('text', this.rng.skewed(2, 200, 2))];
    }
    const prose = () => p.blocks as ProseBlock[];
    let total = prose().reduce((s, b) => s + b.tokens.length, 0);
    let fixed = this.stepSize(p) - total;
    if (left - fixed < p.blocks.length) {
      p.context = p.todo = p.prune = p.ctxFailure = p.compaction = p.steering = false;
      p.failures = [];
      const text = prose().find((b) => b.kind === 'text') ?? this.prose('text', 1);
      p.blocks = [text];
      total = text.tokens.length;
      fixed = this.stepSize(p) - total;
    }
    const need = left - fixed;
    if (need < 1) throw new Error('generator bug: no room for the final step');
    if (!exact && total <= need) return;
    // Give the earlier blocks what they have (leaving one token per later block), the last block the rest.
    const blocks = prose();
    let rest = need;
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i] as ProseBlock;
      const want = i === blocks.length - 1 ? rest : Math.min(b.tokens.length, rest - (blocks.length - 1 - i));
      if (want < b.tokens.length) b.tokens.length = want;
      else if (want > b.tokens.length)
        b.tokens.push(...proseTokens(this.rng, want - b.tokens.length, this.lang, b.kind === 'reasoning'));
      rest -= want;
    }
  }

  // ------------------------------------------------------------ surface helpers

  private hasPrunable(): boolean {
    this.prunables = this.prunables.filter((s) => this.nodes.get(s)?.prunable !== undefined);
    return this.prunables.length > 0;
  }

  // ------------------------------------------------------------ emission

  private emitStep(p: StepPlan): void {
    const rng = this.rng;
    const before = this.seq;
    this.step++;
    this.tick(1, 12);
    this.ev('step/start', `{${this.ts()}}`);

    if (p.first) this.emitFirstStepInputs(p);
    if (p.todo) {
      this.tick(0, 5);
      this.ev('todo/write', `{"todos":[{"content":${q(steeringPrompt(rng, 'en'))},"status":"in_progress"}]}`);
    }
    if (p.prune) this.emitPrune();
    if (p.ctxFailure) {
      this.tick(200, 3000);
      this.chunk(
        '{"type":"finish","reason":{"kind":"error","failure":{"message":"request exceeded the model context window","code":"CONTEXT_WINDOW_EXCEEDED"}}}',
      );
    }
    if (p.compaction) this.emitCompaction();

    for (let a = 0; a < p.failures.length; a++) {
      this.tick(300, 4000, 2);
      this.emitChunks(p.failures[a] as ProseBlock[], false);
      this.tick(0, 30);
      const [message, code] = rng.pick<[string, string]>([
        ['upstream connection reset', 'ECONNRESET'],
        ['provider overloaded (529)', 'PROVIDER_OVERLOADED'],
        ['rate limited', 'RATE_LIMITED'],
        ['stream stalled: no data for 60000 ms', 'STREAM_TIMEOUT'],
      ]);
      this.chunk(
        `{"type":"finish","reason":{"kind":"error","failure":{"message":${q(message)},"code":${q(code)}}}}`,
      );
      const delay = rng.int(500, 8000);
      this.tick(0, 5);
      this.ev(
        'llm/retry',
        `{${this.ts()},"attempt":${a + 1},"delayMs":${delay},"error":{"message":${q(message)},"code":${q(code)}}}`,
      );
      this.t += delay;
    }

    this.tick(300, 4000, 2); // time to first token
    switch (p.kind) {
      case 'tools':
      case 'answer':
        this.emitAnswer(p);
        break;
      case 'max-tokens': {
        let sources: number[] = [];
        if (p.emptyChunks) {
          this.tick(1000, 60_000);
          if (this.dsh) sources.push(this.chunk(`{"type":"usage","usage":${this.usage(8192, 0)}}`));
          sources.push(this.chunk('{"type":"finish","reason":{"kind":"max-tokens"}}'));
        } else sources = [];
        this.tick(0, 3);
        const seq = this.ev(
          'assistant/message',
          this.assistantData('[]', this.dsh ? this.usage(8192, 0) : null, false),
          this.surfaceTail(sources, '"append"'),
        );
        this.append(seq, { kind: 'assistant' });
        break;
      }
      case 'interrupted': {
        const sources = this.emitChunks(p.blocks, false);
        this.tick(50, 2000);
        const content = this.content(p.blocks);
        const seq = this.ev(
          'assistant/message',
          this.assistantData(content, null, true),
          this.surfaceTail(sources, '"append"'),
        );
        this.append(seq, { kind: 'assistant' });
        break;
      }
    }

    if (p.steering) {
      this.tick(500, 20_000);
      this.emitUser(steeringPrompt(rng, this.lang), false);
    }
    this.tick(1, 8);
    this.ev('step/end', `{${this.ts()}}`);
    const expected = this.stepSize(p);
    if (this.seq - before !== expected)
      throw new Error(`generator bug: step wrote ${this.seq - before}, planned ${expected}`);
  }

  private emitFirstStepInputs(p: StepPlan): void {
    const rng = this.rng;
    this.tick(1, 15);
    const prompt = userPrompt(rng, this.lang);
    const userSeq = this.emitUser(prompt, true);
    if (p.title) {
      this.tick(1, 40);
      const title = Array.from(prompt.split('\n')[0] as string)
        .slice(0, 40)
        .join('');
      this.ev(
        'session/title',
        `{"title":${q(title)},"messageSeqs":[${userSeq}],"source":{"kind":"fallback"}}`,
      );
    }
    if (this.dsh) {
      this.tick(1, 30);
      this.ev(
        'request/header',
        `{"header":{"config":{"provider":"${PROVIDER}","model":"${MODEL}","reasoningEffort":"high"},"system":"You are a coding agent. Keep answers brief and verify your work.","tools":["bash","read","grep","edit","write","glob","web_fetch"]},"reason":"initial"}`,
      );
      if (p.context) {
        this.tick(0, 5);
        this.ev('request/context', `{"provider":"${PROVIDER}","model":"${MODEL}","contextWindow":128000}`);
      }
    }
  }

  private emitUser(text: string, initial: boolean): number {
    let seq: number;
    if (this.dsh) {
      seq = this.ev(
        'user/message',
        `{"content":[{"type":"text","text":${q(text)}}],"source":{"kind":"user"},"role":"user","id":${q(this.rng.uuid())}}`,
        this.surfaceTail(null, '"append"'),
      );
    } else {
      seq = this.ev(
        'user/message',
        `{"role":"user","content":[{"type":"text","text":${q(text)}}]}`,
        this.surfaceTail(initial ? [this.turnStartSeq] : null, '"append"'),
      );
    }
    this.append(seq, { kind: 'user' });
    this.inputTokens += text.length >> 2;
    return seq;
  }

  private usage(output: number, reasoning: number): string {
    const input = this.rng.int(20, 400);
    const cache = this.inputTokens;
    return reasoning > 0
      ? `{"inputTokens":${input},"outputTokens":${output},"cacheReadTokens":${cache},"reasoningTokens":${reasoning}}`
      : `{"inputTokens":${input},"outputTokens":${output},"cacheReadTokens":${cache}}`;
  }

  private assistantData(content: string, usage: string | null, interrupted: boolean): string {
    const msg = this.dsh
      ? `{"role":"assistant","content":${content},"source":{"kind":"model","provider":"${PROVIDER}","model":"${MODEL}"},"id":${q(this.rng.uuid())}}`
      : `{"role":"assistant","content":${content}}`;
    return `{${this.ts()},"message":${msg}${usage ? `,"usage":${usage}` : ''}${interrupted ? ',"interrupted":true' : ''}}`;
  }

  private blockJson(b: BlockPlan, partial = false): string {
    if (b.kind !== 'tool') {
      return `{"type":"${b.kind}","text":${q(b.tokens.join(''))}}`;
    }
    if (partial) throw new Error('generator bug: partial tool block');
    return this.dsh
      ? `{"type":"tool-call","id":${q(b.id)},"name":${q(b.tool)},"arguments":${q(b.args)}}`
      : `{"type":"tool_use","id":${q(b.id)},"name":${q(b.tool)},"input":${b.args}}`;
  }

  private content(blocks: BlockPlan[]): string {
    return `[${blocks.map((b) => this.blockJson(b)).join(',')}]`;
  }

  /** The chunk order of one attempt (DSH): starts, deltas (tool deltas maybe interleaved), ends. */
  private chunkOrder(blocks: BlockPlan[], complete: boolean): Chunk[] {
    const rng = this.rng;
    const out: Chunk[] = [];
    const endsLast = complete && rng.chance(0.6);
    const ends: Chunk[] = [];
    const finish = (i: number, b: BlockPlan) => {
      if (!complete) return;
      if (endsLast) ends.push({ k: 'end', i, b });
      else out.push({ k: 'end', i, b });
    };
    const tools: number[] = [];
    blocks.forEach((b, i) => {
      if (b.kind === 'tool') tools.push(i);
    });
    const interleave = tools.length > 1 && rng.chance(0.7);
    blocks.forEach((b, i) => {
      if (b.kind === 'tool' && interleave) return;
      out.push({ k: 'start', i, b });
      const n = this.deltaCount(b);
      for (let j = 0; j < n; j++) out.push({ k: 'delta', i, b, j });
      finish(i, b);
    });
    if (interleave) {
      // Blocks start in index order (so first appearance = index order); deltas interleave.
      const next = tools.map(() => 0);
      let started = 0;
      let remaining = tools.reduce((s, i) => s + this.deltaCount(blocks[i] as BlockPlan), 0);
      while (remaining > 0) {
        const choices: number[] = [];
        for (let k = 0; k < started; k++)
          if ((next[k] as number) < this.deltaCount(blocks[tools[k] as number] as BlockPlan)) choices.push(k);
        if (started < tools.length && (choices.length === 0 || rng.chance(0.3))) {
          const i = tools[started] as number;
          out.push({ k: 'start', i, b: blocks[i] as BlockPlan });
          choices.length = 0;
          choices.push(started++);
        }
        const k = rng.pick(choices);
        const i = tools[k] as number;
        const b = blocks[i] as BlockPlan;
        const runLen = rng.int(1, 6);
        for (let r = 0; r < runLen && (next[k] as number) < this.deltaCount(b); r++) {
          out.push({ k: 'delta', i, b, j: next[k] as number });
          next[k] = (next[k] as number) + 1;
          remaining--;
        }
        if ((next[k] as number) === this.deltaCount(b)) finish(i, b);
      }
    }
    return out.concat(ends);
  }

  private deltaPayload(b: BlockPlan, i: number, j: number): string {
    if (b.kind === 'tool') {
      const frag = q(b.frags[j]);
      if (this.dsh) {
        return j === 0
          ? `{"type":"tool-call-delta","index":${i},"id":${q(b.id)},"name":${q(b.tool)},"argumentsDelta":${frag}}`
          : `{"type":"tool-call-delta","index":${i},"id":${q(b.id)},"argumentsDelta":${frag}}`;
      }
      return j === 0
        ? `{"type":"tool-call-delta","name":${q(b.tool)},"arguments":${frag}}`
        : `{"type":"tool-call-delta","arguments":${frag}}`;
    }
    const text = q(b.tokens[j]);
    return this.dsh
      ? `{"type":"${b.kind}-delta","index":${i},"text":${text}}`
      : `{"type":"${b.kind}-delta","text":${text}}`;
  }

  /** Writes one attempt's block chunks (not usage/finish); returns their seqs. */
  private emitChunks(blocks: BlockPlan[], complete: boolean): number[] {
    const seqs: number[] = [];
    if (!this.dsh) {
      blocks.forEach((b, i) => {
        const n = this.deltaCount(b);
        for (let j = 0; j < n; j++) {
          this.t += this.tokenGap();
          seqs.push(this.chunk(this.deltaPayload(b, i, j)));
        }
      });
      return seqs;
    }
    const order = this.chunkOrder(blocks, complete);
    for (let x = 0; x < order.length;) {
      const c = order[x] as Chunk;
      if (c.k === 'delta') {
        // A run of deltas of one block goes out in segments of 2..64; each segment is a
        // packed row with probability packedRatio (so about that share of deltas is packed).
        let y = x + 1;
        while (y < order.length && (order[y] as Chunk).k === 'delta' && (order[y] as Chunk).i === c.i) y++;
        const seg = Math.min(y - x, this.rng.int(2, 64));
        if (seg >= 2 && this.packedRatio > 0 && this.rng.chance(this.packedRatio)) {
          this.emitPacked(order.slice(x, x + seg) as Extract<Chunk, { k: 'delta' }>[], seqs);
          x += seg;
          continue;
        }
        for (const end = x + seg; x < end; x++) {
          const d = order[x] as Extract<Chunk, { k: 'delta' }>;
          this.t += this.tokenGap();
          seqs.push(this.chunk(this.deltaPayload(d.b, d.i, d.j)));
        }
        continue;
      } else if (c.k === 'start') {
        this.tick(0, 2);
        const type = c.b.kind === 'tool' ? 'tool-call' : c.b.kind;
        seqs.push(this.chunk(`{"type":"block-start","index":${c.i},"blockType":"${type}"}`));
      } else {
        this.tick(0, 2);
        seqs.push(this.chunk(`{"type":"block-end","index":${c.i},"block":${this.blockJson(c.b)}}`));
      }
      x++;
    }
    return seqs;
  }

  private emitPacked(run: Extract<Chunk, { k: 'delta' }>[], seqs: number[]): void {
    const first = run[0] as Extract<Chunk, { k: 'delta' }>;
    const b = first.b;
    this.t += this.tokenGap();
    const seq0 = this.seq;
    const time0 = this.t;
    const dt: number[] = [];
    for (let k = 1; k < run.length; k++) {
      const g = this.tokenGap();
      dt.push(g);
      this.t += g;
    }
    const head = `"seq0":${seq0},"time0":${time0},"data":{${this.ts()},"index":${first.i},"dt":[${dt.join(',')}]`;
    if (b.kind === 'tool') {
      const args = run.map((c) => b.frags[c.j] as string);
      const name = first.j === 0 ? `,"name":${q(b.tool)}` : '';
      this.out.push(`{"type":"tool-call-chunks",${head},"id":${q(b.id)}${name},"args":${q(args)}}}`);
    } else {
      const texts = run.map((c) => b.tokens[c.j] as string);
      this.out.push(`{"type":"${b.kind}-chunks",${head},"texts":${q(texts)}}}`);
    }
    for (let k = 0; k < run.length; k++) seqs.push(this.seq++);
  }

  private emitAnswer(p: StepPlan): void {
    const rng = this.rng;
    const sources = this.emitChunks(p.blocks, true);
    let output = 0;
    let reasoning = 0;
    for (const b of p.blocks) {
      output += this.deltaCount(b);
      if (b.kind === 'reasoning') reasoning += b.tokens.length;
    }
    const usage = this.usage(output, reasoning);
    if (this.dsh) {
      this.tick(0, 20);
      sources.push(this.chunk(`{"type":"usage","usage":${usage}}`));
      this.tick(0, 3);
      sources.push(
        this.chunk(`{"type":"finish","reason":{"kind":"${p.kind === 'tools' ? 'tool-calls' : 'stop'}"}}`),
      );
    }
    this.tick(0, 3);
    const msgSeq = this.ev(
      'assistant/message',
      this.assistantData(this.content(p.blocks), usage, false),
      this.surfaceTail(sources, '"append"'),
    );
    this.append(msgSeq, { kind: 'assistant' });
    this.inputTokens += output;

    const tools = p.blocks.filter((b): b is ToolBlock => b.kind === 'tool');
    if (tools.length === 0) return;
    const calls: { b: ToolBlock; seq: number; done: number }[] = [];
    for (const b of tools) {
      this.tick(0, 4);
      const seq = this.ev(
        'tool/call',
        `{${this.ts()},"callId":${q(b.id)},"name":${q(b.tool)},"arguments":${q(b.args)}}`,
      );
      calls.push({ b, seq, done: this.t + b.duration });
    }
    // Results arrive in completion order.
    calls.sort((x, y) => x.done - y.done || x.seq - y.seq);
    for (const c of calls) {
      this.t = Math.max(this.t, c.done);
      this.emitResult(c.b, c.seq);
      this.inputTokens += Math.min(c.b.output.length >> 2, 20_000);
    }
    if (rng.chance(0.001)) this.inputTokens = 2000;
  }

  private emitResult(b: ToolBlock, callSeq: number): void {
    const rng = this.rng;
    const tail = this.surfaceTail([callSeq], '"append"');
    const prunable = !b.isError && b.output.length >= 2000;
    let seq: number;
    let msgId = '';
    if (this.dsh) {
      msgId = rng.uuid();
      const meta =
        !prunable && b.tool === 'read'
          ? `,"meta":{"path":"src/core/log/load.ts","offset":1,"lineCount":${b.output.split('\n').length}}`
          : '';
      seq = this.ev(
        'tool/result',
        `{${this.ts()},"message":${this.resultMessage(b.id, b.tool, msgId, b.output, b.isError)}${meta}}`,
        tail,
      );
    } else {
      seq = this.ev(
        'tool/result',
        `{${this.ts()},"message":${this.resultMessage(b.id, b.tool, msgId, b.output, b.isError)}}`,
        tail,
      );
    }
    const node: SurfaceNode = { kind: 'result' };
    if (prunable) {
      node.prunable = { callId: b.id, callSeq, msgId, toolName: b.tool };
      this.prunables.push(seq);
    }
    this.append(seq, node);
  }

  private resultMessage(
    callId: string,
    toolName: string,
    msgId: string,
    text: string,
    isError: boolean,
  ): string {
    return this.dsh
      ? `{"source":{"kind":"tool","callId":${q(callId)}},"content":[{"type":"tool-result","toolCallId":${q(callId)},"content":[{"type":"text","text":${q(text)}}],"isError":${isError}}],"role":"user","id":${q(msgId)}}`
      : `{"role":"tool","toolName":${q(toolName)},"content":${q(text)},"isError":${isError}}`;
  }

  /** Rewrites one earlier long tool result on the surface: same message, pruned nested content. */
  private emitPrune(): void {
    const rng = this.rng;
    if (!this.hasPrunable()) throw new Error('generator bug: nothing to prune');
    const idx = rng.int(0, this.prunables.length - 1);
    const target = this.prunables[idx] as number;
    this.prunables.splice(idx, 1);
    const info = (this.nodes.get(target) as SurfaceNode).prunable as NonNullable<SurfaceNode['prunable']>;
    const pos = this.surface.indexOf(target);
    if (pos < 0) throw new Error('generator bug: prune target not on the surface');

    this.tick(1, 50);
    const pruneSeq = this.ev(
      'compaction/prune',
      `{"turn":${this.turn},"callId":${q(info.callId)},"targetSeq":${target}}`,
    );
    this.tick(0, 5);
    const text = `[tool output pruned to save context; see event ${target}]`;
    const callIdField = this.dsh ? '' : `,"callId":${q(info.callId)}`;
    const seq = this.ev(
      'tool/result',
      `{${this.ts()}${callIdField},"message":${this.resultMessage(info.callId, info.toolName, info.msgId, text, false)}}`,
      this.surfaceTail(
        [info.callSeq, target, pruneSeq],
        `{"op":"replace","start":${target},"end":${target}}`,
      ),
    );
    this.surface[pos] = seq;
    this.nodes.delete(target);
    this.nodes.set(seq, { kind: 'result' });
  }

  /** compaction/start, /summary, a user/message replacing an older run of surface nodes, /end. */
  private emitCompaction(): void {
    const rng = this.rng;
    const s = this.surface;
    const keep = rng.int(3, 8);
    const hi = s.length - 1 - keep;
    const a = rng.chance(0.8) ? 0 : rng.int(0, Math.min(2, hi));
    let b = hi;
    // Do not separate the last hidden assistant message from its tool results.
    while (b > a && this.nodes.get(s[b + 1] as number)?.kind === 'result') b--;
    if (hi < a) throw new Error('generator bug: surface too short to compact');
    const hidden = s.slice(a, b + 1);
    const id = rng.uuid();
    const startSeq = s[a] as number;
    const endSeq = s[b] as number;

    this.tick(1, 20);
    const cStart = this.ev('compaction/start', `{"compactionId":${q(id)},"turn":${this.turn}}`);
    this.tick(2000, 30_000);
    const summary = summaryText(rng, this.lang);
    const sumSeq = this.ev(
      'compaction/summary',
      `{"compactionId":${q(id)},"summary":[{"type":"text","text":${q(summary)}}],"shadowedRange":{"start":${startSeq},"end":${endSeq}},"shadowedSeqs":[${hidden.join(',')}],"shadowedTokenCount":${Math.floor(this.inputTokens * 0.8)},"provider":"${PROVIDER}","model":"${MODEL}","maxTokens":4096,"usage":{"inputTokens":${this.inputTokens},"outputTokens":${summary.length >> 2}}}`,
    );
    this.tick(0, 5);
    const preamble =
      'This is an automatically generated checkpoint condensing an earlier span of the conversation to free up context.\n\n<compacted-summary>';
    const data = this.dsh
      ? `{"content":[{"type":"text","text":${q(preamble)}},{"type":"text","text":${q(summary)}},{"type":"text","text":"</compacted-summary>"}],"source":{"kind":"plugin","plugin":"compact","compactionId":${q(id)}},"role":"user","id":${q(rng.uuid())}}`
      : `{"role":"user","content":[{"type":"text","text":${q(preamble + summary + '</compacted-summary>')}}]}`;
    const seq = this.ev(
      'user/message',
      data,
      this.surfaceTail([cStart, sumSeq, ...hidden], `{"op":"replace","start":${startSeq},"end":${endSeq}}`),
    );
    s.splice(a, b - a + 1, seq);
    for (const h of hidden) this.nodes.delete(h);
    this.nodes.set(seq, { kind: 'user' });
    this.inputTokens = 3000 + summary.length;
    this.compactAt = s.length + rng.int(24, 120);
    this.tick(0, 5);
    this.ev('compaction/end', `{"compactionId":${q(id)},"turn":${this.turn}}`);
  }
}
