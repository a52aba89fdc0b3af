import { AsyncLocalStorage } from "node:async_hooks";
import { describe, expect, it } from "vitest";
import { createStorageSwitch } from "./auth-storage";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Work started inside `storage.run(value)` that reads the store when resumed later (its context is the run's). */
function deferredRead<T>(storage: AsyncLocalStorage<T>, value: T): () => Promise<T | undefined> {
  let open!: () => void;
  const read = storage.run(value, () => new Promise<void>((resolve) => (open = resolve)).then(() => storage.getStore()));
  return () => {
    open();
    return read;
  };
}

describe("createStorageSwitch", () => {
  it("keeps a running call's store while another call ends, and switches the storage off after the last", async () => {
    const storage = new AsyncLocalStorage<string>();
    const whileRunning = createStorageSwitch(Promise.resolve([storage]));
    let seenAfterOtherEnded: string | undefined;
    let resumeLong!: () => void;
    const long = whileRunning(() =>
      storage.run("long", async () => {
        await new Promise<void>((resolve) => (resumeLong = resolve));
        seenAfterOtherEnded = storage.getStore();
      }),
    );
    await whileRunning(() => storage.run("short", async () => tick()));
    resumeLong();
    await long;
    expect(seenAfterOtherEnded).toBe("long");

    // While on, work started in a run reads its store later; once the last call ends, it reads nothing.
    expect(await deferredRead(storage, "on")()).toBe("on");
    const readLater = deferredRead(storage, "kept");
    await whileRunning(async () => undefined);
    expect(await readLater()).toBeUndefined();
  });

  it("switches off after a call that failed, and the next call's run works again", async () => {
    const storage = new AsyncLocalStorage<number>();
    const whileRunning = createStorageSwitch(Promise.resolve([storage]));
    const readLater = deferredRead(storage, 1);
    await expect(whileRunning(() => storage.run(2, async () => Promise.reject(new Error("refused"))))).rejects.toThrow("refused");
    expect(await readLater()).toBeUndefined();
    expect(await whileRunning(() => storage.run(3, async () => storage.getStore()))).toBe(3);
  });
});
