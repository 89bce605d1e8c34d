import http from 'node:http';

/** The unread-count stream as a test reads it. */
export type UnreadStream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Waits for the next `unread` event and answers its count. */
  next(timeoutMs?: number): Promise<number>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

/**
 * Opens GET /api/bthw/messages/stream over a real connection (`request` names host, port,
 * headers) and queues each `unread` event's count for `next`.
 */
export function openUnreadStream(request: http.RequestOptions, defaultTimeoutMs: number): Promise<UnreadStream> {
  return new Promise((resolve, reject) => {
    const req = http.get({ ...request, path: '/api/bthw/messages/stream' }, (res) => {
      const counts: number[] = [];
      const waiting: ((n: number) => void)[] = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith('event: unread\n')) continue;
          const num = JSON.parse(block.split('\ndata: ')[1]!).num as number;
          const waiter = waiting.shift();
          if (waiter) waiter(num);
          else counts.push(num);
        }
      });
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        next: (timeoutMs = defaultTimeoutMs) =>
          new Promise((done, fail) => {
            const ready = counts.shift();
            if (ready !== undefined) return done(ready);
            const timer = setTimeout(() => fail(new Error(`no unread event within ${timeoutMs} ms`)), timeoutMs);
            waiting.push((n) => {
              clearTimeout(timer);
              done(n);
            });
          }),
        ended,
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}
