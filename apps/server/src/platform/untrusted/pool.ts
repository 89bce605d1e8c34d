/**
 * The parser pool: a few worker threads that read files from clients, so that no parser of
 * untrusted bytes ever runs on the thread that serves requests (docs/security.md, Parsing limits).
 *
 * - A fixed number of workers (PARSE_LIMITS.workers), started when first needed, each with a V8
 *   heap cap (resourceLimits); a worker that runs out of heap dies and the file is refused.
 * - A deadline per task, counted from the moment a worker takes it: past it the worker is
 *   terminated (a parser stuck in a loop cannot be interrupted any other way), the file refused
 *   with PRT_FILE_TOO_COMPLEX, and a fresh worker takes the next task.
 * - A bounded queue: when every worker is busy and PARSE_LIMITS.queue files wait, the next one is
 *   refused at once with 503 PRT_FILE_CHECK_BUSY rather than piling up memory.
 * - Workers do not keep the process alive (unref), and end after a minute without work.
 */
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import { PdfUnreadableError } from '../signing/pdf-sign.ts';
import { PARSE_LIMITS } from './limits.ts';
import type { TaskName, TaskResult, Tasks, WorkerAnswer, WorkerFailure } from './tasks.ts';

export type PoolOptions = {
  workerUrl: URL;
  workers: number;
  queue: number;
  deadlineMs: number;
  heapMb: number;
  /** A worker with nothing to do for this long is ended (another starts when needed). */
  idleMs?: number;
  /** Node options for the workers (e.g. a loader in tests); default none. */
  execArgv?: string[];
};

type Job = {
  id: number;
  name: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

type Slot = { worker: Worker; job: Job | null; timer: NodeJS.Timeout | null; idle: NodeJS.Timeout | null };

export class ParserPool {
  readonly #options: PoolOptions;
  readonly #slots = new Set<Slot>();
  readonly #waiting: Job[] = [];
  #nextId = 1;
  #closed = false;

  constructor(options: PoolOptions) {
    this.#options = options;
  }

  /** Runs `name` on `input` in a worker; rejects with the AppError a refusal stands for. */
  run(name: string, input: unknown): Promise<unknown> {
    if (this.#closed) return Promise.reject(new AppError('PRT_SERVICE_UNAVAILABLE'));
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.#nextId++, name, input, resolve, reject };
      const slot = this.#freeSlot();
      if (slot) this.#start(slot, job);
      else if (this.#waiting.length >= this.#options.queue) reject(new AppError('PRT_FILE_CHECK_BUSY'));
      else this.#waiting.push(job);
    });
  }

  /** Tasks running and waiting (for tests and health). */
  get load(): { running: number; waiting: number; workers: number } {
    const running = [...this.#slots].filter((slot) => slot.job).length;
    return { running, waiting: this.#waiting.length, workers: this.#slots.size };
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#waiting.splice(0)) job.reject(new AppError('PRT_SERVICE_UNAVAILABLE'));
    await Promise.all([...this.#slots].map((slot) => this.#end(slot)));
  }

  #freeSlot(): Slot | null {
    for (const slot of this.#slots) if (!slot.job) return slot;
    return this.#slots.size < this.#options.workers ? this.#spawn() : null;
  }

  #spawn(): Slot {
    const { workerUrl, heapMb, execArgv } = this.#options;
    const worker = new Worker(workerUrl, {
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
      execArgv: execArgv ?? [],
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null, idle: null };
    this.#slots.add(slot);
    worker.on('message', (answer: WorkerAnswer) => {
      if (slot.job?.id !== answer.id) return;
      if (answer.ok) this.#finish(slot, (job) => job.resolve(answer.value));
      else this.#finish(slot, (job) => job.reject(errorOf(answer.error)));
    });
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY): the file is refused. Any other error (a worker that
    // cannot start or load) is the server's fault, not the file's: its task fails as an internal
    // error. Either way the slot is freed.
    worker.on('error', (error: Error & { code?: string }) =>
      this.#lost(slot, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? undefined : error),
    );
    worker.on('exit', () => this.#lost(slot));
    return slot;
  }

  #start(slot: Slot, job: Job): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.job = job;
    slot.timer = setTimeout(() => this.#lost(slot), this.#options.deadlineMs);
    slot.timer.unref();
    slot.worker.postMessage({ id: job.id, name: job.name, input: job.input });
  }

  /** Settles the slot's job, then hands the slot the next waiting job or lets it idle. */
  #finish(slot: Slot, settle: (job: Job) => void): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    if (job) settle(job);
    const next = this.#waiting.shift();
    if (next) {
      this.#start(slot, next);
      return;
    }
    slot.idle = setTimeout(() => void this.#end(slot), this.#options.idleMs ?? 60_000);
    slot.idle.unref();
  }

  /**
   * The worker died or overran its deadline: refuse its file (or, when `failure` says the worker
   * itself broke, fail the task with it), end it, start the next job on a new one.
   */
  #lost(slot: Slot, failure?: Error): void {
    if (!this.#slots.has(slot)) return;
    const job = slot.job;
    void this.#end(slot);
    job?.reject(failure ? new Error(`parser worker failed: ${failure.message}`) : tooComplex(this.#options));
    const next = this.#waiting.shift();
    if (next && !this.#closed) this.#start(this.#spawn(), next);
  }

  async #end(slot: Slot): Promise<void> {
    if (!this.#slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    slot.job = null;
    await slot.worker.terminate();
  }
}

const tooComplex = (options: PoolOptions) =>
  new AppError('PRT_FILE_TOO_COMPLEX', { seconds: options.deadlineMs / 1000, megabytes: options.heapMb });

function errorOf(failure: WorkerFailure): Error {
  if (failure.kind === 'refusal') return new AppError(failure.code, failure.params);
  if (failure.kind === 'pdfUnreadable') return new PdfUnreadableError(failure.code, failure.message);
  return new Error(`parser worker: ${failure.message}`);
}

/** Where the worker's entry is: beside this file in the sources, beside the bundle once built (build.mjs). */
export function parserWorkerUrl(moduleUrl: string = import.meta.url): URL {
  return moduleUrl.endsWith('.ts')
    ? new URL('./parser-worker.ts', moduleUrl)
    : new URL(moduleUrl.replace(/\.mjs$/, '.parser-worker.mjs'));
}

let shared: ParserPool | null = null;

/** The process's parser pool, with PARSE_LIMITS. */
export function parserPool(): ParserPool {
  shared ??= new ParserPool({
    workerUrl: parserWorkerUrl(),
    workers: PARSE_LIMITS.workers,
    queue: PARSE_LIMITS.queue,
    deadlineMs: PARSE_LIMITS.deadlineMs,
    heapMb: PARSE_LIMITS.heapMb,
  });
  return shared;
}

/** Runs one of the parser tasks (tasks.ts) in the process's pool. */
export function parseUntrusted<N extends TaskName>(name: N, input: Parameters<Tasks[N]>[0]): Promise<TaskResult<N>> {
  return parserPool().run(name, input) as Promise<TaskResult<N>>;
}
