import { PGlite } from "@electric-sql/pglite";
import type { Queryable } from "../services/teacher-profiles";
import { namedStatementClient, type QueryClient } from "./pglite-named-statements";

/**
 * A query prepared once per database handle and reused: hot reads are planned once per connection instead of having
 * their SQL built and sent anew on every request (issue 16). `build` must end in `.prepare(name)`.
 */
export function preparedQuery<Query>(build: (db: Queryable) => Query): (db: Queryable) => Query {
  const prepared = new WeakMap<Queryable, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = onEmbeddedDatabaseAsNamedStatement(build(db));
      prepared.set(db, query);
    }
    return query;
  };
}

/** Named statements per embedded database, by SQL text: one statement for one text, however many handles prepare it. */
const namedStatements = new WeakMap<PGlite, Map<string, QueryClient>>();

/**
 * On PostgreSQL, Drizzle's `.prepare(name)` is already a named statement. Its PGlite driver ignores the name, so on
 * the embedded database (outside a transaction, where the query's client is the database itself) the query's client
 * is swapped for one that runs the text as a named statement (pglite-named-statements.ts).
 */
function onEmbeddedDatabaseAsNamedStatement<Query>(query: Query): Query {
  const driverQuery = query as { client?: unknown; queryString?: unknown };
  const { client, queryString } = driverQuery;
  if (!(client instanceof PGlite) || typeof queryString !== "string") return query;
  const statements = namedStatements.get(client) ?? namedStatements.set(client, new Map()).get(client)!;
  let statement = statements.get(queryString);
  if (!statement) {
    statement = namedStatementClient(client, `markwise_${statements.size + 1}`);
    statements.set(queryString, statement);
  }
  (driverQuery as { client: QueryClient }).client = statement;
  return query;
}
