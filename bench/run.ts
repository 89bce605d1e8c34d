/**
 * `npm run bench` (after `npm run build`): prints the project's speed and size figures against
 * their targets. Exit code 0 either way: the figures are for people to read and compare.
 */
import { printHome } from './home.ts';
import { printLighthouse } from './lighthouse.ts';
import { benchLogin } from './login.ts';
import { printMarketplace } from './marketplace.ts';
import { benchMemory } from './memory.ts';
import { printSection } from './report.ts';
import { benchStartup } from './startup.ts';
import { benchWebSize } from './web-size.ts';

const results = [
  printSection('Server start-up and memory (PGlite, built server)', await benchStartup()),
  printSection('Memory under load (PGlite, built server)', await benchMemory()),
  printSection('Web app initial download', await benchWebSize()),
  await printHome(),
  await printLighthouse(),
  printSection('Log-in (PGlite, built server)', await benchLogin()),
  await printMarketplace(),
  printSection('PDF signing (in-process)', await (await import('./signing.ts')).benchSigning()),
];
console.info(results.every(Boolean) ? '\nAll targets met.' : '\nSome targets missed (see above).');
