import { defineConfig } from 'vitest/config';

// Browser journeys: one at a time (two cores), each against its own portal on a free port.
export default defineConfig({
  resolve: { conditions: ['@chartroom/source'] },
  ssr: { resolve: { conditions: ['@chartroom/source'] } },
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['../test/fail-on-console.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A loaded two-core machine renders slowly: poll for what a user would see for up to 20 s.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
