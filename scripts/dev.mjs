// `npm run dev`: the API with reload (tsx watch) and the Vite dev server, which proxies the API.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const procs = [
  spawn(process.execPath, ['--conditions=@chartroom/source', 'node_modules/tsx/dist/cli.mjs', 'watch', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['../node_modules/vite/bin/vite.js'], { cwd: `${root}web`, stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
