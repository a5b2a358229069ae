// How long a server's request thread is held at once, measured from outside (no change to the server): a worker thread
// of the bench asks a cheap route (GET /front/is_authed without a cookie: a 401 that touches no database) one request at
// a time, a new one 10 ms after the last began. While the server's event loop is blocked, the ping in flight waits, so
// the longest round trip in a window bounds the longest block in it from below (to within the 10 ms spacing).
// A thread of its own, so that the bench's own work (building and sending a 50 MB body) does not delay the pings.
import { Worker } from 'node:worker_threads';

const PINGER = `
const { parentPort, workerData } = require('node:worker_threads');
let longest = 0, count = 0, failed = 0;
parentPort.on('message', (message) => {
  if (message === 'mark') { longest = 0; count = 0; failed = 0; }
  else if (message === 'read') parentPort.postMessage({ longestMs: longest, count, failed });
  else if (message === 'stop') process.exit(0);
});
(async () => {
  for (;;) {
    const start = performance.now();
    try {
      const res = await fetch(workerData.url);
      await res.arrayBuffer();
    } catch { failed += 1; }
    const took = performance.now() - start;
    longest = Math.max(longest, took);
    count += 1;
    const wait = workerData.everyMs - took;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
})();
`;

export interface PingWindow {
  /** The longest ping round trip in the window (ms). */
  longestMs: number;
  count: number;
  failed: number;
}

export interface Pinger {
  /** Starts a new window. */
  mark(): void;
  /** The window since the last mark. */
  read(): Promise<PingWindow>;
  stop(): Promise<void>;
}

export function startPinger(base: string, everyMs = 10): Pinger {
  const worker = new Worker(PINGER, { eval: true, workerData: { url: `${base}/front/is_authed`, everyMs } });
  return {
    mark: () => worker.postMessage('mark'),
    read: () =>
      new Promise((resolve) => {
        worker.once('message', resolve);
        worker.postMessage('read');
      }),
    stop: async () => {
      await worker.terminate();
    },
  };
}
