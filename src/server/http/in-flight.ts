/**
 * Counts the requests whose handlers are still running. The HTTP server's close waits for connections, not handlers:
 * a client that drops its socket mid-request ends the connection while its handler goes on, and closing the database
 * then would fail that handler half-way ("Cannot use a pool after calling end on the pool"). Shutdown waits for this
 * count to reach zero first.
 */
export interface InFlightRequests {
  /** Wraps a fetch handler so each call is counted until its response (not its streamed body) is ready. */
  track<A extends unknown[]>(handler: (...args: A) => Response | Promise<Response>): (...args: A) => Promise<Response>;
  /** How many handlers are running now. */
  readonly count: number;
  /** Resolves true when no handler is running, or false after `timeoutMs` with some still running. */
  drained(timeoutMs: number): Promise<boolean>;
}

export function inFlightRequests(): InFlightRequests {
  let count = 0;
  let waiters: Array<() => void> = [];
  const settle = () => {
    count -= 1;
    if (count === 0) for (const wake of waiters.splice(0)) wake();
  };
  return {
    track:
      (handler) =>
      async (...args) => {
        count += 1;
        try {
          return await handler(...args);
        } finally {
          settle();
        }
      },
    get count() {
      return count;
    },
    drained(timeoutMs) {
      if (count === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((wake) => wake !== done);
          resolve(false);
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve(true);
        };
        waiters.push(done);
      });
    },
  };
}
