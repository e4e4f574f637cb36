import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@chartroom/source'] },
  ssr: { resolve: { conditions: ['@chartroom/source'] } },
  test: { name: 'iso8211', include: ['src/**/*.test.ts'], setupFiles: ['../../test/fail-on-console.ts'], testTimeout: 30_000 },
});
