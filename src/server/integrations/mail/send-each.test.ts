import { describe, expect, it } from "vitest";
import { sendEach } from "./send-each";

describe("sendEach", () => {
  it("sends every item, never more than the limit at once, and a failure stops none of the others", async () => {
    let running = 0;
    let most = 0;
    const sent: number[] = [];
    const all = sendEach(
      Array.from({ length: 10 }, (_, i) => i),
      async (i) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (i === 3) throw new Error("refused");
        sent.push(i);
      },
      3,
    );
    await expect(all).rejects.toThrow("refused");
    expect(most).toBe(3);
    expect(sent.sort((a, b) => a - b)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9]);
  });

  it("does nothing for no items", async () => {
    let calls = 0;
    await sendEach([], async () => void (calls += 1));
    expect(calls).toBe(0);
  });
});
