// How the server is started, read from the one place that sets it: the `start` script of
// apps/server/package.json (`NAME=value … node --flag … dist/main.mjs`). Benchmarks and journeys
// start the server the same way: SERVER_NODE_ENV holds the environment variables set before
// `node` (glibc's malloc reads them when the process starts, so they cannot be set from inside),
// SERVER_NODE_FLAGS the node flags.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const words = pkg.scripts.start.split(/\s+/);
const nodeAt = words.indexOf('node');
export const SERVER_NODE_ENV = Object.fromEntries(
  words.slice(0, nodeAt).map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
);
export const SERVER_NODE_FLAGS = words.slice(nodeAt + 1).filter((arg) => arg.startsWith('--'));
