import { describe, expect, it } from "vitest";
import { openingProblem, StartupProblem } from "./startup-problem";

describe("problems opening the embedded database", () => {
  it("names PGlite's bare abort as damaged files, says what to do, and keeps the original as the cause", () => {
    const aborted = new Error("Aborted(). Build with -sASSERTIONS for more info.");
    const problem = openingProblem(aborted, "/srv/markwise/data/pglite", "./data");
    expect(problem).toBeInstanceOf(StartupProblem);
    expect((problem as Error).message).toBe(
      'The embedded database in /srv/markwise/data/pglite could not be opened: PGlite stopped with "Aborted()", which usually means its files are damaged (two servers wrote to the folder at once, the disk filled up, or it was copied while a server ran). Restore ./data from a copy taken while Markwise was stopped, or move /srv/markwise/data/pglite aside to start with an empty database. Uploaded originals are kept apart from it and are not affected.',
    );
    expect((problem as Error).cause).toBe(aborted);
  });

  it("passes any other error on as it is", () => {
    const other = new Error("ENOSPC: no space left on device");
    expect(openingProblem(other, "/data/pglite", "/data")).toBe(other);
    expect(openingProblem("a string", "/data/pglite", "/data")).toBe("a string");
  });
});
