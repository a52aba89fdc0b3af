import { afterEach, describe, expect, it, vi } from "vitest";
import { randomId } from "./random-id";

afterEach(() => vi.unstubAllGlobals());

describe("randomId", () => {
  it("works on a page served over plain HTTP, where the browser has no crypto.randomUUID", () => {
    vi.stubGlobal("crypto", { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    expect(randomId()).toMatch(/^[0-9a-f]{32}$/);
  });

  it("gives a different id each time", () => {
    const ids = new Set(Array.from({ length: 1000 }, randomId));
    expect(ids.size).toBe(1000);
  });
});
