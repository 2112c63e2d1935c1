#!/usr/bin/env node
// `npm test`: install deps if needed, find Chromium, check (types, lint, format), build (CLI + app), then
// run the unit tests (vitest) and the browser tests (playwright). Every step
// streams its own output; the exit code is non-zero if any step failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureDeps } from './ensure-deps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', process.platform === 'win32' ? `${name}.cmd` : name);

function run(label, command, args) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (res.error) console.error(`${label}: ${res.error.message}`);
  return res.status === 0;
}

try {
  ensureDeps(root);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
process.env.SEQSCOPE_CHROMIUM = ensureChromium();

const failed = [];
// Typecheck, lint (with the import layering) and format check: cheap, and they fail the run like a test.
if (
  !run('check (typecheck, lint, format)', process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'check'])
)
  failed.push('check');
const built = run('build', process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build']);
if (!built) failed.push('build');

// Both runners also write JSON results, summed into one closing line below.
const reports = join(root, '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
process.env.SEQSCOPE_PLAYWRIGHT_JSON = join(reports, 'playwright.json');

const vitestArgs = [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, 'vitest.json')}`,
];
if (!run('unit tests (vitest)', bin('vitest'), vitestArgs)) failed.push('vitest');

if (built) {
  if (!run('browser tests (playwright)', bin('playwright'), ['test'])) failed.push('playwright');
} else {
  console.log('\n=== browser tests (playwright) ===\nskipped: the build failed');
  failed.push('playwright (skipped)');
}

/** Passed/failed counts from a runner's JSON report, or null when it wrote none. */
function counts(file, pick) {
  try {
    return pick(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}
const unit = counts(join(reports, 'vitest.json'), (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
}));
const browser = counts(join(reports, 'playwright.json'), (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected + r.stats.flaky,
}));
const total = {
  passed: (unit?.passed ?? 0) + (browser?.passed ?? 0),
  failed: (unit?.failed ?? 0) + (browser?.failed ?? 0),
};
console.log(`\nunit: ${unit ? `${unit.passed} passed, ${unit.failed} failed` : 'no report'}`);
console.log(`browser: ${browser ? `${browser.passed} passed, ${browser.failed} failed` : 'no report'}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed`);

// CI shows only the end of this output: name every failed test here, so a failure is never anonymous.
const failedNames = [
  ...(counts(join(reports, 'vitest.json'), (r) =>
    r.testResults.flatMap((file) =>
      file.assertionResults
        .filter((t) => t.status === 'failed')
        .map((t) => `unit: ${file.name.slice(root.length + 1)} > ${t.fullName}`),
    ),
  ) ?? []),
  ...(counts(join(reports, 'playwright.json'), (r) => failedSpecs(r.suites ?? [])) ?? []),
];
for (const name of failedNames) console.log(`failed: ${name}`);

/** Titles of the Playwright specs whose last run did not pass, from its JSON report's nested suites. */
function failedSpecs(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.ok === false)
      .map((spec) => `browser: ${spec.file}:${spec.line} > ${spec.title}`),
    ...failedSpecs(suite.suites ?? []),
  ]);
}

if (failed.length > 0) {
  console.error(`\nnpm test: FAILED: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nnpm test: all steps passed');
