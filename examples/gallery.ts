import { examples } from './catalog.js';

// Renders the catalog as cards. Plain DOM: the gallery needs no framework.
const list = document.querySelector<HTMLOListElement>('#examples');
if (list === null) throw new Error('gallery: the page has no #examples list');

for (const [index, example] of examples.entries()) {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.className = 'card';
  link.href = example.href;

  const number = document.createElement('span');
  number.className = 'card-number';
  number.textContent = String(index + 1).padStart(2, '0');

  const title = document.createElement('h2');
  title.textContent = example.title;

  const summary = document.createElement('p');
  summary.textContent = example.summary;

  const tags = document.createElement('ul');
  tags.className = 'tags';
  for (const tag of example.tags) {
    const chip = document.createElement('li');
    chip.textContent = tag;
    tags.append(chip);
  }

  link.append(number, title, summary, tags);
  item.append(link);
  list.append(item);
}
