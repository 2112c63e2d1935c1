/**
 * Synthetic text for generated logs: token streams (English, Chinese, emoji,
 * markdown, code), user prompts, tool arguments and tool outputs. Every
 * function draws only from the Rng it is given.
 */
import type { Rng } from './prng';

const WORDS = (
  'the a an this that it we I you file test tests function module config build error value type ' +
  'check look read run update fix change add remove update parser loader worker event events log ' +
  'session step turn chunk stream surface seq index offset message messages tool result call ' +
  'should would could will can need first then next now also because so but and or if when ' +
  'before after into from with without for of to in on at by is are was be been has have ' +
  'line lines output input path src core test.ts package.json README.md import export const ' +
  'failing passing typed cached lazy quickly carefully exactly again still already only'
).split(' ');
const CAPS = [
  'The',
  'This',
  'Now',
  'Next',
  'First',
  'Then',
  'It',
  'We',
  'I',
  'Let',
  'Good',
  'OK',
  'Looking',
  'Since',
];
const SUBWORDS = ['ing', 'ed', 's', "'s", 'er', 'ly', '_id', 'Seq', 'able'];
const PUNCT = ['.', '.', '.', ',', ',', ':', '?', '!'];
const ZH = (
  '我 们 需要 先 检查 一下 这个 文件 的 配置 测试 通过 了 已经 修复 问题 在 中 看看 日志 ' +
  '事件 序列 表面 消息 工具 调用 结果 然后 再 运行 构建 错误 是 不 可以 没有 代码 函数 模块'
).split(' ');
const ZH_PUNCT = ['，', '，', '。', '。', '：', '；', '！', '？'];
const EMOJI = [' ✅', ' 🚀', ' 👍🏽', ' 🎉', ' 🐛', ' ⚠️', ' 👨‍👩‍👧', ' 🔧', ' 📦', ' 🧪', ' 😅', ' 💡'];
const CODE_LINES = [
  'const events = parseLog(bytes);',
  'for (const ev of events) fold(ev);',
  'if (seq !== position) report("seq-mismatch", seq);',
  'export function assemble(chunks: StreamChunk[]): Block[] {',
  '  return blocks.filter((b) => b.type !== "empty");',
  '}',
  'expect(messagesAt(9)).toHaveLength(3);',
  'let surface: number[] = [];',
  '  // 注意：这里的 seq 是位置，不是时间戳',
  'throw new Error(`unexpected ${type}`);',
  'import { describe, it, expect } from "vitest";',
  '  await writer.write(batch);',
];
const CODE_TOKENS = [
  'const',
  ' x',
  ' =',
  ' await',
  ' load',
  '(',
  ')',
  ';',
  '\n',
  '  ',
  'return',
  ' seq',
  '.',
  'map',
  '=>',
  ' {',
  ' }',
  '\n',
];

export type Lang = 'en' | 'zh';

/**
 * Exactly `n` tokens of assistant prose: sentences, some markdown and
 * newlines, code fences, occasional emoji; Chinese when lang is 'zh'.
 */
export function proseTokens(rng: Rng, n: number, lang: Lang, reasoning = false): string[] {
  const out: string[] = [];
  let atStart = true;
  let inCode = 0;
  while (out.length < n) {
    if (inCode > 0) {
      out.push(rng.pick(CODE_TOKENS));
      inCode--;
      if (inCode === 0 && out.length < n) out.push('\n```\n');
      continue;
    }
    if (atStart) {
      if (lang === 'zh') out.push(rng.pick(ZH));
      else if (!reasoning && rng.chance(0.04)) out.push('- ');
      else out.push(rng.pick(CAPS));
      atStart = false;
      continue;
    }
    const r = rng.next();
    if (lang === 'zh') {
      if (r < 0.8) out.push(rng.pick(ZH));
      else if (r < 0.93) out.push(rng.pick(ZH_PUNCT));
      else if (r < 0.96) out.push(rng.pick(EMOJI));
      else if (r < 0.98) out.push(' `seq`');
      else {
        out.push('。\n\n');
        atStart = true;
      }
      continue;
    }
    if (r < 0.72) out.push(' ' + rng.pick(WORDS));
    else if (r < 0.8) out.push(rng.pick(SUBWORDS));
    else if (r < 0.88) out.push(rng.pick(PUNCT));
    else if (r < 0.9) out.push(rng.pick(EMOJI));
    else if (r < 0.93) out.push(' `' + rng.pick(WORDS) + '`');
    else if (r < 0.97) {
      out.push(rng.chance(0.5) ? '.\n' : '.\n\n');
      atStart = true;
    } else if (!reasoning && r < 0.975) {
      out.push('\n\n```ts\n');
      inCode = rng.int(4, 30);
    } else out.push(' **' + rng.pick(WORDS) + '**');
  }
  out.length = n;
  return out;
}

function sentence(rng: Rng, lang: Lang): string {
  if (lang === 'zh') {
    let s = '';
    const n = rng.int(4, 14);
    for (let i = 0; i < n; i++) s += rng.pick(ZH);
    return s + rng.pick(['。', '？', '！']);
  }
  let s = rng.pick(CAPS);
  const n = rng.int(3, 14);
  for (let i = 0; i < n; i++) s += ' ' + rng.pick(WORDS);
  return s + rng.pick(['.', '?', '!']);
}

/** A user prompt: one or more sentences, sometimes multi-line with code or emoji. */
export function userPrompt(rng: Rng, lang: Lang): string {
  const parts: string[] = [];
  const n = rng.skewed(1, 6, 2);
  for (let i = 0; i < n; i++) parts.push(sentence(rng, lang));
  let text = parts.join(lang === 'zh' ? '' : ' ');
  if (rng.chance(0.15)) text += '\n\n```\n' + rng.pick(CODE_LINES) + '\n' + rng.pick(CODE_LINES) + '\n```';
  if (rng.chance(0.1)) text += rng.pick(EMOJI);
  if (rng.chance(0.1)) text = text + '\n\n' + sentence(rng, lang === 'zh' ? 'en' : 'zh');
  return text;
}

export function steeringPrompt(rng: Rng, lang: Lang): string {
  return (lang === 'zh' ? '补充：' : 'Also: ') + sentence(rng, lang);
}

export function summaryText(rng: Rng, lang: Lang): string {
  const parts: string[] = [];
  const n = rng.int(2, 6);
  for (let i = 0; i < n; i++) parts.push('- ' + sentence(rng, lang));
  return parts.join('\n');
}

const PATHS = [
  'src/core/log/load.ts',
  'src/core/surface.ts',
  'src/app/Timeline.tsx',
  'src/worker/index.ts',
  'package.json',
  'README.md',
  'docs/设计说明.md',
  'tests/fixtures/big session.jsonl',
  'scripts/gen.ts',
];
const COMMANDS = [
  'npm test',
  'ls -la src',
  'git status --short',
  'git diff --stat',
  'npx tsc -b --noEmit',
  "grep -rn 'surfaceOp' src",
  'cat package.json',
  'node --version',
  'wc -l src/**/*.ts',
  "rg -n 'TODO|FIXME' src",
];
export const TOOL_NAMES = ['bash', 'read', 'grep', 'edit', 'write', 'glob', 'web_fetch'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export function pickTool(rng: Rng): ToolName {
  const r = rng.next();
  if (r < 0.35) return 'bash';
  if (r < 0.6) return 'read';
  if (r < 0.72) return 'grep';
  if (r < 0.84) return 'edit';
  if (r < 0.9) return 'write';
  if (r < 0.96) return 'glob';
  return 'web_fetch';
}

function codeBlock(rng: Rng, lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) out.push(rng.pick(CODE_LINES));
  return out.join('\n');
}

/** The tool call's arguments as a JSON object (serialized by the caller). */
export function toolArguments(rng: Rng, tool: ToolName): Record<string, unknown> {
  switch (tool) {
    case 'bash':
      return rng.chance(0.5)
        ? { command: rng.pick(COMMANDS) }
        : {
            command: rng.pick(COMMANDS),
            description: sentence(rng, 'en'),
            timeout: rng.pick([30000, 120000]),
          };
    case 'read':
      return rng.chance(0.7)
        ? { file_path: rng.pick(PATHS) }
        : { file_path: rng.pick(PATHS), offset: rng.int(1, 400), limit: 200 };
    case 'grep':
      return {
        pattern: rng.pick(['surfaceOp', 'seq', 'TODO', 'export function', '表面']),
        path: rng.pick(['src', '.', 'src/core']),
      };
    case 'edit':
      return {
        file_path: rng.pick(PATHS),
        old_string: rng.pick(CODE_LINES),
        new_string: rng.pick(CODE_LINES),
      };
    case 'write':
      return { file_path: rng.pick(PATHS), content: codeBlock(rng, rng.skewed(3, 80, 2)) };
    case 'glob':
      return { pattern: rng.pick(['src/**/*.ts', '**/*.jsonl', 'e2e/*.spec.ts']) };
    case 'web_fetch':
      return { url: `https://example.com/docs/${rng.alnum(8)}`, prompt: sentence(rng, 'en') };
  }
}

/**
 * Splits raw JSON into streaming fragments at code-point boundaries (never
 * inside a surrogate pair). The first fragment may be empty, as in DSH logs.
 */
export function splitFragments(rng: Rng, s: string, maxLen: number): string[] {
  const out: string[] = [];
  if (rng.chance(0.3)) out.push('');
  let i = 0;
  while (i < s.length) {
    let j = Math.min(s.length, i + rng.int(1, maxLen));
    const c = s.charCodeAt(j);
    if (j < s.length && c >= 0xdc00 && c <= 0xdfff) j++;
    out.push(s.slice(i, j));
    i = j;
  }
  if (out.length === 0) out.push('');
  return out;
}

/** A tool's textual output; `long` asks for tens to hundreds of KB. */
export function toolOutput(rng: Rng, tool: ToolName, isError: boolean, long: boolean): string {
  if (isError) {
    return rng.pick([
      "Error: ENOENT: no such file or directory, open 'src/core/missing.ts'",
      'Command failed with exit code 1\nnpm ERR! Test failed.  See above for more details.',
      'Error: old_string not found in file',
      'Error: request timed out after 30000 ms',
      '错误：权限不足 (EACCES)',
    ]);
  }
  const lines = long ? rng.skewed(400, 6000, 2) : rng.skewed(1, 40, 3);
  const out: string[] = [];
  switch (tool) {
    case 'read':
      for (let i = 1; i <= lines; i++) out.push(`${String(i).padStart(5)}\t${rng.pick(CODE_LINES)}`);
      break;
    case 'grep':
    case 'glob':
      for (let i = 0; i < lines; i++)
        out.push(`${rng.pick(PATHS)}:${rng.int(1, 900)}: ${rng.pick(CODE_LINES)}`);
      break;
    case 'edit':
    case 'write':
      return `The file ${rng.pick(PATHS)} has been updated.`;
    default:
      for (let i = 0; i < lines; i++) {
        const r = rng.next();
        out.push(
          r < 0.7
            ? rng.pick(CODE_LINES)
            : r < 0.9
              ? ` ✓ test ${rng.alnum(6)} (${rng.int(1, 900)} ms)`
              : `警告：第 ${i} 行`,
        );
      }
  }
  return out.join('\n');
}
