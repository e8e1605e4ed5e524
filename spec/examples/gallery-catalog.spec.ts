import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { examples, thumbnailFile } from '../../examples/catalog.js';

// The gallery's catalog (examples/catalog.ts): adding an example is one line,
// and its card picture is found by its folder's name alone.

describe('the gallery catalog', () => {
  it("names each example's picture after its folder: thumbnails/<folder>.png, a nested folder's slashes as dashes", () => {
    expect(thumbnailFile('orbit-catch/')).toBe('thumbnails/orbit-catch.png');
    expect(thumbnailFile('timing-lab')).toBe('thumbnails/timing-lab.png');
    expect(thumbnailFile('./page-engine/dashboard/')).toBe('thumbnails/page-engine-dashboard.png');
  });

  it('gives every entry its own href and its own picture file', () => {
    const hrefs = examples.map((example) => example.href);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    const files = hrefs.map(thumbnailFile);
    expect(new Set(files).size).toBe(files.length);
  });

  it("calls each page's tab what its card calls it (issue 30: the tab said 'DOM breakout', the card 'DOM Breakout')", () => {
    for (const { href, title } of examples) {
      const html = readFileSync(resolve(import.meta.dirname, '../../examples', href, 'index.html'), 'utf8');
      expect(/<title>(.*)<\/title>/.exec(html)?.[1], href).toBe(`${title} · tickflow`);
    }
  });
});
