import { parseArgs } from 'node:util';
import { TEMPLATE_NAMES, type TemplateName } from './templates.js';
import { UsageError } from './usage-error.js';

/** What the command line asks for: a new app, or the help text. */
export type Request =
  | {
      readonly kind: 'create';
      readonly folder: string;
      readonly template: TemplateName;
      /** `--tickflow <path>`: a local tickflow (a tarball, or a built checkout's folder) instead of the registry's. */
      readonly tickflow?: string;
    }
  | { readonly kind: 'help' };

const EXAMPLE = 'npm create tickflow@latest my-game -- --template world';
const NAMES = TEMPLATE_NAMES.join(', ');

/**
 * Reads create-tickflow's arguments: one folder, `--template <name>` (or
 * `-t`), `--tickflow <path>` (a local tickflow), or `--help` (`-h`), which
 * wins over everything else.
 *
 * @throws {UsageError} naming the option, the value and the rule: no folder,
 *   two folders, no template, an unknown template (the six are named), an
 *   unknown option.
 */
export function parseCreateArgs(argv: readonly string[]): Request {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { template: { type: 'string', short: 't' }, tickflow: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    // node:util's own message names the option ("Unknown option '--tempalte'"); say what to run instead.
    throw new UsageError(`create-tickflow: ${error instanceof Error ? error.message : String(error)}. Run create-tickflow --help for the options.`);
  }
  const { positionals, values } = parsed;
  if (positionals.length === 0) throw new UsageError(`create-tickflow: name the folder to create, as in: ${EXAMPLE}`);
  if (positionals.length > 1) {
    throw new UsageError(`create-tickflow: one folder at a time, got ${positionals.length}: ${positionals.join(' ')}`);
  }
  const template = values.template;
  if (template === undefined) throw new UsageError(`create-tickflow: --template is required: one of ${NAMES} (as in: ${EXAMPLE})`);
  if (!isTemplateName(template)) throw new UsageError(`create-tickflow: unknown --template '${template}': expected one of ${NAMES}`);
  return { kind: 'create', folder: positionals[0]!, template, ...(values.tickflow === undefined ? {} : { tickflow: values.tickflow }) };
}

function isTemplateName(name: string): name is TemplateName {
  return (TEMPLATE_NAMES as readonly string[]).includes(name);
}
