#!/usr/bin/env node
// Bundles the CLI (src/cli/main.ts) and all its npm dependencies into one
// executable ESM file, bin/seqscope.mjs (a build output, git-ignored).
import { chmodSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'src/cli/main.ts');
const outfile = join(root, 'bin/seqscope.mjs');

// Bundled CommonJS code may call require() for Node built-ins; ESM has no
// require, so give the bundle one.
const banner = [
  '#!/usr/bin/env node',
  "import { createRequire as __seqscopeCreateRequire } from 'node:module';",
  'const require = __seqscopeCreateRequire(import.meta.url);',
].join('\n');

export async function buildCli() {
  mkdirSync(dirname(outfile), { recursive: true });
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: { js: banner },
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    // Native or heavy modules stay out of the bundle, loaded from node_modules on first use
    // (index/query/serve only): DuckDB's binary and the S3 SDK.
    external: ['@duckdb/node-api', '@aws-sdk/client-s3'],
  });
  chmodSync(outfile, 0o755);
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  console.log(`build-cli: ${relative(root, outfile)} (${(bytes / 1024).toFixed(1)} KiB)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildCli().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
