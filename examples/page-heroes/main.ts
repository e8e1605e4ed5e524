// Two page heroes on a page of ordinary scrolling text (issue 11): an ambient
// one capped at 30 fps that settles, and one driven by the pointer. Both
// share the page's one requestAnimationFrame; scrolling one off screen
// pauses it.
import '../page-parts/raf-meter.js'; // first: it counts every requestAnimationFrame call
import { mountAmbientHero } from '../page-parts/ambient-hero.js';
import { showStatus } from '../page-parts/engine-status.js';
import { exposeForTests } from '../page-parts/handle.js';
import { mountPointerHero } from '../page-parts/pointer-hero.js';

// The page's own text: long enough that the heroes scroll off screen, each paragraph said once.
const PARAGRAPHS = [
  'Most of a web page is not a game. It is text, images and layout that somebody else owns, and an animation that shares the page has to be a good neighbour: it must not force the browser to lay the page out twice a frame, and it must not spend a battery on something nobody can see.',
  'The page engine splits each frame into three phases for every engine on the page. Read measures: it is the only phase that may ask the page where things are. Step simulates at a fixed rate on plain numbers, with no DOM at all. Render writes, and only what changed, through a ledger that remembers what it wrote last.',
  'Because every engine reads before any engine writes, the page lays out at most once a frame, however many heroes, diagrams and games run on it.',
  'Scroll on. When the ambient hero leaves the screen its IntersectionObserver reports it, the engine pauses with the reason offscreen, and it asks for no frames. When it returns, it starts with an empty accumulator: the time it spent off screen is not simulated.',
  'The same happens when the tab is hidden, when the page is leaving for the back/forward cache, and when the visitor types into a field somewhere else on the page. Each reason is kept on its own, so an automatic resume never clears a pause the page asked for by hand.',
  'A cap of 30 frames a second is kept by a timer, not by skipping work: between frames the ambient engine leaves the page clock, and a single timer brings it back just before the frame its pacing grid wants.',
  'What happened in a step goes on the engine\'s event ring: a type and two numbers, in slots allocated once. Every engine\'s render runs after every step, so a HUD anywhere on the page can read what any engine did this frame, and the ring is empty again when the frame ends.',
  'A hook that throws stops its own engine and no other: the error names the engine, the system and the phase, the engine\'s paused reasons say stopped, and the rest of the page keeps its frames.',
  'A visitor who asked the system for reduced motion can have every hero hold still: the pause reason reducedMotion is one option away, and it clears on its own when the preference changes back.',
  'In a development build the engine also watches the phases: a layout read in step or render, or a DOM write in read or step, is reported once, naming the system that did it. A production build leaves the check out.',
];

const more = document.getElementById('more')!;
for (const text of PARAGRAPHS) {
  const p = document.createElement('p');
  p.textContent = text;
  more.append(p);
}

const ambient = mountAmbientHero(document.getElementById('ambient')!);
const pointer = mountPointerHero(document.getElementById('pointer')!);
const engines = [ambient, pointer];
showStatus(document.getElementById('status')!, engines);
exposeForTests(engines);
