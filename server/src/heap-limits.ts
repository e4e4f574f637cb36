import { setFlagsFromString } from 'node:v8';

// Imported first by main.ts, before the rest of the portal is loaded: V8's heap sizing for a
// server that should stay small (decision 0015, "Memory under bulk work"). Both flags are read by
// V8 whenever it sizes the heap, so setting them here acts as if given on the command line, for
// every way the portal is started (npm start, the worker, a container's `node server/dist/main.js`).
//
// - The old generation may grow 10 % past what the last full collection kept, instead of the
//   10–300 % V8 picks from the collection's speed: a burst of bulk work (a review, a conversion,
//   a tile warm) no longer doubles the heap before the next full collection.
// - The young generation keeps its starting size (1 MB semi-spaces) instead of growing to 16 MB
//   ones: 30 MB less at rest and under load.
setFlagsFromString('--heap-growing-percent=10');
setFlagsFromString('--semi-space-growth-factor=1');
