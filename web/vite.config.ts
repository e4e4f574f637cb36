import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.CHARTROOM_API ?? 'http://localhost:8080';
const proxied = ['/api', '/auth', '/users', '/providers', '/charts', '/health', '/ready'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Read @chartroom/contracts from its TypeScript sources, not from a build.
    conditions: ['@chartroom/source', 'module', 'browser', 'development|production'],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // React, Mantine and zod make up the shared entry chunk; pages are split per route.
    chunkSizeWarningLimit: 900,
  },
});
