import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded originals live. Keys are ids we generate; a teacher's file name never becomes a path. */
export interface FileStorage {
  readonly kind: "local" | "s3";
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

const safeKey = /^[a-f0-9-]{36}$/;

export function createLocalFileStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir, "files");
  const pathFor = (key: string) => {
    if (!safeKey.test(key)) throw new Error(`Refusing an unexpected storage key: ${key}`);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    kind: "local",
    async put(key, bytes) {
      const file = pathFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { mode: 0o600 });
    },
    get: (key) => readFile(pathFor(key)),
    delete: (key) => rm(pathFor(key), { force: true }),
  };
}
