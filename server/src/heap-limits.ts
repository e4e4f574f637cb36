import { setFlagsFromString } from 'node:v8';

// Imported first by main.ts, before the rest of the portal is loaded: V8's heap sizing for a
// server that should stay small (decision 0015, "Memory under bulk work"). Both flags are read by
// V8 whenever it sizes the heap, so setting them here acts as if given on the command line, for
// every way the portal is started (npm start, the worker, a container's `node server/dist/main.js`).
//
// - The old generation may grow 10 % past what the last full collection kept, instead of the
//   10–300 % V8 picks from the collection's speed: a burst of bulk work (a review, a conversion,
//   a tile warm) no longer doubles the heap before the next full collection.
// - The young generation: when the command line caps it (`--max-semi-space-size`, 4 MB with `npm
//   start`, decision 0018), V8 sizes it within that cap, growing and shrinking it with the load.
//   Otherwise it stops growing: it keeps the size it reached while the portal's modules were
//   loaded (the imports are parsed before this file runs), semi-spaces of 8 MB instead of the
//   16 MB ones it grows to under load. Growth stopped under a cap of 4 MB cost the API a quarter
//   of its requests per second (V8 shrinks the young generation when the portal is idle, and it
//   could not grow back).
setFlagsFromString('--heap-growing-percent=10');
const capped = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => a.startsWith('--max-semi-space-size'));
if (!capped) setFlagsFromString('--semi-space-growth-factor=1');
