import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@chartroom/source'] },
  ssr: { resolve: { conditions: ['@chartroom/source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../test/fail-on-console.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
