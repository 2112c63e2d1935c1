/**
 * Shapes found while probing common agent-log secrets after audit 27: a flag and its value as
 * separate items of an argument vector (an MCP server's `args`, a spawned argv), Terraform's
 * variable default, and `gh auth login --with-token <<< T`.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { createMasker } from './rules';
import { shape, survivors, toolResultLog } from './testing';

const HEADER = '{"type":"session","version":0,"id":"r28","createdAt":0}';
const V = 'Kq7Lm2Xp9Rt4Vw8Zb3Nc';

describe('an argument vector: a secret flag labels the next item', () => {
  it('in a structured value and in JSON text inside a string', () => {
    const mcp = {
      mcpServers: { brave: { command: 'npx', args: ['-y', 'srv', '--api-key', V, '--port', '8080'] } },
    };
    for (const output of [
      mcp,
      JSON.stringify(mcp),
      ['node', 'cli.js', '--password', V],
      ['-t', V, '--token', V],
    ]) {
      const log = toolResultLog(HEADER, [output]);
      const r = redactLogText(log);
      expect(survivors(r.text, [V]), JSON.stringify(output)).toEqual([]);
      expect(shape(r.text)).toEqual(shape(log));
    }
  });

  it('keeps the items after other flags, and placeholders after secret ones', () => {
    const log = toolResultLog(HEADER, [
      { args: ['--port', '8080', '--model', 'gpt-4o-mini-2024-07-18', '--token', '$GITHUB_TOKEN'] },
      ['--api-key-file', 'secrets/key.txt'],
    ]);
    expect(redactLogText(log).text).toBe(log);
  });
});

describe('Terraform and gh', () => {
  it("masks a variable's default when its name labels a secret, and a here-string token", () => {
    const lines = [
      `variable "db_password" {\n  type      = string\n  sensitive = true\n  default   = "${V}"\n}`,
      `gh auth login --with-token <<< ${V}`,
      `gh auth login --hostname github.example.com --with-token <<< '${V}'`,
    ];
    for (const line of lines) {
      const r = redactLogText(toolResultLog(HEADER, [line]));
      expect(survivors(r.text, [V]), line).toEqual([]);
    }
    const kept = toolResultLog(HEADER, [
      'variable "region" {\n  default = "us-east-1-production"\n}',
      'variable "db_password" {\n  default = "${local.db_password}"\n}',
      'gh auth login --with-token < token.txt',
    ]);
    expect(redactLogText(kept).text).toBe(kept);
  });

  it('stays linear: a megabyte of each near miss is masked in one pass', () => {
    const m = createMasker();
    const M = 1 << 20;
    for (const s of [
      'variable "db_password" { '.repeat(M / 25),
      `variable "db_password" {${' '.repeat(M)}default = "x"`,
      'gh auth login --with-token '.repeat(M / 27),
      `gh auth login ${'--a '.repeat(M / 4)}--with-token <<< x`,
    ])
      expect(m.mask(s)).toHaveLength(s.length);
  });
});
