import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';
import { CONTENT_SECURITY_POLICY_META } from './src/cli/http/csp.ts';

/** The built index.html carries the app's CSP as a meta tag, for static hosting (not in dev: HMR needs inline script). */
const cspMeta: Plugin = {
  name: 'seqscope-csp-meta',
  apply: 'build',
  transformIndexHtml: () => [
    {
      tag: 'meta',
      attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY_META },
      injectTo: 'head-prepend',
    },
  ],
};

// One config for `vite` (dev/build/preview) and `vitest`.
export default defineConfig({
  plugins: [react(), tailwindcss(), cspMeta],
  worker: {
    format: 'es',
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: false,
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    // Node by default; a test under src/app may opt into a DOM with a first-line
    // `// @vitest-environment jsdom` comment (jsdom is a devDependency).
    environment: 'node',
    // 2-core machine: keep the worker pool small.
    maxWorkers: 2,
    // Property tests and CLI spawns take seconds on a busy 2-core machine: no test is a timing bound.
    testTimeout: 120_000,
  },
});
