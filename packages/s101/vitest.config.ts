import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@chartroom/source'] },
  ssr: { resolve: { conditions: ['@chartroom/source'] } },
  test: { name: 's101', include: ['src/**/*.test.ts'], setupFiles: ['../../test/fail-on-console.ts'], testTimeout: 30_000 },
});
