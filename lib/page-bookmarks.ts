import { and, asc, Column, desc, is, Param, sql, SQL, StringChunk } from "drizzle-orm";
import { getTableConfig, PgDialect, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Db } from "./db.js";
import { listBookmarkBuilds } from "./observability.js";

/**
 * Deep pages by number without skipping every row (issue 14; docs/decisions/rest-contract.md, "Deep
 * pages by number"). A list's bookmarks are rows B, 2B, 3B, … in its order (1-based): the values of
 * the order's columns, read by one query; page N then starts right after the last bookmark at or
 * before its offset and skips fewer than B rows (more only after writes shifted them).
 */

/** Rows between two bookmarks: the most a deep page by number skips after its bookmark. */
export const BOOKMARK_SPACING = 1_000;
/** A list's bookmarks serve at most this long, even when no write was seen (see writeVersion). */
export const BOOKMARK_TTL_MS = 30_000;
/** Lists (table and filters) whose bookmarks one database keeps: at most this many × (rows ÷ B) bookmarks. */
export const BOOKMARK_LISTS = 64;
/** Up to this many writes since bookmarks were read, they are shifted; past it they are read again. */
export const BOOKMARK_MAX_SHIFT = 10_000;
/**
 * Bookmarks read longer ago than this are read again rather than shifted: the departures they would
 * need are kept 15 minutes (the list_departures migrations), and database and service clocks may differ.
 */
export const BOOKMARK_MAX_SHIFT_AGE_MS = 5 * 60_000;

export interface BookmarkedList {
  table: PgTable;
  /** The order's columns, the last one unique: the key a cursor and a bookmark name a row by. */
  columns: PgColumn[];
  descending: boolean;
  /** The list's filters, if any. */
  where?: SQL;
}

/** Where a page starts: after the order values `after` (one value, or a row value; null: at the list's start), skipping `skip` rows. */
export type PageStart<Row> = (after: SQL | null, skip: number | SQL) => Promise<Row[]>;

/**
 * A table's three change counters (the write_version, insert_version and list_departures migrations):
 * `write` moves on every row inserted (stamped on the row as `insert_version`), deleted, or updated in
 * a tracked column (a column the trigger names: the lists' order and filters; the old state goes to
 * list_departures, the new one is stamped); `rewrite` on every update or delete; `reset` on TRUNCATE.
 */
interface Versions {
  write: number;
  rewrite: number;
  reset: number;
}

/**
 * How a list sees the states that left its table: its filters rewritten over them (alias `departed`;
 * undefined: no filters), or null when its order or filters read a column the table's trigger does not
 * track (or another table), so only inserts can be followed.
 */
type DepartedView = { where: SQL | undefined } | null;

interface Bookmarks {
  /** Each bookmarked row's order columns, as text (`::text`, exact to the microsecond), in `columns` order. */
  tuples: string[][];
  /** offsets[j] is the offset of the rows right after tuples[j]: (j + 1)·B when read, moved by shifts. */
  offsets: number[];
  versions: Versions;
  departed: DepartedView;
  /** When the bookmarks were read from the whole list (a shift keeps it): the TTL counts from here. */
  builtAt: number;
}

/** One database's bookmarks, least recently used first, and the builds under way. */
interface BookmarkCache {
  lists: Map<string, Bookmarks>;
  building: Map<string, Promise<Bookmarks>>;
  /** The background shifts under way (shiftShared). */
  shifting: Map<string, Promise<void>>;
  /** Per table (`schema.table`), the columns its departure trigger tracks. */
  tracked: Map<string, Promise<ReadonlySet<string>>>;
}

// Per database: a test process runs many databases whose tables and write versions look alike.
const caches = new WeakMap<Db, BookmarkCache>();
const dialect = new PgDialect();

/**
 * The page `offset` rows into `list`, read by `start` after the bookmark at or before `offset`. Cached
 * bookmarks are checked against the table's versions in parallel with the page (one round trip of
 * latency). When rows came in or left since (inserts, deletes, updates of tracked columns), the page is
 * read again in one statement that corrects its bookmark's skip by the changed rows before it, and the
 * bookmarks are shifted by those before each (one indexed query) in the background; they are read
 * again over the whole list only after a TRUNCATE, too many writes, when older than
 * BOOKMARK_MAX_SHIFT_AGE_MS, or, for a list filtering by an untracked column, after any update or
 * delete. Past the TTL they still serve, shifted if need be, while a fresh read runs in the background.
 */
export async function pageFromBookmark<Row>(db: Db, list: BookmarkedList, offset: number, spacing: number, start: PageStart<Row>): Promise<Row[]> {
  const cache = cacheOf(db);
  const id = idOf(list, spacing);
  const cached = cache.lists.get(id);
  if (cached) {
    cache.lists.delete(id); // most recently used: last in the map
    cache.lists.set(id, cached);
    const [rows, now] = await Promise.all([startAt(list, cached, offset, start), versionsOf(db, list.table)]);
    if (unchanged(cached, now)) {
      refreshWhenOld(db, list, spacing, id, cached);
      return rows;
    }
    if (shiftable(cached, now)) {
      // This page in one statement that counts the writes before its bookmark; every bookmark shifted in the background, for the next pages.
      shiftShared(db, list, spacing, id, cached, now);
      return startAfterWrites(list, cached, now, offset, start);
    }
  }
  cache.lists.delete(id);
  return startAt(list, await buildShared(db, list, spacing, id), offset, start);
}

/**
 * Shifts the cached bookmarks by the writes up to `now` (one shift per list at a time; a request that
 * comes meanwhile reads its page after the writes itself). The result replaces `cached` only if it is
 * still the list's bookmarks; a shift that fails or cannot be counted drops them (read again next time).
 */
function shiftShared(db: Db, list: BookmarkedList, spacing: number, id: string, cached: Bookmarks, now: Versions): void {
  const { lists, shifting } = cacheOf(db);
  if (shifting.has(id)) return;
  const done = shifted(db, list, cached, now)
    .catch(() => null)
    .then((current) => {
      if (lists.get(id) !== cached) return;
      if (!current) return void lists.delete(id);
      lists.set(id, current);
      refreshWhenOld(db, list, spacing, id, current);
    })
    .finally(() => shifting.delete(id));
  shifting.set(id, done);
}

/** Tests: resolves once no shift or read of bookmarks runs in the background for `db` (one may start another). */
export async function bookmarksSettled(db: Db): Promise<void> {
  const { shifting, building } = cacheOf(db);
  while (shifting.size || building.size) await Promise.allSettled([...shifting.values(), ...building.values()]);
}

/** Past the TTL bookmarks still serve while a fresh read runs in the background, for the next request. */
function refreshWhenOld(db: Db, list: BookmarkedList, spacing: number, id: string, b: Bookmarks): void {
  if (Date.now() - b.builtAt >= BOOKMARK_TTL_MS) void buildShared(db, list, spacing, id).catch(() => {});
}

/**
 * The last bookmark at or before `offset`, and the rows from there; before the first, the list's start.
 * The page starts after the bookmark's order values, not after its row: that row may have been
 * deleted or moved since (the bookmarks were shifted).
 */
function startAt<Row>(list: BookmarkedList, b: Pick<Bookmarks, "tuples" | "offsets">, offset: number, start: PageStart<Row>): Promise<Row[]> {
  const j = lastBookmarkAtOrBefore(b.offsets, offset);
  if (j < 0) return start(null, offset);
  return start(orderValues(list, b.tuples[j]), offset - b.offsets[j]);
}

/** The index of the last bookmark whose offset is at most `offset` (offsets ascend), or -1. */
function lastBookmarkAtOrBefore(offsets: readonly number[], offset: number): number {
  let lo = 0;
  let hi = offsets.length; // the first one past `offset`
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid] <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** The identifiers `o0`, `o1`, … a query gives the order's columns. */
const orderAliases = (list: Pick<BookmarkedList, "columns">) => list.columns.map((_, i) => sql.identifier(`o${i}`));

/** The order's columns of `alias` as a row value: `(alias.o0, alias.o1, …)`. */
const aliasedOrder = (list: BookmarkedList, alias: string) => sql`(${sql.join(orderAliases(list).map((c) => sql`${sql.identifier(alias)}.${c}`), sql`, `)})`;

/** The comparison "at or before, in the list's order". */
const atOrBefore = (list: BookmarkedList) => sql.raw(list.descending ? ">=" : "<=");

/** A bookmark's order values as SQL: the value, or a row value of all the order's columns. */
function orderValues(list: BookmarkedList, tuple: string[]): SQL {
  const values = tuple.map((v, i) => sql`${v}::${sql.raw(list.columns[i].getSQLType())}`);
  return values.length === 1 ? values[0] : sql`(${sql.join(values, sql`, `)})`;
}

/**
 * The page `offset` rows in, read after writes the bookmarks have not been shifted by, in one statement:
 * from the last bookmark at least W rows before `offset` (W: the writes since, each of which moves a
 * bookmark by at most one row, so the shifted bookmark is still at or before `offset`), skipping the
 * rows between less that bookmark's shift (the changed rows at or before it, as `shifted` counts them).
 */
function startAfterWrites<Row>(list: BookmarkedList, b: Bookmarks, now: Versions, offset: number, start: PageStart<Row>): Promise<Row[]> {
  const j = lastBookmarkAtOrBefore(b.offsets, offset - (now.write - b.versions.write));
  if (j < 0) return start(null, offset); // counted from the list's start: nothing to correct
  const bookmark = orderValues(list, b.tuples[j]);
  const shift = sql`(select coalesce(sum(c.delta), 0) from (${changedRows(list, b, now)}) c where ${aliasedOrder(list, "c")} ${atOrBefore(list)} ${list.columns.length === 1 ? sql`(${bookmark})` : bookmark})`;
  return start(bookmark, sql`(${offset - b.offsets[j]} - ${shift})::bigint`);
}

/** Nothing the list can see was written since the bookmarks were read (or last shifted). */
function unchanged(b: Bookmarks, now: Versions): boolean {
  const then = b.versions;
  return now.write === then.write && now.reset === then.reset && (b.departed !== null || now.rewrite === then.rewrite);
}

/**
 * The bookmarks moved by the rows that came into the list and left it since they were read, or null
 * when that cannot be counted (see pageFromBookmark). One query compares the changed rows that match
 * the filters with the bookmarks' order values (no bookmarked row is read): each bookmark moves by the
 * arrivals at or before it less the departures at or before it ("at": the bookmarked row itself may
 * have left the list, or left and come back). A row state counts by its versions: born (its
 * `insert_version`) after the bookmarks' version V and alive at the current version N is an arrival;
 * born at or before V and departed by N is a departure; born and departed in between, nothing. Only
 * versions up to N, read before the query, count, so a change committed meanwhile is counted by the
 * next shift, never twice. The changed rows are read once (`materialized`), not once per bookmark.
 */
async function shifted(db: Db, list: BookmarkedList, cached: Bookmarks, now: Versions): Promise<Bookmarks | null> {
  if (!shiftable(cached, now)) return null;
  if (!cached.tuples.length) return { ...cached, versions: now };
  const o = orderAliases(list);
  const fromJson = sql.join(list.columns.map((c, i) => sql`(e ->> ${sql.raw(String(i))})::${sql.raw(c.getSQLType())} as ${o[i]}`), sql`, `);
  const rows = rowsOf<{ shift: number | string }>(
    await db.execute(sql`
      with changed as materialized (${changedRows(list, cached, now)}),
           bm as (select ${fromJson}, ord from json_array_elements(${JSON.stringify(cached.tuples)}::json) with ordinality as x(e, ord))
      select (select coalesce(sum(delta), 0) from changed where ${aliasedOrder(list, "changed")} ${atOrBefore(list)} ${aliasedOrder(list, "bm")}) as shift
      from bm order by ord`),
  );
  if (rows.length !== cached.tuples.length) return null;
  const offsets = rows.map((r, j) => cached.offsets[j] + Number(r.shift));
  return { ...cached, offsets, versions: now };
}

/**
 * The writes since the bookmarks' versions can be counted (see pageFromBookmark): no TRUNCATE, at most
 * BOOKMARK_MAX_SHIFT of them, departures still kept, and no update the list cannot follow.
 */
function shiftable(b: Bookmarks, now: Versions): boolean {
  const then = b.versions;
  if (now.reset !== then.reset || now.write - then.write > BOOKMARK_MAX_SHIFT || Date.now() - b.builtAt > BOOKMARK_MAX_SHIFT_AGE_MS) return false;
  return b.departed !== null || now.rewrite === then.rewrite;
}

/**
 * The row states that came into the list or left it between the bookmarks' write version V and N:
 * their order columns (`o0`, `o1`, …) and `delta`, 1 for an arrival and -1 for a departure.
 */
function changedRows(list: BookmarkedList, b: Bookmarks, now: Versions): SQL {
  const [V, N] = [b.versions.write, now.write];
  const o = orderAliases(list);
  const stamp = sql`${list.table}.${sql.identifier("insert_version")}`;
  let changed = sql`select ${sql.join(list.columns.map((c, i) => sql`${c} as ${o[i]}`), sql`, `)}, 1 as delta from ${list.table} where ${and(sql`${stamp} > ${V} and ${stamp} <= ${N}`, list.where)}`;
  if (b.departed) {
    const { schema, name } = tableName(list.table);
    const d = sql.identifier(DEPARTED);
    const born = sql`coalesce(${d}.lb_born, 0)`;
    const states = sql`(select (jsonb_populate_record(null::${list.table}, x.row)).*, x.born as lb_born, x.departed as lb_departed
      from ${sql.identifier(schema)}.list_departures x where x.table_name = ${name} and x.departed > ${V}) ${d}`;
    const counted = sql`((${born} > ${V} and ${born} <= ${N} and ${d}.lb_departed > ${N}) or (${born} <= ${V} and ${d}.lb_departed <= ${N}))`;
    changed = sql`${changed} union all
      select ${sql.join(list.columns.map((c, i) => sql`${d}.${sql.identifier(c.name)} as ${o[i]}`), sql`, `)}, case when ${born} > ${V} then 1 else -1 end
      from ${states} where ${and(counted, b.departed.where)}`;
  }
  return changed;
}

const DEPARTED = "departed";

/** The list's view of departed states (DepartedView), from the columns the table's trigger tracks. */
function departedView(list: BookmarkedList, tracked: ReadonlySet<string>): DepartedView {
  const mine = (c: unknown): c is Column => is(c, Column) && c.table === list.table && tracked.has(c.name);
  if (!list.columns.every(mine)) return null;
  if (!list.where) return { where: undefined };
  const opaque = Symbol("opaque");
  // The filters' SQL with each column of the table read from `departed` instead; anything else opaque.
  const over = (chunk: unknown): unknown => {
    if (is(chunk, SQL)) {
      const chunks = chunk.queryChunks.map(over);
      return chunks.includes(opaque) ? opaque : new SQL(chunks as SQL["queryChunks"]);
    }
    if (Array.isArray(chunk)) {
      const items = chunk.map(over);
      return items.includes(opaque) ? opaque : items;
    }
    if (is(chunk, Column)) return mine(chunk) ? sql`${sql.identifier(DEPARTED)}.${sql.identifier(chunk.name)}` : opaque;
    if (is(chunk, StringChunk) || is(chunk, Param) || chunk === null || chunk instanceof Date || ["string", "number", "boolean", "bigint"].includes(typeof chunk)) return chunk;
    return opaque; // a subquery, another table, an alias: not followed
  };
  const where = over(list.where);
  return where === opaque ? null : { where: where as SQL };
}

/**
 * The columns the table's departure trigger tracks (its arguments after the two sequences), read once
 * per database: the migration is the one place that names them. No trigger: none (inserts only).
 */
function trackedColumns(db: Db, table: PgTable): Promise<ReadonlySet<string>> {
  const { schema, name } = tableName(table);
  const id = `${schema}.${name}`;
  const { tracked } = cacheOf(db);
  let pending = tracked.get(id);
  if (!pending) {
    pending = db
      .execute(sql`select encode(tgargs, 'escape') as args from pg_trigger where tgrelid = to_regclass(${id}) and tgname = ${`${name}_departure`}`)
      .then((result) => {
        const [row] = rowsOf<{ args: string }>(result);
        return new Set(row ? row.args.split("\\000").slice(2).filter(Boolean) : []);
      });
    pending.catch(() => tracked.delete(id));
    tracked.set(id, pending);
  }
  return pending;
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
  const [before, tracked] = await Promise.all([versionsOf(db, list.table), trackedColumns(db, list.table)]);
  const builtAt = Date.now();
  listBookmarkBuilds.inc({ table: tableName(list.table).name });
  const rows = rowsOf<Record<string, string>>(await db.execute(bookmarkQuery(list, spacing)));
  const tuples = rows.map((r) => list.columns.map((_, i) => r[`o${i}`]));
  const bookmarks: Bookmarks = { tuples, offsets: tuples.map((_, j) => (j + 1) * spacing), versions: before, departed: departedView(list, tracked), builtAt };
  if (!unchanged(bookmarks, await versionsOf(db, list.table))) return bookmarks;
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
  const o = orderAliases(list);
  // The steps carry the columns as they are (a cast per skipped row would cost more than the walk); text at the end.
  const values = sql.join(columns.map((c, i) => sql`${c} as ${o[i]}`), sql`, `);
  const order = sql.join(columns.map((c) => (list.descending ? desc(c) : asc(c))), sql`, `);
  const previous = aliasedOrder(list, "b");
  const afterPrevious = sql`(${sql.join(columns, sql`, `)}) ${sql.raw(list.descending ? "<" : ">")} ${previous}`;
  const step = (filter: SQL | undefined) => sql`select ${values} from ${table} ${filter ? sql`where ${filter}` : sql``} order by ${order} offset ${spacing - 1} limit 1`;
  return sql`with recursive bookmarks as (
      (select k.*, 1 as n from (${step(where)}) k)
      union all
      (select k.*, b.n + 1 from bookmarks b cross join lateral (${step(and(where, afterPrevious))}) k)
    ) select ${sql.join(o.map((c) => sql`${c}::text as ${c}`), sql`, `)} from bookmarks order by n`;
}

/**
 * The table's versions: its `<table>_write_version`, `_rewrite_version` and `_reset_version`
 * sequences, read, not incremented, in one statement. `last_value` is 1 both before the first bump and
 * after it, so `is_called` tells them apart.
 */
async function versionsOf(db: Db, table: PgTable): Promise<Versions> {
  const { schema, name } = tableName(table);
  const seq = (kind: string) => sql`${sql.identifier(schema)}.${sql.identifier(`${name}_${kind}_version`)}`;
  const value = (alias: string) => sql.raw(`case when ${alias}.is_called then ${alias}.last_value else 0 end`);
  const [row] = rowsOf<{ w: string | number; r: string | number; o: string | number }>(
    await db.execute(sql`select ${value("w")} as w, ${value("r")} as r, ${value("o")} as o from ${seq("write")} w, ${seq("rewrite")} r, ${seq("reset")} o`),
  );
  return { write: Number(row.w), rewrite: Number(row.r), reset: Number(row.o) };
}

const tableNames = new WeakMap<PgTable, { schema: string; name: string }>();

/** A table's schema (`public` when it names none) and name, looked up once: every deep page reads its versions. */
function tableName(table: PgTable): { schema: string; name: string } {
  let names = tableNames.get(table);
  if (!names) {
    const { schema, name } = getTableConfig(table);
    tableNames.set(table, (names = { schema: schema ?? "public", name }));
  }
  return names;
}

/** The list and its exact filters, as the bookmark query's text and parameters. */
function idOf(list: BookmarkedList, spacing: number): string {
  const { sql: text, params } = dialect.sqlToQuery(bookmarkQuery(list, spacing));
  return `${text}\u0000${JSON.stringify(params)}`;
}

function cacheOf(db: Db): BookmarkCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { lists: new Map(), building: new Map(), shifting: new Map(), tracked: new Map() }));
  return cache;
}
