#!/usr/bin/env node
// The create-tickflow command (`npm create tickflow`): see main.ts.
import { main } from './main.js';

process.exitCode = main(process.argv.slice(2));
