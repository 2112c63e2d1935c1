/**
 * The one command-line parser of the CLI: every command names its options and
 * what their values must look like, and reads back the arguments in order.
 *
 *   --flag                 a switch
 *   --name value           a value option; `--name=value` too
 *   -- ARG...              everything after a lone `--` is positional
 *   -, -x                  positional (`-` is standard input; a search may look for `-x`),
 *                          bar the short spellings a command names (`-o` for `--out`)
 *
 * A value option with no value, a value its pattern refuses, a value given to a
 * switch and an option the command does not know are usage errors worded the
 * same way in every command: `--port needs a port number (0-65535), got 70000`.
 */

/** A value option: what it needs (said in errors) and, optionally, what a valid value looks like. */
export interface ValueOption {
  needs: string;
  /** a value must match this (the whole value: anchor it) */
  pattern?: RegExp;
  /** a further check on a value that matched */
  valid?: (value: string) => boolean;
}

/** A command's options, by their long spelling (`--out`); a switch is `'switch'`. */
export type OptionTable = Readonly<Record<string, ValueOption | 'switch'>>;

/** One argument as read: an option (`value` undefined for a switch) or a positional. */
export type Arg = { option: string; value: string | undefined } | { option: undefined; value: string };

export interface ReadArgsOptions {
  /** short spellings (`-o`) of long options (`--out`) */
  aliases?: Readonly<Record<string, string>>;
  /** an unknown `--name` is a switch for the caller to judge (a command whose options depend on another option) */
  otherSwitches?: boolean;
}

/** The arguments in order, or the usage error. */
export function readArgs(
  argv: readonly string[],
  options: OptionTable,
  how: ReadArgsOptions = {},
): Arg[] | string {
  const aliases = how.aliases ?? {};
  const out: Arg[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') {
      for (const rest of argv.slice(i + 1)) out.push({ option: undefined, value: rest });
      break;
    }
    if (!a.startsWith('--') && aliases[a] === undefined) {
      out.push({ option: undefined, value: a });
      continue;
    }
    const eq = a.indexOf('=');
    const written = eq > 0 ? a.slice(0, eq) : a;
    const name = aliases[written] ?? written;
    const spec = options[name] ?? (how.otherSwitches ? 'switch' : undefined);
    if (spec === undefined) return `unknown option ${a}`;
    if (spec === 'switch') {
      if (eq > 0) return `${name} takes no value, got ${a.slice(eq + 1)}`;
      out.push({ option: name, value: undefined });
      continue;
    }
    const value = eq > 0 ? a.slice(eq + 1) : argv[++i];
    const ok =
      value !== undefined &&
      value !== '' &&
      (spec.pattern === undefined || spec.pattern.test(value)) &&
      (spec.valid === undefined || spec.valid(value));
    if (!ok)
      return `${name} needs ${spec.needs}, got ${value === undefined || value === '' ? 'nothing' : value}`;
    out.push({ option: name, value });
  }
  return out;
}

/** The positionals of `args`, in order. */
export function positionals(args: readonly Arg[]): string[] {
  return args.flatMap((a) => (a.option === undefined ? [a.value] : []));
}

/** Whether the switch `name` was given. */
export function hasSwitch(args: readonly Arg[], name: string): boolean {
  return args.some((a) => a.option === name);
}

/** The last value given to option `name` (a later one overrides an earlier one), if any. */
export function lastValue(args: readonly Arg[], name: string): string | undefined {
  let v: string | undefined;
  for (const a of args) if (a.option === name) v = a.value;
  return v;
}

/** The last value given to option `name` as a number (for options whose pattern admits only numbers). */
export function lastNumber(args: readonly Arg[], name: string): number | undefined {
  const v = lastValue(args, name);
  return v === undefined ? undefined : Number(v);
}

/** Every value given to option `name`, in order (options that may be repeated). */
export function allValues(args: readonly Arg[], name: string): string[] {
  return args.flatMap((a) => (a.option === name && a.value !== undefined ? [a.value] : []));
}

/** Common value shapes. */
export const SEQ: ValueOption = { needs: 'a seq (a non-negative integer)', pattern: /^\d{1,15}$/ };
export const PORT: ValueOption = {
  needs: 'a port number (0-65535)',
  pattern: /^\d{1,5}$/,
  valid: (v) => Number(v) <= 65535,
};
export const THREADS: ValueOption = { needs: 'a positive number', pattern: /^[1-9]\d{0,3}$/ };
export const FOLDER: ValueOption = { needs: 'a folder' };

/**
 * Whether the arguments after a command ask for its help: `--help` or `-h` before a lone `--`
 * (after it, as everywhere, they are plain arguments: `seqscope search FILE -- -h`).
 */
export function asksForHelp(args: readonly string[]): boolean {
  for (const a of args) {
    if (a === '--') return false;
    if (a === '--help' || a === '-h') return true;
  }
  return false;
}
