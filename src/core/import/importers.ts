/**
 * One importer per foreign format (speedscope's shape): bytes in, the log
 * re-told as harness events (NativeLog) out. Pure and total: whatever the
 * input, the result is a NativeLog whose notes say what could not be mapped.
 */
import { importClaudeCode } from './claude-code/claudeCode';
import { CodexLines, importCodex } from './codex/codex';
import type { LineImport } from './lineImport';
import { readEvalZip } from './inspect/evalZip';
import { importInspect, type InspectImportOptions } from './inspect/inspect';
import { importInspectJson, type InspectJsonRead } from './inspect/inspectJson';
import { ImportStopped, NativeLog } from './nativeLog';
import { DEFAULT_READ_LIMITS, type ReadLimits } from '../reader/readLimits';
import { EmitBudget } from './emitBudget';
import { partContainerLimit } from '../reader/lineLengthGuard';
import { importPi } from './pi/pi';
import { importEventArray } from './json-array/eventArray';
import type { SourceFormat } from './formats';
import { errorMessage } from '../errorMessage';

export type ForeignFormat = Exclude<SourceFormat, 'seqscope'>;

export type ImportOptions = InspectImportOptions & {
  /** Where reading stops (zip members are checked against it before inflating). */
  limits?: ReadLimits;
  /** One string at most (tests lower it; default jsonDocument.ts's ONE_STRING_BYTES). */
  stringBytes?: number;
  /** The file's name as the user knows it, for advice that names it (a JSON array's conversion). */
  name?: string;
};

export function importForeign(
  format: ForeignFormat,
  bytes: Uint8Array,
  options: ImportOptions = {},
  read: Pick<InspectJsonRead, 'truncated'> = {},
): NativeLog {
  const limits = options.limits ?? DEFAULT_READ_LIMITS;
  // what the import may write; a zip's input is compressed, and its inflating is bounded by its own checks
  const budget = new EmitBudget(
    bytes.length,
    format === 'inspect-eval' ? { ...limits, maxImportGrowth: Infinity } : limits,
  );
  try {
    if (format === 'inspect-eval') {
      const { log, notes, refusedContainers } = readEvalZip(bytes, options.limits, options.sample ?? 0);
      const out = log
        ? importInspect(log, { ...options, inputBytes: bytes.length, budget })
        : new NativeLog();
      out.notes.unshift(...notes);
      out.refusedContainers = refusedContainers;
      return out;
    }
    // One JSON document, read in parts (the line formats below are decoded as one string).
    if (format === 'inspect-json')
      return importInspectJson(
        bytes,
        { ...options, inputBytes: bytes.length, budget },
        {
          ...read,
          containerLimit: partContainerLimit(options.limits?.maxLineBytes ?? Infinity),
          ...(options.stringBytes !== undefined ? { stringBytes: options.stringBytes } : {}),
        },
      );
    const text = new TextDecoder().decode(bytes);
    switch (format) {
      case 'claude-code':
        return importClaudeCode(text, budget);
      case 'codex':
        return importCodex(text, budget);
      case 'pi':
        return importPi(text, budget);
      case 'json-array':
        // its elements are handed on as they are, each one line: it writes what it reads
        return importEventArray(text, options.name, options.limits?.maxLineBytes, read.truncated === true);
    }
  } catch (e) {
    // the budget stopped it: what came before is the import (the log's note says so)
    if (e instanceof ImportStopped) return e.log;
    // A bug in an importer must not lose the file: say so, and show nothing rather than throw.
    const out = new NativeLog();
    out.note('import-unmapped', `the ${format} importer failed: ${errorMessage(e)}`);
    return out;
  }
}

/** The piece-by-piece importer of a format whose records only add to what came before (lineImport.ts). */
export function lineImporter(format: ForeignFormat, limits?: ReadLimits): LineImport | undefined {
  return format === 'codex' ? new CodexLines(new EmitBudget(0, limits ?? DEFAULT_READ_LIMITS)) : undefined;
}
