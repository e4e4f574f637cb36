import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's tests; each project has its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*', 'server', 'web', 'e2e'],
    // Vitest's default is one worker less than the cores: one file at a time on a 2-core machine
    // (CI's). Most files wait on a database, a socket or a browser much of the time, so two files
    // at once on two cores take about 70 % of the time (server project: 347 s -> 247 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
