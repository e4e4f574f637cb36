import { defineConfig } from 'vitest/config';

// Unit tests of the web's helpers and components (jsdom + Testing Library); browser journeys live in e2e/.
// The contracts are read from their sources (the `@chartroom/source` condition), as the server's tests do.
export default defineConfig({
  resolve: { conditions: ['@chartroom/source'] },
  ssr: { resolve: { conditions: ['@chartroom/source'] } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['../test/fail-on-console.ts', './test/setup-dom.ts'],
    // One jsdom per worker, not per file (decision 0040); setup-dom.ts unmounts and clears after
    // each test. 13 s instead of 43 s.
    isolate: false,
    testTimeout: 30_000,
  },
});
