/** Test helpers for the CLI's library commands (never imported by the CLI itself). */
import { runCli, runCliAsync, type CliRun } from '../testSupport';

function rows(r: CliRun): Record<string, unknown>[] {
  if (r.code !== 0) throw new Error(`query failed (${r.code}): ${r.err}`);
  return JSON.parse(r.out) as Record<string, unknown>[];
}

/** `seqscope query INDEX SQL --json`, parsed. */
export function query(
  index: string,
  sql: string,
  env: Record<string, string> = {},
): Record<string, unknown>[] {
  return rows(runCli(['query', index, sql, '--json'], { env }));
}

/** `seqscope query INDEX SQL --json` without blocking. */
export async function queryAsync(
  index: string,
  sql: string,
  env: Record<string, string> = {},
): Promise<Record<string, unknown>[]> {
  return rows(await runCliAsync(['query', index, sql, '--json'], { env }));
}
