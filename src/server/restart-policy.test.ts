import { describe, expect, it } from "vitest";
import { exitCodeWhenAllGaveUp, nextRestart } from "./restart-policy";

describe("nextRestart", () => {
  it("restarts at once after a long run", () => {
    expect(nextRestart([{ ranMs: 3_600_000 }])).toEqual({ restart: true, delayMs: 0 });
  });

  it("backs off while the server keeps failing soon after it starts", () => {
    expect(nextRestart([{ ranMs: 500 }])).toEqual({ restart: true, delayMs: 1_000 });
    expect(nextRestart([{ ranMs: 500 }, { ranMs: 800 }])).toEqual({ restart: true, delayMs: 2_000 });
    expect(nextRestart([{ ranMs: 60_000 }, { ranMs: 500 }, { ranMs: 800 }, { ranMs: 900 }, { ranMs: 100 }])).toEqual({ restart: true, delayMs: 8_000 });
  });

  it("gives up after five quick failures in a row, but not when a long run came between them", () => {
    expect(nextRestart([{ ranMs: 1 }, { ranMs: 1 }, { ranMs: 1 }, { ranMs: 1 }, { ranMs: 1 }]).restart).toBe(false);
    expect(nextRestart([{ ranMs: 1 }, { ranMs: 1 }, { ranMs: 20_000 }, { ranMs: 1 }, { ranMs: 1 }]).restart).toBe(true);
  });
});

describe("exitCodeWhenAllGaveUp", () => {
  it("is 78 (do not restart) only when every server process said starting again cannot help", () => {
    expect(exitCodeWhenAllGaveUp(["cannot-start"])).toBe(78);
    expect(exitCodeWhenAllGaveUp(["cannot-start", "cannot-start"])).toBe(78);
    // One kept failing, perhaps on a database that was away: a service manager may try again.
    expect(exitCodeWhenAllGaveUp(["cannot-start", "keeps-failing"])).toBe(1);
    expect(exitCodeWhenAllGaveUp(["keeps-failing"])).toBe(1);
  });
});
