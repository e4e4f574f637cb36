import { defineConfig } from 'vitest/config';

// Unit tests of the web's pure helpers (paths, formatting); browser journeys live in e2e/.
export default defineConfig({
  resolve: { conditions: ['@chartroom/source'] },
  test: { name: 'web', include: ['src/**/*.test.ts'], environment: 'node' },
});
