import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@chartroom/source'] },
  ssr: { resolve: { conditions: ['@chartroom/source'] } },
  test: { name: 's100', include: ['src/**/*.test.ts'], setupFiles: ['../../test/fail-on-console.ts'], testTimeout: 60_000 },
});
