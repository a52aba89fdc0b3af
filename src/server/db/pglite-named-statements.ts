import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

/** Value parsers by type id, as PGlite keeps them. */
type Parsers = PGlite["parsers"];

/** What Drizzle's PGlite driver calls on its client to run a prepared query. */
export interface QueryClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/**
 * Runs each distinct SQL text as a named prepared statement on the embedded database.
 *
 * Drizzle's PGlite driver ignores a prepared query's name: every run sends the text to be parsed, analysed and planned
 * again, in six calls into the WebAssembly engine (parse, describe, bind, describe, execute, sync). A profile of the
 * hottest reads (issue 16) spent about half of the server's time there. Here the text is parsed and described once;
 * each run is then one call carrying bind, describe, execute and sync, and PostgreSQL keeps the plan (a generic one
 * after five runs, as for any prepared statement).
 *
 * Runs take the same two locks as `PGlite.query`, so a run never lands inside another caller's transaction. The
 * statement lives as long as the database handle; a statement whose preparation failed is prepared again next time.
 */
export function namedStatementClient(pglite: PGlite, name: string): QueryClient {
  let parameterTypes: number[] | undefined;
  // PGlite merges the caller's parsers into its own (one per type and array type, several hundred) on every call when
  // they are passed as options: a tenth of a read's time in a profile. Drizzle passes the same options object on every
  // run, so the merged table is made once per object.
  const mergedParsers = new WeakMap<QueryOptions, Parsers>();
  const parsersFor = (options: QueryOptions | undefined): Parsers => {
    if (!options?.parsers) return pglite.parsers;
    let merged = mergedParsers.get(options);
    if (!merged) mergedParsers.set(options, (merged = { ...pglite.parsers, ...options.parsers }));
    return merged;
  };

  async function prepare(text: string): Promise<number[]> {
    const messages = await pglite.execProtocolStream(
      // Closing first (a no-op when there is none) lets a preparation that failed halfway be made again under its name.
      Buffer.concat([
        protocol.serialize.close({ type: "S", name }),
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseDescribeStatementResults(messages);
  }

  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      await pglite._checkReady();
      return pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(async () => {
          parameterTypes ??= await prepare(text);
          const types = parameterTypes;
          const values = params.map((value, i) => {
            if (value === null || value === undefined) return null;
            const serialize = options?.serializers?.[types[i]!] ?? pglite.serializers[types[i]!];
            return serialize ? (serialize(value) as string) : String(value);
          });
          const messages = await pglite.execProtocolStream(
            Buffer.concat([
              protocol.serialize.bind({ statement: name, values }),
              protocol.serialize.describe({ type: "P" }),
              protocol.serialize.execute({}),
              protocol.serialize.sync(),
            ]),
            { syncToFs: false },
          );
          // As PGlite.query does after a statement outside a transaction (a no-op on a data folder on disk).
          await pglite.syncToFs();
          return parse.parseResults(messages, parsersFor(options), options?.rowMode ? { rowMode: options.rowMode } : undefined)[0] as Results<T>;
        }),
      );
    },
  };
}
