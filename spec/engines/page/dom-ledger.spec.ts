import { describe, expect, it } from 'vitest';
import { createEngine, DomLedger } from '../../../src/engines/page/index.js';

// Seed (shared-page-loop, "One frame", render): "Change-only writes through
// engine.ledger." Issue 11: "a write whose value did not change touches
// nothing". (Real DOM elements are written in spec/browser/page-engine.spec.ts;
// here an element records what is done to it, since Node has no DOM.)

/** An element that logs every DOM call made on it. */
function loggingElement(log: string[]) {
  return {
    style: {
      setProperty: (name: string, value: string) => log.push(`style ${name}=${value}`),
    },
    set textContent(value: string) {
      log.push(`text ${value}`);
    },
    setAttribute: (name: string, value: string) => log.push(`attr ${name}=${value}`),
    removeAttribute: (name: string) => log.push(`attr ${name} removed`),
    classList: { toggle: (name: string, on: boolean) => log.push(`class ${name} ${on ? 'on' : 'off'}`) },
  } as unknown as HTMLElement;
}

describe('the DOM ledger', () => {
  it('"a write whose value did not change touches nothing": only changes reach the element', () => {
    const log: string[] = [];
    const el = loggingElement(log);
    const ledger = new DomLedger();
    for (const score of [10, 10, 11, 11, 11]) ledger.text(el, String(score));
    for (const x of [0, 0, 5]) ledger.style(el, 'transform', `translateX(${x}px)`);
    ledger.attribute(el, 'aria-label', 'ball');
    ledger.attribute(el, 'aria-label', 'ball');
    ledger.attribute(el, 'aria-label', null);
    ledger.attribute(el, 'aria-label', null);
    ledger.toggle(el, 'won', false);
    ledger.toggle(el, 'won', false);
    ledger.toggle(el, 'won', true);
    expect(log).toEqual([
      'text 10',
      'text 11',
      'style transform=translateX(0px)',
      'style transform=translateX(5px)',
      'attr aria-label=ball',
      'attr aria-label removed',
      'class won off',
      'class won on',
    ]);
    expect(ledger.writes).toBe(8);
    expect(ledger.skipped).toBe(7);
  });

  it('keeps each element, property, attribute and class apart', () => {
    const log: string[] = [];
    const a = loggingElement(log);
    const b = loggingElement(log);
    const ledger = new DomLedger();
    ledger.style(a, 'left', '1px');
    ledger.style(b, 'left', '1px');
    ledger.style(a, 'top', '1px');
    ledger.style(a, 'left', '1px');
    expect(log).toEqual(['style left=1px', 'style left=1px', 'style top=1px']);
  });

  it('reports whether it wrote, and writes again after forget()', () => {
    const log: string[] = [];
    const el = loggingElement(log);
    const ledger = new DomLedger();
    expect(ledger.text(el, 'a')).toBe(true);
    expect(ledger.text(el, 'a')).toBe(false);
    ledger.forget(el);
    expect(ledger.text(el, 'a')).toBe(true);
    expect(log).toEqual(['text a', 'text a']);
  });

  it('is the engine\'s engine.ledger, one per engine', () => {
    const a = createEngine({ pause: false });
    const b = createEngine({ pause: false });
    expect(a.ledger).toBeInstanceOf(DomLedger);
    expect(a.ledger).not.toBe(b.ledger);
    a.destroy();
    b.destroy();
  });
});
