import { relative } from 'node:path';
import { parseCreateArgs } from './args.js';
import { helpText } from './help.js';
import { scaffold } from './scaffold.js';
import { UsageError } from './usage-error.js';

/** Where the CLI writes: process.stdout and process.stderr, or a test's. */
export interface Output {
  out(text: string): void;
  err(text: string): void;
}

const processOutput: Output = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * create-tickflow: reads the arguments, writes the app, says what to run
 * next. Returns the exit code: 0, or 1 for a usage mistake (its message on
 * stderr, with no stack).
 */
export function main(argv: readonly string[], output: Output = processOutput): number {
  try {
    const request = parseCreateArgs(argv);
    if (request.kind === 'help') {
      output.out(helpText());
      return 0;
    }
    const app = scaffold(request.folder, request.template, request.tickflow === undefined ? {} : { tickflow: request.tickflow });
    const where = relative(process.cwd(), app.folder) || '.';
    output.out(
      `Created ${app.name} from the "${request.template}" template in ${where}` +
        (request.tickflow === undefined ? '.\n\n' : `, with tickflow from ${app.tickflow.slice('file:./'.length)} (a local build).\n\n`) +
        (where === '.' ? '' : `  cd ${/[\s'"]/.test(where) ? JSON.stringify(where) : where}\n`) +
        `  npm install\n  npm run dev     # play it\n  npm test        # its loop's test\n  npm run build   # type-check and build for the web\n`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(`${error.message}\n`);
    return 1;
  }
}
