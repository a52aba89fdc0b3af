import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentToasts, dismissToast, toast, toastLimit, toastRemoveDelayMs } from "./use-toast";

describe("toast store", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it("keeps at most one toast, the newest", () => {
    expect(toastLimit).toBe(1);
    toast({ title: "First" });
    toast({ title: "Second", variant: "destructive" });
    expect(currentToasts()).toHaveLength(1);
    expect(currentToasts()[0]).toMatchObject({ title: "Second", variant: "destructive", open: true });
  });

  it("closes a dismissed toast at once and forgets it 1,000,000 ms later", () => {
    const { id, dismiss } = toast({ title: "Saved" });
    dismiss();
    expect(currentToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(toastRemoveDelayMs - 1);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toEqual([]);
  });
});
