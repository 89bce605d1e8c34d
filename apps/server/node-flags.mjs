// The node flags the server runs with, read from the one place that sets them: the `start`
// script of apps/server/package.json. Benchmarks and journeys start the server the same way.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
export const SERVER_NODE_FLAGS = pkg.scripts.start.split(/\s+/).filter((arg) => arg.startsWith('--'));
