import type { Db } from './open-db';

/**
 * A value made once per database and kept while it lives: a prepared statement, whose text Drizzle
 * then builds once instead of on every call (building a select of a wide table took a quarter of a
 * millisecond of CPU, more than the round trip's own work in the server), and which PostgreSQL
 * parses and plans once per connection.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
