import DataLoader from "dataloader";
import type { Db } from "./db.js";

/** Reads the values of many keys at once, in the order of the keys. */
export type BatchRead<K, V> = (db: Db, keys: readonly K[]) => Promise<V[]>;

const byRequest = new WeakMap<object, Map<BatchRead<never, unknown>, DataLoader<never, unknown>>>();

/**
 * The loader of `read` for this request (its GraphQL context): field resolvers of many parents (a page
 * of charges, a list of notifications) load their keys one by one, and DataLoader hands the keys of
 * one tick to `read` in one call, so a list costs a statement per field instead of one per row and
 * field. Nothing is kept between ticks (`cache: false`): a field resolved after a later mutation of
 * the same request reads what that mutation wrote.
 */
export function requestLoader<K, V>(ctx: { db: Db }, read: BatchRead<K, V>): DataLoader<K, V> {
  let loaders = byRequest.get(ctx);
  if (!loaders) byRequest.set(ctx, (loaders = new Map()));
  let loader = loaders.get(read as BatchRead<never, unknown>) as DataLoader<K, V> | undefined;
  if (!loader) {
    loader = new DataLoader<K, V>((keys) => read(ctx.db, keys), { cache: false });
    loaders.set(read as BatchRead<never, unknown>, loader as unknown as DataLoader<never, unknown>);
  }
  return loader;
}

/**
 * `rows` grouped into one list per key of `keys`, in the order of `keys` (what a batch read answers for
 * a list field): a key without rows gets an empty list, rows of other keys are left out, and each list
 * keeps the rows' order.
 */
export function listsByKey<T>(keys: readonly string[], rows: readonly T[], keyOf: (row: T) => string): T[][] {
  const lists = new Map<string, T[]>(keys.map((key) => [key, []]));
  for (const row of rows) lists.get(keyOf(row))?.push(row);
  return keys.map((key) => lists.get(key)!);
}
