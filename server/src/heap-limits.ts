import { setFlagsFromString } from 'node:v8';

// Imported first by main.ts, before the rest of the portal is loaded: V8's heap sizing for a
// server that should stay small (decision 0015, "Memory under bulk work"). Both flags are read by
// V8 whenever it sizes the heap, so setting them here acts as if given on the command line, for
// every way the portal is started (npm start, the worker, a container's `node server/dist/main.js`).
//
// - The old generation may grow 10 % past what the last full collection kept, instead of the
//   10–300 % V8 picks from the collection's speed: a burst of bulk work (a review, a conversion,
//   a tile warm) no longer doubles the heap before the next full collection.
// - The young generation stops growing. It keeps the size it reached while the portal's modules
//   were loaded (the imports are parsed before this file runs): semi-spaces of 8 MB, or the
//   `--max-semi-space-size` of the command line, 4 MB with `npm start` (decision 0018), instead of
//   growing to 16 MB ones under load: 30 MB less at rest and under load. Kept at 1 MB (this file
//   run before the modules are loaded) they cost the API a third of its requests per second.
setFlagsFromString('--heap-growing-percent=10');
setFlagsFromString('--semi-space-growth-factor=1');
