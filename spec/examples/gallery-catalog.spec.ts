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
});
