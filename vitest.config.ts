import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's tests; each project has its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*', 'server', 'web', 'e2e'],
  },
});
