import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Whether DATA_DIR takes a write now: a few bytes to one file, at most once per `freshForMs` (callers share the
 * answer). A full disk answers ENOSPC for them, which an empty file (no data block) would not show.
 */
export function dataFolderProbe(dataDir: string, freshForMs = 5_000, write: typeof writeFile = writeFile) {
  let last: { at: number; writable: Promise<boolean> } | undefined;
  const probe = async () => {
    try {
      await mkdir(dataDir, { recursive: true });
      await write(path.join(dataDir, ".markwise-health"), `${new Date().toISOString()}\n`);
      return true;
    } catch {
      return false;
    }
  };
  return () => {
    if (!last || Date.now() - last.at > freshForMs) last = { at: Date.now(), writable: probe() };
    return last.writable;
  };
}
