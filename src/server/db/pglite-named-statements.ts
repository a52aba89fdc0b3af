import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

/** A column's reader: its text to its value. */
type ValueParser = (text: string) => unknown;

/** A result column as the statement's description gives it. */
interface Column {
  name: string;
  dataTypeID: number;
}

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
 * each run is then one call carrying bind, execute and sync, and PostgreSQL keeps the plan (a generic one after five
 * runs, as for any prepared statement). The columns come from the statement's description, so a run asks for none,
 * and its answer is read here from the raw bytes (readAnswer): PGlite's own reader copied every text it decoded into a
 * buffer of its own, and read the description of some fifty columns again on every run (a sixth of a submission's
 * read in a profile).
 *
 * Runs take the same two locks as `PGlite.query`, so a run never lands inside another caller's transaction. The
 * statement lives as long as the database handle; a statement whose preparation failed is prepared again next time.
 */
export function namedStatementClient(pglite: PGlite, name: string): QueryClient {
  async function prepare(text: string): Promise<{ parameterTypes: number[]; columns: Column[] }> {
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
    const description = messages.find((message) => message.name === "rowDescription") as { fields: Column[] } | undefined;
    return {
      parameterTypes: parse.parseDescribeStatementResults(messages),
      columns: (description?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    };
  }

  let prepared: { parameterTypes: number[]; columns: Column[] } | undefined;
  // The value parser of each column (the caller's for its type, else PGlite's), made once per options object: Drizzle
  // passes the same one on every run. PGlite's own query merges the two tables of several hundred parsers on every
  // call instead (a tenth of a read's time in a profile).
  const columnParsers = new WeakMap<object, ValueParser[]>();
  const noOptions = {};
  const parsersOfColumns = (columns: Column[], options: QueryOptions | undefined): ValueParser[] => {
    const key = options ?? noOptions;
    let found = columnParsers.get(key);
    if (!found) {
      found = columns.map(({ dataTypeID }) => {
        const parser = options?.parsers?.[dataTypeID] ?? pglite.parsers[dataTypeID];
        return parser ? (text: string) => parser(text, dataTypeID) : (text: string) => text;
      });
      columnParsers.set(key, found);
    }
    return found;
  };

  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      await pglite._checkReady();
      return pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(async () => {
          prepared ??= await prepare(text);
          const { parameterTypes: types, columns } = prepared;
          const values = params.map((value, i) => {
            if (value === null || value === undefined) return null;
            const serialize = options?.serializers?.[types[i]!] ?? pglite.serializers[types[i]!];
            return serialize ? (serialize(value) as string) : String(value);
          });
          const chunks: Buffer[] = [];
          await pglite.execProtocolRawStream(Buffer.concat([bindMessage(name, values), EXECUTE_AND_SYNC]), {
            syncToFs: false,
            // The engine hands over views of its own memory, reused after this call: each is copied.
            onRawData: (data) => chunks.push(Buffer.from(data)),
          });
          // As PGlite.query does after a statement outside a transaction (a no-op on a data folder on disk).
          await pglite.syncToFs();
          const answer = readAnswer(Buffer.concat(chunks), parsersOfColumns(columns, options));
          const rows = options?.rowMode === "array" ? answer.rows : answer.rows.map((row) => Object.fromEntries(columns.map((column, i) => [column.name, row[i]])));
          return { rows: rows as T[], fields: columns, affectedRows: 0 };
        }),
      );
    },
  };
}

/**
 * The rows of one execute's answer (BindComplete, DataRow..., CommandComplete, ReadyForQuery), each value in the text
 * format and parsed by its column's parser. An error in the answer is thrown as PGlite would throw it.
 */
function readAnswer(bytes: Buffer, parsers: ValueParser[]): { rows: unknown[][] } {
  const rows: unknown[][] = [];
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at]!;
    const end = at + 1 + bytes.readInt32BE(at + 1);
    if (type === DATA_ROW) {
      const count = bytes.readInt16BE(at + 5);
      const row = new Array<unknown>(count);
      let field = at + 7;
      for (let i = 0; i < count; i++) {
        const length = bytes.readInt32BE(field);
        field += 4;
        if (length < 0) row[i] = null;
        else {
          const text = bytes.toString("utf8", field, field + length);
          row[i] = parsers[i]!(text);
          field += length;
        }
      }
      rows.push(row);
    } else if (type === ERROR_RESPONSE) throw databaseErrorIn(bytes.subarray(at, end));
    at = end;
  }
  return { rows };
}

/**
 * A Bind message for the unnamed portal: every parameter and result in the text format. Written here because PGlite's
 * serializer grows a buffer byte by byte and measures each string twice, for a message sent on every read.
 */
function bindMessage(statement: string, values: Array<string | null>): Buffer {
  const encoded = values.map((value) => (value === null ? null : Buffer.from(value, "utf8")));
  const statementBytes = Buffer.from(statement, "utf8");
  const length = 4 + 1 + statementBytes.length + 1 + 2 + 2 + encoded.reduce((sum, value) => sum + 4 + (value?.length ?? 0), 0) + 2;
  const message = Buffer.alloc(1 + length);
  message[0] = 0x42; // "B"
  message.writeInt32BE(length, 1);
  // The unnamed portal (an empty string) and the statement's name, each ending in a zero byte (alloc's zeros).
  let at = 6;
  at += statementBytes.copy(message, at) + 1;
  at = message.writeInt16BE(0, at); // no parameter format codes: all text
  at = message.writeInt16BE(encoded.length, at);
  for (const value of encoded) {
    at = message.writeInt32BE(value ? value.length : -1, at);
    if (value) at += value.copy(message, at);
  }
  message.writeInt16BE(0, at); // no result format codes: all text
  return message;
}

/** Execute the unnamed portal with no row limit, then Sync. */
const EXECUTE_AND_SYNC = Buffer.concat([protocol.serialize.execute({}), protocol.serialize.sync()]);

const DATA_ROW = 0x44; // "D"
const ERROR_RESPONSE = 0x45; // "E"

/** PGlite's own error for an ErrorResponse message (code, detail, position and the rest, as its queries throw them). */
function databaseErrorIn(message: Buffer): Error {
  let error: unknown;
  new protocol.Parser().parse(message, (parsed) => (error ??= parsed));
  return error instanceof Error ? error : new Error("The embedded database answered with an error it could not describe.");
}
