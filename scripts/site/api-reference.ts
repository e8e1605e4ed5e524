/**
 * The site's API reference: TypeDoc, with typedoc.json's options, into the
 * site's `docs/api/`, each module named for the entry point a user imports
 * (`tickflow/world`, not the source path `src/engines/world`), and the page
 * of every exported name read back so the guides can link to them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Application,
  ReflectionKind,
  RendererEvent,
  TSConfigReader,
  TypeDocReader,
  type ProjectReflection,
} from 'typedoc';

/** An entry point's reference: its module page and the page of each name it exports, relative to the API folder. */
export interface ApiModule {
  readonly page: string;
  readonly names: ReadonlyMap<string, string>;
}

/** The API reference by entry point ('tickflow/world'), in package.json's order. */
export type ApiReference = ReadonlyMap<string, ApiModule>;

interface PackageExports {
  readonly exports: Record<string, string | { readonly types?: string }>;
}

/**
 * The entry point each TypeDoc module documents, keyed by the name TypeDoc
 * gives it (the source path without `/index`: `src/engines/world`), read from
 * package.json's `exports` (`./world` types `./dist/src/engines/world/index.d.ts`).
 */
function entryPointsByModuleName(repo: string): Map<string, string> {
  const { exports } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as PackageExports;
  const byName = new Map<string, string>();
  for (const [subpath, target] of Object.entries(exports)) {
    if (typeof target === 'string' || target.types === undefined) continue;
    const moduleName = target.types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '').replace(/\/index$/, '');
    byName.set(moduleName, subpath === '.' ? 'tickflow' : `tickflow/${subpath.slice(2)}`);
  }
  return byName;
}

/**
 * Renames each module to its entry point, and lists them in package.json's
 * order (the core first); a module package.json does not export fails the build.
 */
function nameModulesForUsers(project: ProjectReflection, byName: ReadonlyMap<string, string>): void {
  for (const module of project.getChildrenByKind(ReflectionKind.Module)) {
    const entryPoint = byName.get(module.name);
    if (entryPoint === undefined) {
      throw new Error(`site: TypeDoc module "${module.name}" is no entry point in package.json "exports"`);
    }
    module.name = entryPoint;
  }
  const order = [...byName.values()];
  const byExports = (a: { name: string }, b: { name: string }) => order.indexOf(a.name) - order.indexOf(b.name);
  project.children?.sort(byExports);
  for (const group of project.groups ?? []) group.children.sort(byExports);
}

/**
 * Builds the API reference into `outDir` and returns where each exported name
 * is documented. Its index lists the modules (typedoc.json's `readme` is
 * `none`): the README is the site's home page.
 */
export async function buildApiReference(repo: string, outDir: string): Promise<ApiReference> {
  // The gallery's icon: a page without one makes the browser ask the host's root for /favicon.ico.
  const favicon = join(repo, 'scripts/site/favicon.svg');
  // The modules' names hold slashes ('tickflow/world'); listed flat, not as folders.
  const navigation = { includeFolders: false };
  const app = await Application.bootstrapWithPlugins({ out: outDir, favicon, navigation }, [
    new TypeDocReader(),
    new TSConfigReader(),
  ]);
  const project = await app.convert();
  if (project === undefined) throw new Error('site: TypeDoc could not convert the project');
  nameModulesForUsers(project, entryPointsByModuleName(repo));

  const reference = new Map<string, ApiModule>();
  app.renderer.on(RendererEvent.END, () => {
    const router = app.renderer.router;
    if (router === undefined) throw new Error('site: TypeDoc rendered without a router');
    for (const module of project.getChildrenByKind(ReflectionKind.Module)) {
      const names = new Map<string, string>();
      for (const child of module.children ?? []) {
        // A re-export (OptionError in tickflow/operators) links to the page of what it re-exports.
        const target = child.isReference() ? child.tryGetTargetReflectionDeep() : child;
        if (target !== undefined && router.hasUrl(target)) names.set(child.name, router.getFullUrl(target));
      }
      reference.set(module.name, { page: router.getFullUrl(module), names });
    }
  });
  await app.generateDocs(project, outDir);
  if (app.logger.hasErrors()) throw new Error('site: TypeDoc reported errors (above)');
  return reference;
}
