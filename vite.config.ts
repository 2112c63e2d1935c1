import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One config for `vite` (dev/build/preview) and `vitest`.
export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  },
});
