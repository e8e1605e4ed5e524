/** A phase of a page engine's frame. */
export type PagePhase = 'read' | 'step' | 'render';

/**
 * Whether the phase rules are checked: in development builds only. Bundlers
 * replace `process.env.NODE_ENV` (Vite, webpack, esbuild and Rollup's
 * replace plugin do), so a production build carries `false` here and never
 * installs a check; where nothing replaces it and there is no `process`
 * (a page loading the files unbundled), the checks are off.
 */
export const PHASE_CHECKS: boolean = developmentBuild();

function developmentBuild(): boolean {
  try {
    // Written out in full so a bundler's replacement finds it.
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false; // no `process` and nothing replaced it
  }
}

/** What a phase rule forbids: a layout read or a DOM write. */
export type PhaseAccess = 'layout read' | 'DOM write';

/**
 * A phase rule broken in a development build: a layout read in step or
 * render, or a DOM write in read or step. Reported to the engine's
 * `onError`, once per engine, system, phase and API; the hook is not
 * interrupted (the rule is advice, as fastdom's strict mode gives).
 */
export class PhaseRuleError extends Error {
  /** Always `'PhaseRuleError'`. */
  override readonly name = 'PhaseRuleError';

  constructor(
    /** The name of the engine whose system broke the rule. */
    readonly engine: string,
    /** The name of the system that broke it. */
    readonly system: string,
    /** The phase its hook was running in. */
    readonly phase: PagePhase,
    /** What it did: a layout read or a DOM write. */
    readonly access: PhaseAccess,
    /** The API it called, e.g. `getComputedStyle`. */
    readonly api: string,
  ) {
    const allowed = access === 'layout read' ? 'only read may measure the page' : 'only render may write the DOM';
    super(`page engine '${engine}', system '${system}', ${phase}: a ${access} (${api}) in ${phase}; ${allowed}`);
  }
}

/** Who is running a hook: the engine reports what its systems break. @internal */
export interface PhaseOwner {
  readonly name: string;
  reportPhaseRule(error: PhaseRuleError): void;
}

let owner: PhaseOwner | undefined;
let systemName = '';
let phase: PagePhase = 'read';
let installed = false;

/** Marks a hook as running (development builds only). @internal */
export function enterPhase(by: PhaseOwner, system: string, current: PagePhase): void {
  owner = by;
  systemName = system;
  phase = current;
}

/** Marks the end of a hook. @internal */
export function leavePhase(): void {
  owner = undefined;
}

function check(access: PhaseAccess, api: string): void {
  const by = owner;
  if (by === undefined) return;
  const broken = access === 'layout read' ? phase !== 'read' : phase !== 'render';
  if (broken) by.reportPhaseRule(new PhaseRuleError(by.name, systemName, phase, access, api));
}

// The APIs that force layout (after a write, the browser must lay out to
// answer them), as fastdom's strict mode and "What forces layout" list them.
const LAYOUT_METHODS: readonly [string, readonly string[]][] = [
  ['Element', ['getBoundingClientRect', 'getClientRects']],
];
const LAYOUT_GETTERS: readonly [string, readonly string[]][] = [
  ['Element', ['clientTop', 'clientLeft', 'clientWidth', 'clientHeight', 'scrollTop', 'scrollLeft', 'scrollWidth', 'scrollHeight']],
  ['HTMLElement', ['offsetTop', 'offsetLeft', 'offsetWidth', 'offsetHeight', 'offsetParent', 'innerText']],
];
const WRITE_METHODS: readonly [string, readonly string[]][] = [
  ['Node', ['appendChild', 'insertBefore', 'removeChild', 'replaceChild']],
  ['Element', ['setAttribute', 'removeAttribute', 'toggleAttribute', 'append', 'prepend', 'remove', 'replaceWith', 'before', 'after']],
  ['DOMTokenList', ['add', 'remove', 'toggle', 'replace']],
  ['CSSStyleDeclaration', ['setProperty', 'removeProperty']],
];
const WRITE_SETTERS: readonly [string, readonly string[]][] = [
  ['Node', ['textContent', 'nodeValue']],
  ['Element', ['innerHTML', 'className', 'id']],
  ['HTMLElement', ['innerText', 'hidden']],
  ['CSSStyleDeclaration', ['cssText']],
];

/**
 * Installs the phase checks on the DOM's prototypes, once per page, in
 * development builds: each listed API first asks whether a page engine's
 * hook is running and whether its phase allows it. Outside a hook the check
 * is one comparison. Every CSS property setter of `element.style` is checked
 * too. @internal
 */
export function installPhaseChecks(): void {
  if (!PHASE_CHECKS || installed) return;
  const g = globalThis as Record<string, unknown>;
  if (typeof g.Element !== 'function') return; // no DOM (Node): nothing to guard
  installed = true;
  const proto = (name: string): object | undefined => (g[name] as { prototype?: object } | undefined)?.prototype;

  for (const [type, names] of LAYOUT_METHODS) for (const n of names) guardMethod(proto(type), n, 'layout read', `${type}.${n}`);
  for (const [type, names] of LAYOUT_GETTERS) for (const n of names) guardAccessor(proto(type), n, 'layout read', `${type}.${n}`, 'get');
  for (const [type, names] of WRITE_METHODS) for (const n of names) guardMethod(proto(type), n, 'DOM write', `${type}.${n}`);
  for (const [type, names] of WRITE_SETTERS) for (const n of names) guardAccessor(proto(type), n, 'DOM write', `${type}.${n}`, 'set');
  // Scrolling is a write too.
  for (const n of ['scrollTop', 'scrollLeft']) guardAccessor(proto('Element'), n, 'DOM write', `Element.${n}`, 'set');
  const getComputedStyle = g.getComputedStyle;
  if (typeof getComputedStyle === 'function') {
    g.getComputedStyle = function (this: unknown) {
      check('layout read', 'getComputedStyle');
      return (getComputedStyle as (...a: unknown[]) => unknown).apply(this, arguments as unknown as unknown[]);
    };
  }
  // `el.style.transform = ...`, where the browser makes CSS properties accessors of a prototype
  // (Firefox's CSS2Properties, the newer CSSStyleProperties). Chromium keeps them as named
  // properties of each style object, which no prototype patch sees: there, only style writes
  // through setProperty, removeProperty and cssText (the ledger uses setProperty) are checked.
  for (const type of ['CSSStyleProperties', 'CSS2Properties']) {
    const style = proto(type);
    if (style === undefined) continue;
    for (const n of Object.getOwnPropertyNames(style)) {
      if (n === 'cssText' || n === 'constructor') continue;
      guardAccessor(style, n, 'DOM write', `style.${n}`, 'set');
    }
  }
}

function guardMethod(target: object | undefined, name: string, access: PhaseAccess, api: string): void {
  const d = target && Object.getOwnPropertyDescriptor(target, name);
  if (!d || typeof d.value !== 'function' || !d.configurable) return;
  const original = d.value as (...a: unknown[]) => unknown;
  Object.defineProperty(target, name, {
    ...d,
    value: function (this: unknown) {
      check(access, api);
      return original.apply(this, arguments as unknown as unknown[]);
    },
  });
}

function guardAccessor(target: object | undefined, name: string, access: PhaseAccess, api: string, which: 'get' | 'set'): void {
  const d = target && Object.getOwnPropertyDescriptor(target, name);
  if (!d || !d.configurable) return;
  const original = d[which] as ((this: unknown, value?: unknown) => unknown) | undefined;
  if (typeof original !== 'function') return;
  const guarded =
    which === 'get'
      ? function (this: unknown) {
          check(access, api);
          return original.call(this);
        }
      : function (this: unknown, value: unknown) {
          check(access, api);
          original.call(this, value);
        };
  Object.defineProperty(target, name, { ...d, [which]: guarded });
}
