/**
 * The gallery as static files: the Vite app in examples/ (the repository's
 * vite.config.ts, so tickflow resolves to the sources as under `npm start`),
 * built with a relative base so it works from any path, one page for the
 * gallery and one per example in examples/catalog.ts.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { examples } from '../../examples/catalog.js';

/** The folders (catalog hrefs without their slash) whose pages the gallery build emits, the gallery itself first (''). */
export function galleryPages(): string[] {
  return ['', ...examples.map((example) => example.href.replace(/\/$/, ''))];
}

/**
 * Builds the gallery into `outDir`. `sourcemap: 'hidden'` writes each
 * chunk's source map beside it, unreferenced, the code unchanged (the
 * whole-games bench reads them to tell tickflow's functions from a game's).
 */
export async function buildGallery(repo: string, outDir: string, options: { readonly sourcemap?: 'hidden' } = {}): Promise<void> {
  const root = join(repo, 'examples');
  const input = Object.fromEntries(galleryPages().map((folder) => [folder || 'gallery', join(root, folder, 'index.html')]));
  await build({
    configFile: join(repo, 'vite.config.ts'),
    base: './',
    logLevel: 'warn',
    plugins: [spritesheetImages()],
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: options.sourcemap ?? false,
      // Rapier's chunk (the Physics Playground's, fetched when it creates its world) holds the -compat build, its WebAssembly inlined (≈ 4.3 MB).
      chunkSizeWarningLimit: 5000,
      // A spritesheet must stay a file: pixi resolves its image relative to the sheet's URL, which a data: URL lacks.
      assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
      rollupOptions: { input },
    },
  });
}

/**
 * A pixi spritesheet names its image relative to itself
 * (`"meta": { "image": "duel-sheet.png" }`). Vite emits the sheet, loaded by
 * `new URL('./art/duel-sheet.json', import.meta.url)`, as a hashed asset and
 * never sees the image; this emits the image beside it, where pixi asks for it.
 */
function spritesheetImages(): Plugin {
  return {
    name: 'tickflow-site:spritesheet-images',
    generateBundle(_options, bundle) {
      for (const asset of Object.values(bundle)) {
        if (asset.type !== 'asset' || !asset.fileName.endsWith('.json')) continue;
        const sheet = JSON.parse(Buffer.from(asset.source).toString('utf8')) as { meta?: { image?: unknown } };
        const image = sheet.meta?.image;
        const original = asset.originalFileNames[0];
        if (typeof image !== 'string' || original === undefined) continue;
        this.emitFile({
          type: 'asset',
          fileName: posix.join(posix.dirname(asset.fileName), image),
          source: readFileSync(resolve(this.environment.config.root, dirname(original), image)),
        });
      }
    },
  };
}
