import type { Queryable } from "../services/teacher-profiles";

/**
 * A query prepared once per database handle and reused: hot reads are planned once per connection instead of having
 * their SQL built and sent anew on every request (issue 16). `build` must end in `.prepare(name)`.
 */
export function preparedQuery<Query>(build: (db: Queryable) => Query): (db: Queryable) => Query {
  const prepared = new WeakMap<Queryable, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}
