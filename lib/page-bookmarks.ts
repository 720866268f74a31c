import { and, asc, desc, sql, type SQL } from "drizzle-orm";
import { getTableConfig, PgDialect, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Db } from "./db.js";
import { listBookmarkBuilds } from "./observability.js";

/**
 * Deep pages by number without skipping every row (issue 14; docs/decisions/rest-contract.md, "Deep
 * pages by number"). A list's bookmarks are rows B, 2B, 3B, … in its order (1-based): their key and the
 * values of the order's columns, read by one query; page N then starts right after the last bookmark
 * at or before its offset and skips fewer than B rows (more only after inserts shifted them).
 */

/** Rows between two bookmarks: the most a deep page by number skips after its bookmark. */
export const BOOKMARK_SPACING = 1_000;
/** A list's bookmarks serve at most this long, even when no write was seen (see writeVersion). */
export const BOOKMARK_TTL_MS = 30_000;
/** Lists (table and filters) whose bookmarks one database keeps: at most this many × (rows ÷ B) keys. */
export const BOOKMARK_LISTS = 64;
/** Up to this many writes since bookmarks were read, inserts shift them; past it they are read again. */
export const BOOKMARK_MAX_SHIFT = 10_000;

export interface BookmarkedList {
  table: PgTable;
  /** The order's columns, the last one unique: the key a cursor and a bookmark name a row by. */
  columns: PgColumn[];
  descending: boolean;
  /** The list's filters, if any. */
  where?: SQL;
}

/** Where a page starts: after the row whose key is `after` (null: at the list's start), skipping `skip` rows. */
export type PageStart<Row> = (after: string | null, skip: number) => Promise<Row[]>;

/**
 * A table's three change counters (the write_version and insert_version migrations): `write` moves on
 * every row inserted (stamped on the row as `insert_version`), updated or deleted; `rewrite` on every
 * update or delete; `reorder` on a delete or an update of a column of the list's order.
 */
interface Versions {
  write: number;
  rewrite: number;
  reorder: number;
}

interface Bookmarks {
  /** Each bookmarked row's key, as a cursor holds it. */
  keys: string[];
  /** Each bookmarked row's order columns, as text (`::text`, exact to the microsecond), in `columns` order. */
  tuples: string[][];
  /** offsets[j] is the offset of the rows right after keys[j]: (j + 1)·B when read, more after inserts. */
  offsets: number[];
  versions: Versions;
  /** When the keys were read from the whole list (a shift keeps it): the TTL counts from here. */
  builtAt: number;
}

/** One database's bookmarks, least recently used first, and the builds under way. */
interface BookmarkCache {
  lists: Map<string, Bookmarks>;
  building: Map<string, Promise<Bookmarks>>;
}

// Per database: a test process runs many databases whose tables and write versions look alike.
const caches = new WeakMap<Db, BookmarkCache>();
const dialect = new PgDialect();

/**
 * The page `offset` rows into `list`, read by `start` after the bookmark at or before `offset`. Cached
 * bookmarks are checked against the table's versions in parallel with the page (one round trip of
 * latency). When only inserts came in since (and, for an unfiltered list, updates that left its order
 * alone), the bookmarks are shifted by the inserted rows before each (one indexed query) and the page
 * read again; otherwise they are read again over the whole list. Past the TTL they still serve, shifted
 * if need be, while a fresh read runs in the background.
 */
export async function pageFromBookmark<Row>(db: Db, list: BookmarkedList, offset: number, spacing: number, start: PageStart<Row>): Promise<Row[]> {
  const cache = cacheOf(db);
  const id = idOf(list, spacing);
  const cached = cache.lists.get(id);
  if (cached) {
    cache.lists.delete(id); // most recently used: last in the map
    cache.lists.set(id, cached);
    const [rows, now] = await Promise.all([startAt(cached, offset, start), versionsOf(db, list.table)]);
    const current = now.write === cached.versions.write ? cached : await shifted(db, list, cached, now);
    if (current) {
      if (current !== cached && cache.lists.get(id) === cached) cache.lists.set(id, current);
      if (Date.now() - current.builtAt >= BOOKMARK_TTL_MS) void buildShared(db, list, spacing, id).catch(() => {}); // refreshed for the next request
      return current === cached ? rows : startAt(current, offset, start);
    }
  }
  cache.lists.delete(id);
  return startAt(await buildShared(db, list, spacing, id), offset, start);
}

/** The last bookmark at or before `offset`, and the rows from there; before the first, the list's start. */
function startAt<Row>(b: Pick<Bookmarks, "keys" | "offsets">, offset: number, start: PageStart<Row>): Promise<Row[]> {
  let lo = 0;
  let hi = b.offsets.length; // offsets ascend: find the first one past `offset`
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (b.offsets[mid] <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo ? start(b.keys[lo - 1], offset - b.offsets[lo - 1]) : start(null, offset);
}

/**
 * The bookmarks moved by the rows inserted since they were read, or null when something else changed
 * (a delete, an update that may have moved rows in or out of the list) or too much came in. One query
 * compares the inserted rows that match the filters with the bookmarks' order values (no bookmarked row
 * is read): each bookmark moves by the inserted rows before it. Only rows stamped up to the version read
 * before the query count, so a row committed meanwhile is counted by the next shift, never twice.
 */
async function shifted(db: Db, list: BookmarkedList, cached: Bookmarks, now: Versions): Promise<Bookmarks | null> {
  const then = cached.versions;
  const unmoved = list.where ? now.rewrite === then.rewrite : now.reorder === then.reorder;
  if (!unmoved || now.write - then.write > BOOKMARK_MAX_SHIFT) return null;
  if (!cached.keys.length) return { ...cached, versions: now };
  const stamp = sql`${list.table}.${sql.identifier("insert_version")}`;
  const inserted = and(sql`${stamp} > ${then.write} and ${stamp} <= ${now.write}`, list.where);
  const o = list.columns.map((_, i) => sql.identifier(`o${i}`));
  const tuple = (alias: string) => sql`(${sql.join(o.map((c) => sql`${sql.identifier(alias)}.${c}`), sql`, `)})`;
  const fromJson = sql.join(list.columns.map((c, i) => sql`(e ->> ${sql.raw(String(i))})::${sql.raw(c.getSQLType())} as ${o[i]}`), sql`, `);
  const rows = rowsOf<{ shift: number | string }>(
    await db.execute(sql`
      with ins as (select ${sql.join(list.columns.map((c, i) => sql`${c} as ${o[i]}`), sql`, `)} from ${list.table} where ${inserted}),
           bm as (select ${fromJson}, ord from json_array_elements(${JSON.stringify(cached.tuples)}::json) with ordinality as x(e, ord))
      select (select count(*) from ins where ${tuple("ins")} ${sql.raw(list.descending ? ">" : "<")} ${tuple("bm")}) as shift
      from bm order by ord`),
  );
  if (rows.length !== cached.keys.length) return null;
  const offsets = rows.map((r, j) => cached.offsets[j] + Number(r.shift));
  return { ...cached, offsets, versions: now };
}

/** Concurrent requests for the same list wait for one build. */
function buildShared(db: Db, list: BookmarkedList, spacing: number, id: string): Promise<Bookmarks> {
  const cache = cacheOf(db);
  let pending = cache.building.get(id);
  if (!pending) {
    pending = build(db, list, spacing, id).finally(() => cache.building.delete(id));
    cache.building.set(id, pending);
  }
  return pending;
}

/** Reads the bookmarks; keeps them only when no write came in while they were read. */
async function build(db: Db, list: BookmarkedList, spacing: number, id: string): Promise<Bookmarks> {
  const before = await versionsOf(db, list.table);
  const builtAt = Date.now();
  listBookmarkBuilds.inc({ table: getTableConfig(list.table).name });
  const rows = rowsOf<Record<string, string>>(await db.execute(bookmarkQuery(list, spacing)));
  const tuples = rows.map((r) => list.columns.map((_, i) => r[`o${i}`]));
  const keys = tuples.map((t) => t[t.length - 1]);
  const bookmarks = { keys, tuples, offsets: keys.map((_, j) => (j + 1) * spacing), versions: before, builtAt };
  if ((await versionsOf(db, list.table)).write !== before.write) return bookmarks;
  const { lists } = cacheOf(db);
  lists.delete(id);
  lists.set(id, bookmarks);
  for (const oldest of lists.keys()) {
    if (lists.size <= BOOKMARK_LISTS) break;
    lists.delete(oldest);
  }
  return bookmarks;
}

/**
 * Each bookmark from the one before: the row `offset B − 1` after it, its order values carried to the
 * next step (a recursive query that walks the order's index once, index-only where the order's index
 * covers the filters, and looks nothing up by key). Measured at a million rows: 125–195 ms for 1,000
 * bookmarks when each step looked the previous row up by key, against 390–540 ms for
 * `row_number() over (order by …)` and `rn % B = 0`.
 */
function bookmarkQuery(list: BookmarkedList, spacing: number): SQL {
  const { table, columns, where } = list;
  const o = columns.map((_, i) => sql.identifier(`o${i}`));
  // The steps carry the columns as they are (a cast per skipped row would cost more than the walk); text at the end.
  const values = sql.join(columns.map((c, i) => sql`${c} as ${o[i]}`), sql`, `);
  const order = sql.join(columns.map((c) => (list.descending ? desc(c) : asc(c))), sql`, `);
  const previous = sql`(${sql.join(o.map((c) => sql`b.${c}`), sql`, `)})`;
  const afterPrevious = sql`(${sql.join(columns, sql`, `)}) ${sql.raw(list.descending ? "<" : ">")} ${previous}`;
  const step = (filter: SQL | undefined) => sql`select ${values} from ${table} ${filter ? sql`where ${filter}` : sql``} order by ${order} offset ${spacing - 1} limit 1`;
  return sql`with recursive bookmarks as (
      (select k.*, 1 as n from (${step(where)}) k)
      union all
      (select k.*, b.n + 1 from bookmarks b cross join lateral (${step(and(where, afterPrevious))}) k)
    ) select ${sql.join(o.map((c) => sql`${c}::text as ${c}`), sql`, `)} from bookmarks order by n`;
}

/**
 * The table's versions: its `<table>_write_version`, `_rewrite_version` and `_reorder_version`
 * sequences, read, not incremented, in one statement. `last_value` is 1 both before the first bump and
 * after it, so `is_called` tells them apart.
 */
async function versionsOf(db: Db, table: PgTable): Promise<Versions> {
  const { schema, name } = getTableConfig(table);
  const seq = (kind: string) => sql`${sql.identifier(schema ?? "public")}.${sql.identifier(`${name}_${kind}_version`)}`;
  const value = (alias: string) => sql.raw(`case when ${alias}.is_called then ${alias}.last_value else 0 end`);
  const [row] = rowsOf<{ w: string | number; r: string | number; o: string | number }>(
    await db.execute(sql`select ${value("w")} as w, ${value("r")} as r, ${value("o")} as o from ${seq("write")} w, ${seq("rewrite")} r, ${seq("reorder")} o`),
  );
  return { write: Number(row.w), rewrite: Number(row.r), reorder: Number(row.o) };
}

/** The list and its exact filters, as the bookmark query's text and parameters. */
function idOf(list: BookmarkedList, spacing: number): string {
  const { sql: text, params } = dialect.sqlToQuery(bookmarkQuery(list, spacing));
  return `${text}\u0000${JSON.stringify(params)}`;
}

function cacheOf(db: Db): BookmarkCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { lists: new Map(), building: new Map() }));
  return cache;
}
