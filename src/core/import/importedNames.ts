/**
 * A name another agent's log gives once and an importer copies into many events (a model or
 * provider in force, a subagent's id, a fork point's uuid): cut to NAME_MAX_CHARS code points as
 * it is read, so a 1 MB name is not written 3,000 times (audit R22-4, R22-5, R22-7). Names are
 * drawn cut anyway (view/bidiControls.ts nameHead); no real one comes near it. The first cut of
 * each kind is noted.
 */
import { NAME_MAX_CHARS, nameHead } from '../view/bidiControls';
import type { NativeLog } from './nativeLog';

const noted = new WeakMap<NativeLog, Set<string>>();

/** `value` cut to a name's length; `what` names it in the note ("the model name"). */
export function importedName(log: NativeLog, value: string, what: string, line?: number): string {
  const head = nameHead(value);
  if (head === value) return value;
  const kinds = noted.get(log) ?? new Set<string>();
  noted.set(log, kinds);
  if (!kinds.has(what)) {
    kinds.add(what);
    const where = line === undefined ? '' : ` (line ${line})`;
    log.note(
      'import-note',
      `${what}${where} is ${value.length.toLocaleString('en-US')} characters long, longer than any real one: cut to its first ${NAME_MAX_CHARS} characters (and every later one as long)`,
    );
  }
  return head;
}
