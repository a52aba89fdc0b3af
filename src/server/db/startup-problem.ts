/**
 * A reason the server cannot start that starting again will not mend (another server has the data folder, the
 * embedded database's files are damaged): the message says what to do, and the process exits with the code the
 * supervisor does not restart on (index.ts, restart-policy.ts).
 */
export class StartupProblem extends Error {
  override name = "StartupProblem";
}

/**
 * PGlite, compiled to WebAssembly, stops with a bare "RuntimeError: Aborted()" when PostgreSQL inside it cannot go on;
 * while opening an existing folder that is almost always damaged files.
 */
export function openingProblem(error: unknown, location: string, dataDir: string): unknown {
  if (!(error instanceof Error) || !error.message.startsWith("Aborted()")) return error;
  return new StartupProblem(
    `The embedded database in ${location} could not be opened: PGlite stopped with "Aborted()", which usually means its ` +
      "files are damaged (two servers wrote to the folder at once, the disk filled up, or it was copied while a server ran). " +
      `Restore ${dataDir} from a copy taken while Markwise was stopped, or move ${location} aside to start with an empty ` +
      "database. Uploaded originals are kept apart from it and are not affected.",
    { cause: error },
  );
}
