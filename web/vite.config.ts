import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';

const apiTarget = process.env.CHARTROOM_API ?? 'http://localhost:8080';
const proxied = ['/api', '/auth', '/users', '/providers', '/charts', '/health', '/ready'];
const root = fileURLToPath(new URL('.', import.meta.url));

const shared = {
  root,
  plugins: [react()],
  resolve: {
    // Read @chartroom/contracts from its TypeScript sources, not from a build.
    conditions: ['@chartroom/source', 'module', 'browser', 'development|production'],
  },
} satisfies UserConfig;

const buildOptions = {
  outDir: 'dist',
  emptyOutDir: true,
  // The first page's chunk (React, Mantine's core, the router, zod, the forms) is the largest.
  chunkSizeWarningLimit: 900,
} satisfies UserConfig['build'];

/** A route's own code (its page and features) stays in its route chunk. */
const routeOwn = /[\\/]src[\\/](app[\\/]routes|features)[\\/]/;

/**
 * One chunk for what a first visit to the home page runs (decision 0019).
 *
 * Left to the automatic splitting, the modules the entry and the home route share with other routes
 * come as some 36 files, 20 of them under 2 kB (one per set of routes that shares them), each with its
 * own request, headers and compression dictionary. A first build, not written, tells which modules the
 * home page's chunks hold after tree-shaking (the import graph alone would take all of Mantine through
 * its index); the real build puts those, but the routes' own code, in one group, which rolldown places
 * with the entry. Other routes load the entry plus their own chunk, and find it cached after the home page.
 */
function firstPageChunk(): Plugin {
  return {
    name: 'chartroom:first-page-chunk',
    apply: 'build',
    async config() {
      // The first build has `shared`'s plugins only: this one does not run in it.
      const output = await build({
        ...shared,
        configFile: false,
        logLevel: 'silent',
        build: { ...buildOptions, write: false },
      });
      const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : []));
      const byName = new Map(chunks.flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      const home = fileURLToPath(new URL('src/app/routes/home.tsx', import.meta.url));
      const starts = [...byName.values()].filter((c) => c.isEntry || c.facadeModuleId === home).map((c) => c.fileName);
      if (starts.length !== 2) throw new Error(`first-page chunk: expected the entry and the home route, found ${starts.join(', ')}`);
      const members = new Set<string>();
      const seen = new Set<string>();
      for (let name = starts.pop(); name !== undefined; name = starts.pop()) {
        const chunk = byName.get(name);
        if (!chunk || seen.has(name)) continue;
        seen.add(name);
        for (const id of Object.keys(chunk.modules)) if (!routeOwn.test(id)) members.add(id);
        starts.push(...chunk.imports);
      }
      return {
        build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: (id: string) => (members.has(id) ? 'app' : null) }] } } } },
      };
    },
  };
}

export default defineConfig({
  ...shared,
  plugins: [...shared.plugins, firstPageChunk()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }])),
  },
  build: buildOptions,
});
