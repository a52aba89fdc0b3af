import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from "@better-auth/core/context";

/** What the switch needs of an AsyncLocalStorage. */
export interface SwitchableStorage {
  disable(): void;
}

/**
 * Runs calls that may use some AsyncLocalStorages and switches those storages off whenever no such call is running.
 *
 * Why: on Node 20 an enabled AsyncLocalStorage makes every promise in the process run a hook, and it stays enabled
 * until told otherwise. better-auth keeps each call's state in three of them, so once anyone had signed in, every
 * signed-in read paid for them although it never calls better-auth (sessions come from session-cache.ts): a
 * submission's read on PGlite served 27-36% more requests with the storages off (bench:api, 2026-11-27).
 * A storage's `run` switches it on again, so the next call works as before. Disabling also forgets the stores of
 * calls still running, hence the count: nothing is switched off while a call is in flight.
 */
export function createStorageSwitch(storages: Promise<SwitchableStorage[]>) {
  let running = 0;
  return async function whileRunning<T>(call: () => Promise<T>): Promise<T> {
    running++;
    try {
      return await call();
    } finally {
      running--;
      if (running === 0) {
        const list = await storages;
        // A call may have started while the list was awaited.
        if (running === 0) for (const storage of list) storage.disable();
      }
    }
  };
}

/**
 * Every call into better-auth (its handler, `auth.api.*`, its internal adapter) goes through this. Its storages are
 * process-wide (better-auth keeps them on globalThis), so one switch serves every app in the process.
 */
export const callAuth = createStorageSwitch(
  Promise.all([getCurrentAuthContextAsyncLocalStorage(), getRequestStateAsyncLocalStorage(), getCurrentDBAdapterAsyncLocalStorage()]),
);
