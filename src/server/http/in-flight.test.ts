import { describe, expect, it } from "vitest";
import { inFlightRequests } from "./in-flight";

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe("requests still being handled", () => {
  it("counts a handler until it answers, including one that throws", async () => {
    const requests = inFlightRequests();
    const gate = deferred();
    const slow = requests.track(async () => {
      await gate.promise;
      return new Response("done");
    });
    const failing = requests.track(async () => {
      throw new Error("handler failed");
    });
    const answer = slow();
    await expect(failing()).rejects.toThrow("handler failed");
    expect(requests.count).toBe(1);
    gate.release();
    await answer;
    expect(requests.count).toBe(0);
  });

  it("drains only once every running handler has answered", async () => {
    const requests = inFlightRequests();
    const first = deferred();
    const second = deferred();
    const one = requests.track(async () => (await first.promise, new Response("1")))();
    const two = requests.track(async () => (await second.promise, new Response("2")))();
    let drained: boolean | undefined;
    const waiting = requests.drained(5_000).then((value) => (drained = value));
    first.release();
    await one;
    await Promise.resolve();
    expect(drained).toBeUndefined();
    second.release();
    await two;
    await waiting;
    expect(drained).toBe(true);
  });

  it("gives up after the timeout when a handler never answers", async () => {
    const requests = inFlightRequests();
    void requests.track(() => new Promise<Response>(() => {}))();
    expect(await requests.drained(20)).toBe(false);
    expect(await inFlightRequests().drained(20)).toBe(true);
  });
});
