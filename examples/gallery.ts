/// <reference types="vite/client" />
import { examples, THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH, thumbnailFile, type ExampleEntry } from './catalog.js';

// Renders the catalog as cards. Plain DOM: the gallery needs no framework.
//
// Each card shows its example's captured picture (examples/thumbnails/, made
// by `npm run thumbnails`), or a placeholder while an example has none yet.
// Which pictures exist is known when Vite serves or builds the page (the glob
// below), so the page never asks for one that is missing.

/** The captured pictures by their path relative to the gallery ('thumbnails/orbit-catch.png'), as URLs to load. */
const captured: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(import.meta.glob<string>('./thumbnails/*.png', { eager: true, query: '?url', import: 'default' })).map(
    ([path, url]) => [path.replace(/^\.\//, ''), url],
  ),
);

/** The URL of an example's picture, or undefined when it has none yet. */
function thumbnailUrl(example: ExampleEntry): string | undefined {
  return captured[thumbnailFile(example.href)];
}

/** The picture at the top of a card: the capture, or a placeholder the size of one. */
function thumbnail(example: ExampleEntry, number: string): HTMLElement {
  const url = thumbnailUrl(example);
  const frame = document.createElement('div');
  frame.className = 'card-thumb';
  if (url === undefined) {
    frame.classList.add('card-thumb--none');
    frame.textContent = number;
    frame.title = `No picture yet: npm run thumbnails -- ${example.href}`;
    return frame;
  }
  const image = document.createElement('img');
  image.src = url;
  image.alt = ''; // the card's title says what it is
  image.width = THUMBNAIL_WIDTH;
  image.height = THUMBNAIL_HEIGHT;
  image.decoding = 'async';
  frame.append(image);
  return frame;
}

const list = document.querySelector<HTMLOListElement>('#examples');
if (list === null) throw new Error('gallery: the page has no #examples list');

for (const [index, example] of examples.entries()) {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.className = 'card';
  link.href = example.href;

  const number = String(index + 1).padStart(2, '0');
  const body = document.createElement('div');
  body.className = 'card-body';

  const numberLabel = document.createElement('span');
  numberLabel.className = 'card-number';
  numberLabel.textContent = number;

  const title = document.createElement('h2');
  title.textContent = example.title;

  const summary = document.createElement('p');
  summary.textContent = example.summary;
  summary.title = example.summary; // the card shows two lines of it

  const tags = document.createElement('ul');
  tags.className = 'tags';
  for (const tag of example.tags) {
    const chip = document.createElement('li');
    chip.textContent = tag;
    tags.append(chip);
  }

  body.append(numberLabel, title, summary, tags);
  link.append(thumbnail(example, number), body);
  item.append(link);
  list.append(item);
}
