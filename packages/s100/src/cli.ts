#!/usr/bin/env node
// Entry point of the s100 command; bin/s100.js imports the built copy of this file.
import { main } from './cli-run.js';

process.exitCode = await main(process.argv.slice(2));
