import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/**
 * One drizzle instance per D1 binding and isolate: building one walks the whole schema
 * (extractTablesRelationalConfig), which cost about a millisecond per request when done per call.
 * The instance holds no per-request state, only the binding.
 */
const instances = new WeakMap<D1Database, ReturnType<typeof create>>();

function create(d1: D1Database) {
  return drizzle(d1, { schema });
}

export function getDb(d1: D1Database) {
  let db = instances.get(d1);
  if (!db) {
    db = create(d1);
    instances.set(d1, db);
  }
  return db;
}

export type Db = ReturnType<typeof getDb>;
export { schema };
