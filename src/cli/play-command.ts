// The command runs in Node; the library's build config includes no Node types, so this file names them.
/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { OptionError } from '../../operators/option-error.js';
import { checkBehaviorFactories, type BehaviorFactory } from '../engines/runtime/behavior.js';
import type { PhysicsAdapter } from '../engines/runtime/physics-adapter.js';
import { SceneDocumentError, sceneProblems } from '../engines/runtime/scene-document.js';
import { DEFAULT_VALIDATE_TICKS, validateScene } from '../engines/runtime/validate-scene.js';
import { commandIo, EXIT_MISMATCH, EXIT_OK, EXIT_USAGE, messageOf, type CommandIo } from './command-io.js';

export const PLAY_USAGE = `Usage: tickflow play <scene.json> --validate [--ticks N] [--behaviors <module>] [--physics 3d|2d] [--json]

Validates a fixed-tick runtime scene document, then runs it headless for N
fixed ticks (default ${DEFAULT_VALIDATE_TICKS}) with the document's simulation settings, and
reports: ticks, objects, every error a behavior threw, and a hash of the
final poses. Playing with a renderer needs a page: only --validate runs here.

  --ticks N             fixed ticks to run (a whole number >= 1)
  --behaviors <module>  a module exporting the behavior factories the scene
                        names (as \`behaviors\`, or its default export)
  --physics 3d|2d       the Rapier adapter for scenes with bodies (default 3d)
  --json                print the report as JSON

Exit status: 0 when the scene is valid and ran without an error, 1 when it is
invalid or a behavior threw, 2 on a usage error (a file or module that would
not load, or a --behaviors module that exports no behavior factories).
Every failure is a message, never a stack trace.`;

interface PlayArgs {
  scene: string;
  ticks: number;
  behaviors: string | undefined;
  physics: '3d' | '2d';
  json: boolean;
}

function parsePlayArgs(args: readonly string[]): PlayArgs | string {
  let scene: string | undefined;
  let validate = false;
  let ticks = DEFAULT_VALIDATE_TICKS;
  let behaviors: string | undefined;
  let physics: '3d' | '2d' = '3d';
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--validate') validate = true;
    else if (arg === '--json') json = true;
    else if (arg === '--ticks') {
      ticks = Number(args[++i]);
      if (!Number.isInteger(ticks) || ticks < 1) return `--ticks must be a whole number >= 1, got ${String(args[i])}`;
    } else if (arg === '--behaviors') {
      behaviors = args[++i];
      if (behaviors === undefined) return '--behaviors needs a module path';
    } else if (arg === '--physics') {
      const value = args[++i];
      if (value !== '3d' && value !== '2d') return `--physics must be 3d or 2d, got ${String(value)}`;
      physics = value;
    } else if (arg.startsWith('--')) return `unknown option ${arg}`;
    else if (scene === undefined) scene = arg;
    else return `one scene at a time, got ${scene} and ${arg}`;
  }
  if (scene === undefined) return 'no scene document given';
  if (!validate) return 'playing needs a page with a renderer; here only --validate runs a scene (headless)';
  return { scene, ticks, behaviors, physics, json };
}

/** `tickflow play <scene.json> --validate`: see {@link PLAY_USAGE}. */
export async function runPlayCommand(args: readonly string[], io: Partial<CommandIo> = {}): Promise<number> {
  const { out, err, importModule, cwd } = commandIo(io);
  const parsed = parsePlayArgs(args);
  if (typeof parsed === 'string') {
    err(`tickflow play: ${parsed}\n\n${PLAY_USAGE}`);
    return EXIT_USAGE;
  }
  let text: string;
  try {
    text = await readFile(resolve(cwd, parsed.scene), 'utf8');
  } catch (error) {
    err(`tickflow play: could not read ${parsed.scene}: ${messageOf(error)}`);
    return EXIT_USAGE;
  }
  let behaviors: { readonly [name: string]: BehaviorFactory } = {};
  if (parsed.behaviors !== undefined) {
    let exported: unknown;
    try {
      const loaded = await importModule(pathToFileURL(resolve(cwd, parsed.behaviors)).href);
      exported = loaded.behaviors ?? loaded.default ?? {};
    } catch (error) {
      err(`tickflow play: could not load ${parsed.behaviors}: ${messageOf(error)}`);
      return EXIT_USAGE;
    }
    try {
      checkBehaviorFactories(`--behaviors ${parsed.behaviors}`, exported);
    } catch (error) {
      if (!(error instanceof OptionError)) throw error;
      err(`tickflow play: ${error.message} (export them as \`behaviors\` or as the default export)`);
      return EXIT_USAGE;
    }
    behaviors = exported;
  }
  // Every problem of the document first, before any physics engine loads.
  const problems = sceneProblems(text, { knownBehaviors: Object.keys(behaviors) });
  if (problems.length > 0) {
    err(`${parsed.scene}: ${new SceneDocumentError(problems).message}`);
    return EXIT_MISMATCH;
  }
  const hasBodies = (JSON.parse(text) as { objects: { body?: unknown }[] }).objects.some((object) => object.body !== undefined);
  let physics: PhysicsAdapter | undefined;
  if (hasBodies) {
    try {
      physics =
        parsed.physics === '3d'
          ? await (await import('../backends/rapier/rapier3d.js')).createRapier3d()
          : await (await import('../backends/rapier/rapier2d.js')).createRapier2d();
    } catch (error) {
      err(`tickflow play: could not load the ${parsed.physics} physics (Rapier): ${messageOf(error)}`);
      return EXIT_USAGE;
    }
  }
  let report: ReturnType<typeof validateScene>;
  try {
    report = validateScene({ scene: text, behaviors, physics, ticks: parsed.ticks });
  } catch (error) {
    err(`tickflow play: ${parsed.scene}: ${messageOf(error)}`);
    return EXIT_MISMATCH;
  }
  if (parsed.json) out(JSON.stringify(report, null, 2));
  else {
    out(
      `${parsed.scene}: valid; ${report.ticks} ticks of ${report.fixedDeltaSeconds.toFixed(6)} s with ${report.physicsSubsteps} physics substeps; ` +
        `${report.objects} objects; ${report.errors.length} errors; ${report.diagnostics.length} diagnostics; pose hash ${report.poseHash}`,
    );
    for (const line of report.errors) out(`  error: ${line}`);
    for (const line of report.diagnostics) out(`  diagnostic: ${line}`);
  }
  return report.errors.length > 0 ? EXIT_MISMATCH : EXIT_OK;
}
