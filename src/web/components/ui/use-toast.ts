import { useSyncExternalStore, type ReactNode } from "react";

/** Spec section 9: one toast visible at a time; a dismissed toast is dropped from memory 1,000,000 ms later. */
export const toastLimit = 1;
export const toastRemoveDelayMs = 1_000_000;
/** How long a toast stays before it closes by itself (Radix's own default, set explicitly). */
export const toastDurationMs = 5000;

export type ToastVariant = "default" | "destructive";

export type ToastOptions = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; defaults to toastDurationMs. */
  duration?: number;
  /** One button in the toast (Undo): clicking it runs onClick and closes the toast. */
  action?: { label: string; onClick: () => void };
};

export type ToastRecord = ToastOptions & { id: string; open: boolean };

let toasts: ToastRecord[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastRecord[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    setToasts(toasts.filter((item) => item.id !== id));
  }, toastRemoveDelayMs);
  removalTimers.set(id, timer);
}

/** Closes one toast (or every toast when no id is given); it leaves memory after toastRemoveDelayMs. */
export function dismissToast(id?: string): void {
  const closing = toasts.filter((item) => id === undefined || item.id === id);
  if (closing.length === 0) return;
  for (const item of closing) scheduleRemoval(item.id);
  setToasts(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

/** Shows a toast, replacing the one on screen (only toastLimit fit). */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  const kept = [{ ...options, id, open: true }, ...toasts].slice(0, toastLimit);
  for (const item of toasts) {
    if (!kept.includes(item)) {
      const timer = removalTimers.get(item.id);
      if (timer) clearTimeout(timer);
      removalTimers.delete(item.id);
    }
  }
  setToasts(kept);
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts currently known, newest first (outside React; the hook below is for components). */
export function currentToasts(): ToastRecord[] {
  return toasts;
}

/** The toasts currently known, newest first. */
export function useToasts(): ToastRecord[] {
  return useSyncExternalStore(subscribe, currentToasts, currentToasts);
}
