import { defineConfig } from '@playwright/test';

// Playwright cannot download its own browsers here: use the system Chromium
// (scripts/ensure-chromium.mjs installs it and honours the same env var).
const chromiumPath = process.env.SEQSCOPE_CHROMIUM || '/usr/bin/chromium';
// SEQSCOPE_E2E_PORT lets two checkouts run their browser tests side by side.
const port = Number(process.env.SEQSCOPE_E2E_PORT) || 4173;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // `npm test` asks for a JSON report too, to print one closing count for both runners.
  reporter: process.env.SEQSCOPE_PLAYWRIGHT_JSON
    ? [['list'], ['json', { outputFile: process.env.SEQSCOPE_PLAYWRIGHT_JSON }]]
    : 'list',
  timeout: 30_000,
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // Serves the already-built dist/ (`npm run build` runs first in scripts/test.mjs).
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
