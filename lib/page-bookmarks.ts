import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { getTableConfig, PgDialect, type PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Db } from "./db.js";
import { listBookmarkBuilds } from "./observability.js";

/**
 * Deep pages by number without skipping every row (issue 14; docs/decisions/rest-contract.md, "Deep
 * pages by number"). A list's bookmarks are the keys of rows B, 2B, 3B, … in its order (1-based), read
 * by one query; page N then starts right after bookmark ⌊offset / B⌋ and skips fewer than B rows.
 */

/** Rows between two bookmarks: the most a deep page by number skips after its bookmark. */
export const BOOKMARK_SPACING = 1_000;
/** A list's bookmarks serve at most this long, even when no write was seen (see writeVersion). */
export const BOOKMARK_TTL_MS = 30_000;
/** Lists (table and filters) whose bookmarks one database keeps: at most this many × (rows ÷ B) keys. */
export const BOOKMARK_LISTS = 64;

export interface BookmarkedList {
  table: PgTable;
  /**
   * `select key … where <filters> [and after the row whose key is from] order by … limit … offset …`:
   * the list's keys (unique: what a cursor holds) in its order.
   */
  keysAfter(from: SQL | null, limit: number, offset: number): SQLWrapper;
}

/** Where a page starts: after the row whose key is `after` (null: at the list's start), skipping `skip` rows. */
export type PageStart<Row> = (after: string | null, skip: number) => Promise<Row[]>;

interface Bookmarks {
  keys: string[];
  version: string;
  builtAt: number;
}

/** One database's bookmarks, least recently used first, and the builds under way. */
interface BookmarkCache {
  lists: Map<string, Bookmarks>;
  building: Map<string, Promise<string[]>>;
}

// Per database: a test process runs many databases whose tables and write versions look alike.
const caches = new WeakMap<Db, BookmarkCache>();
const dialect = new PgDialect();

/**
 * The page `offset` rows into `list`, read by `start` after the bookmark at or before `offset`. Cached
 * bookmarks are checked against the table's write version in parallel with the page (one round trip
 * of latency); when a write came in between, they are rebuilt and the page read again.
 */
export async function pageFromBookmark<Row>(db: Db, list: BookmarkedList, offset: number, spacing: number, start: PageStart<Row>): Promise<Row[]> {
  const cache = cacheOf(db);
  const id = idOf(list, spacing);
  const cached = cache.lists.get(id);
  if (cached && Date.now() - cached.builtAt < BOOKMARK_TTL_MS) {
    cache.lists.delete(id); // most recently used: last in the map
    cache.lists.set(id, cached);
    const [rows, version] = await Promise.all([startAt(cached.keys, offset, spacing, start), writeVersion(db, list.table)]);
    if (version === cached.version) return rows;
  }
  cache.lists.delete(id);
  return startAt(await buildShared(db, list, spacing, id), offset, spacing, start);
}

/** Bookmark j (1-based) is row j·B: the rows after it start at offset j·B. Past the last bookmark, the last one. */
function startAt<Row>(keys: string[], offset: number, spacing: number, start: PageStart<Row>): Promise<Row[]> {
  const j = Math.min(Math.floor(offset / spacing), keys.length);
  return start(j ? keys[j - 1] : null, offset - j * spacing);
}

/** Concurrent requests for the same list wait for one build. */
function buildShared(db: Db, list: BookmarkedList, spacing: number, id: string): Promise<string[]> {
  const cache = cacheOf(db);
  let pending = cache.building.get(id);
  if (!pending) {
    pending = build(db, list, spacing, id).finally(() => cache.building.delete(id));
    cache.building.set(id, pending);
  }
  return pending;
}

/** Reads the bookmarks; keeps them only when no write came in while they were read. */
async function build(db: Db, list: BookmarkedList, spacing: number, id: string): Promise<string[]> {
  const before = await writeVersion(db, list.table);
  listBookmarkBuilds.inc({ table: getTableConfig(list.table).name });
  const keys = rowsOf<{ key: string }>(await db.execute(bookmarkQuery(list, spacing))).map((r) => r.key);
  if ((await writeVersion(db, list.table)) !== before) return keys;
  const { lists } = cacheOf(db);
  lists.set(id, { keys, version: before, builtAt: Date.now() });
  for (const oldest of lists.keys()) {
    if (lists.size <= BOOKMARK_LISTS) break;
    lists.delete(oldest);
  }
  return keys;
}

/**
 * Each bookmark from the one before: `offset B − 1 limit 1` after it, a recursive query that walks the
 * order's index once (index-only where the order's index covers the filters). Measured at a million
 * rows: 125–195 ms for 1,000 bookmarks, against 390–540 ms for `row_number() over (order by …)` and
 * `rn % B = 0`, and 190–226 ms for the `OFFSET 800000` of page 40,000.
 */
function bookmarkQuery(list: BookmarkedList, spacing: number): SQL {
  const next = (from: SQL | null) => list.keysAfter(from, 1, spacing - 1);
  return sql`with recursive bookmarks(key, n) as (select (${next(null)}), 1 union all select (${next(sql`bookmarks.key`)}), n + 1 from bookmarks where key is not null) select key from bookmarks where key is not null order by n`;
}

/**
 * The table's write version: its `<table>_write_version` sequence, bumped for every row inserted,
 * updated or deleted (the write_version migrations). Read, not incremented: `last_value` is 1 both
 * before the first bump and after it, so `is_called` tells them apart.
 */
async function writeVersion(db: Db, table: PgTable): Promise<string> {
  const { schema, name } = getTableConfig(table);
  const seq = sql`${sql.identifier(schema ?? "public")}.${sql.identifier(`${name}_write_version`)}`;
  const [row] = rowsOf<{ last_value: string | number; is_called: boolean }>(await db.execute(sql`select last_value, is_called from ${seq}`));
  return row.is_called ? String(row.last_value) : "0";
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
