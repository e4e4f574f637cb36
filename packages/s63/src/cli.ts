#!/usr/bin/env node
// Entry point of the s63 command; bin/s63.js imports the built copy of this file.
import { main } from './cli-run.js';

process.exitCode = main(process.argv.slice(2));
