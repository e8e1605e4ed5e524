// `npm run bench:pacing`: node --import tsx bench/pacing.ts
//
// Only the pacing tables of `npm run bench` (bench/pacing-tables.ts): a
// deterministic simulation on synthetic timestamps, not a timing measurement,
// so it may run on a busy machine and prints the same figures every time.
import './browser-shim.js';
import { printPacingTables } from './pacing-tables.js';

console.log('# tickflow pacing bench\n');
console.log('- command: `npm run bench:pacing` (`node --import tsx bench/pacing.ts`)\n');
printPacingTables((text = '') => console.log(text));
