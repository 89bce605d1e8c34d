/**
 * The entry of a parser pool worker (pool.ts): runs the task each message names (tasks.ts) and
 * posts the answer back. Built beside the server bundle as main.parser-worker.mjs (build.mjs).
 */
import { parentPort } from 'node:worker_threads';
import { failureOf, type TaskName, tasks, type WorkerAnswer } from './tasks.ts';

type Request = { id: number; name: TaskName; input: never };

parentPort?.on('message', async ({ id, name, input }: Request) => {
  let answer: WorkerAnswer;
  try {
    const task = tasks[name] as (input: unknown) => Promise<unknown>;
    if (typeof task !== 'function') throw new Error(`no task ${String(name)}`);
    answer = { id, ok: true, value: await task(input) };
  } catch (error) {
    answer = { id, ok: false, error: failureOf(error) };
  }
  parentPort?.postMessage(answer);
});
