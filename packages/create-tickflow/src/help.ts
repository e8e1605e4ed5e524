import { TEMPLATES, TEMPLATE_NAMES } from './templates.js';

/** What `create-tickflow --help` prints. */
export function helpText(): string {
  const width = Math.max(...TEMPLATE_NAMES.map((name) => name.length));
  const templates = TEMPLATE_NAMES.map((name) => `  ${name.padEnd(width)}  ${TEMPLATES[name].description}`).join('\n');
  return `Usage: npm create tickflow@latest <folder> -- --template <name>
   or: npx create-tickflow <folder> --template <name>

Writes a Vite + TypeScript game into <folder> (a new or empty folder): a small
playable scene, its index.html, a test of its loop (vitest), and a README.

Templates:
${templates}

Options:
  -t, --template <name>  which starter (required)
  --tickflow <path>      install tickflow from this machine, not the registry:
                         a tarball (npm pack makes one), or a tickflow checkout's
                         folder once built (npm run build); it goes into <folder>
  -h, --help             this text
`;
}
