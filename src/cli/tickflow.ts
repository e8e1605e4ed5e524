#!/usr/bin/env node
// The command runs in Node; the library's build config includes no Node types, so this file names them.
/// <reference types="node" />
/**
 * The `tickflow` command:
 *
 * ```sh
 * npx tickflow validate <scenario-module>...   # delta-time independence, as a table; exit 1 on a mismatch
 * npx tickflow play <scene.json> --validate     # a fixed-tick runtime scene, validated and run headless for N ticks
 * npx tickflow replay <session.json> <build>    # a recorded session replayed headless; exit 1 where it differs
 * npx tickflow signal --port 8787               # the netplay signalling server, with room codes, until Ctrl-C
 * ```
 *
 * See {@link runTickflowCommand} for what it does, and
 * `examples/paddle-duel/scenarios.ts` (a world engine) and
 * `examples/orbit-catch/scenarios.ts` (a state engine) for scenario modules.
 *
 * @module
 */
import { runTickflowCommand } from './validate-command.js';

process.exitCode = await runTickflowCommand(process.argv.slice(2));
