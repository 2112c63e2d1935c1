/**
 * What `check`, `derive` and `stats` load at start: not the other commands' modules, which are
 * imported when asked for (main.ts). Run at start, their modules cost every command their
 * evaluation: 0.23-0.25 s to check a small log, against 0.20-0.21 s deferred (node alone: 0.13 s).
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ROOT } from './testSupport';

/** The source modules reachable from the CLI's entry by static imports alone. */
async function staticallyImported(): Promise<Set<string>> {
  const result = await build({
    entryPoints: [join(ROOT, 'src/cli/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    outdir: join(ROOT, 'bin'),
    logLevel: 'silent',
    external: ['@duckdb/node-api', '@aws-sdk/client-s3'],
  });
  const inputs = result.metafile.inputs;
  const seen = new Set<string>();
  const walk = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const i of inputs[path]?.imports ?? []) if (i.kind === 'import-statement') walk(i.path);
  };
  walk('src/cli/main.ts');
  return seen;
}

describe('the CLI at start', () => {
  it('loads the reading commands and the log reader, not the other commands', async () => {
    const loaded = await staticallyImported();
    for (const eager of ['src/cli/commands.ts', 'src/cli/readInput.ts', 'src/core/log/sessionLog.ts'])
      expect(loaded, eager).toContain(eager);
    const deferred = [
      'src/cli/helpText.ts',
      'src/cli/open.ts',
      'src/cli/server.ts',
      'src/cli/searchCommand.ts',
      'src/cli/diffCommand.ts',
      'src/cli/compareCommand.ts',
      'src/cli/exportCommand.ts',
      'src/cli/index/indexWorker.ts',
      'src/cli/index/command.ts',
      'src/core/redact/redactLog.ts',
    ];
    expect(deferred.filter((path) => loaded.has(path))).toEqual([]);
  });
});
