// A client in its own process (test/parsing-limits.test.ts): posts one file as multipart to a
// listening server while a loop asks /healthz one request after another, then prints, as JSON,
// the answer, how long it took, every /healthz time, and the /healthz times of an idle second
// before (what a busy machine adds by itself). Being another process, its own work
// never shows up as the server's delay.
// Usage: node probe-client.mjs <base> <path> <file> [fields JSON] [cookie] [lang]
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const [base, path, file, fieldsJson = '{}', cookie = '', lang = 'en-US'] = process.argv.slice(2);
const form = new FormData();
for (const [key, value] of Object.entries(JSON.parse(fieldsJson))) form.append(key, String(value));
form.append('file', new Blob([readFileSync(file)]), basename(file));

// This process's first requests are slow (connections, the fetch machinery warming up): make them
// before anything is measured, a multipart one included.
for (let i = 0; i < 5; i++) await (await fetch(`${base}/healthz`)).arrayBuffer();
const warm = new FormData();
warm.append('file', new Blob([Buffer.alloc(1024)]), 'warm.bin');
await (await fetch(`${base}/healthz`, { method: 'POST', body: warm })).arrayBuffer();

/** Asks /healthz one request after another until `until` resolves; answers each time taken. */
async function probe(until) {
  let done = false;
  const times = [];
  const loop = (async () => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`${base}/healthz`)).arrayBuffer();
      times.push(performance.now() - started);
    }
  })();
  await until;
  done = true;
  await loop;
  return times;
}

// What this machine adds by itself now: /healthz for a second with nothing else sent.
const idle = await probe(new Promise((resolve) => setTimeout(resolve, 1000)));

let answered;
const probing = probe(new Promise((resolve) => (answered = resolve)));
const started = performance.now();
const res = await fetch(`${base}${path}`, {
  method: 'POST',
  body: form,
  headers: { 'accept-language': lang, ...(cookie ? { cookie } : {}) },
});
const body = await res.json();
const took = performance.now() - started;
answered();
const probes = await probing;
process.stdout.write(JSON.stringify({ status: res.status, body, took, probes, idle }));
