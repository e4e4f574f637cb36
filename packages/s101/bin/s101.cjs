#!/usr/bin/env node
// The s101 command: the whole command bundled into one file by `npm install` / `npm run build`
// (scripts/build.mjs), loaded with one read instead of resolving its modules one by one.
'use strict';
require('../dist/s101.cjs');
