import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StartupProblem } from "./db/startup-problem";
import { loadEnv } from "./env";
import { checkDataDirWritable, explainStartError } from "./startup-checks";

const folder = mkdtempSync(path.join(os.tmpdir(), "markwise-startup-checks-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const failing = (code: string) => () => {
  throw Object.assign(new Error(`${code}: read-only file system, open '${folder}/x'`), { code });
};

describe("DATA_DIR", () => {
  it("is a startup problem (not restarted) naming DATA_DIR when it cannot be written", () => {
    const env = loadEnv({ DATA_DIR: folder });
    expect(() => checkDataDirWritable(env, failing("EROFS"))).toThrow(StartupProblem);
    expect(() => checkDataDirWritable(env, failing("EROFS"))).toThrow(`DATA_DIR ${folder} is not writable (EROFS:`);
    expect(() => checkDataDirWritable(env, failing("ENOSPC"))).toThrow("is not writable (its disk is full)");
    expect(() => checkDataDirWritable(env)).not.toThrow();
  });

  it("is a startup problem naming DATA_DIR when a file stands where the folder should be", () => {
    const file = path.join(folder, "not-a-folder");
    writeFileSync(file, "x");
    expect(() => checkDataDirWritable(loadEnv({ DATA_DIR: file }))).toThrow(StartupProblem);
    expect(() => checkDataDirWritable(loadEnv({ DATA_DIR: file }))).toThrow(`DATA_DIR ${file} is not writable`);
  });

  it("is not checked when nothing goes there", () => {
    const env = loadEnv({ DATA_DIR: folder, DATABASE_URL: "postgres://db/x", SMTP_URL: "smtp://mail", S3_BUCKET: "b", S3_ENDPOINT: "https://s3", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" });
    expect(() => checkDataDirWritable(env, failing("EROFS"))).not.toThrow();
  });
});

describe("start errors", () => {
  const env = loadEnv({ PORT: "4650", DATABASE_URL: "postgres://u:p@10.0.0.5:5999/markwise" });

  it("names PORT when the port is taken, as a startup problem", () => {
    const explained = explainStartError(Object.assign(new Error("bind EADDRINUSE 0.0.0.0:4650"), { code: "EADDRINUSE" }), env);
    expect(explained).toBeInstanceOf(StartupProblem);
    expect((explained as Error).message).toBe("PORT 4650 is in use by another program (on HOST 0.0.0.0); stop it or choose another PORT.");
  });

  it("names DATABASE_URL and its host and port when the database does not answer, and stays retryable", () => {
    const refused = new AggregateError([Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5999"), { code: "ECONNREFUSED" })], "");
    const explained = explainStartError(new Error("Failed query: select 1", { cause: refused }), env);
    expect(explained).not.toBeInstanceOf(StartupProblem);
    expect((explained as Error).message).toContain("Cannot reach the database in DATABASE_URL (10.0.0.5:5999): ECONNREFUSED");
    expect((explained as Error).message).not.toContain("u:p");
  });

  it("leaves other errors as they are", () => {
    const other = new Error("something else");
    expect(explainStartError(other, env)).toBe(other);
  });
});
