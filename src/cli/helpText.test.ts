import { describe, expect, it } from 'vitest';
import { COMMAND_USAGE, USAGE, commandUsage, type Command } from './helpText';
import { asksForHelp } from './args';

describe('usage', () => {
  it('asks for help with --help or -h anywhere before a lone --', () => {
    expect(asksForHelp(['--help'])).toBe(true);
    expect(asksForHelp(['x.jsonl', '--json', '-h'])).toBe(true);
    expect(asksForHelp(['x.jsonl', '--', '-h'])).toBe(false);
    expect(asksForHelp(['x.jsonl', '-x'])).toBe(false);
  });

  it("each command's usage is its lines of the whole text and the notes that concern it", () => {
    for (const command of Object.keys(COMMAND_USAGE) as Command[]) {
      const text = commandUsage(command);
      expect(USAGE).toContain(COMMAND_USAGE[command]);
      expect(text).toContain(COMMAND_USAGE[command]);
      expect(text.includes('Read limits')).toBe(
        ['derive', 'check', 'stats', 'export', 'help'].includes(command),
      );
    }
  });
});
