import { and, asc, count, desc, getTableColumns, gt, inArray, lt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { GraphQLResolveInfo } from "graphql";
import { rowsOf, type Db } from "./db.js";
import { fieldError } from "./errors.js";
import { BOOKMARK_SPACING, pageFromBookmark } from "./page-bookmarks.js";
import { preparedRead } from "./prepared.js";
import type { Page, PageWindow } from "./pagination.js";
import { selectedNames, selectsAny, selectsOnly } from "./selection.js";

/**
 * Up to this many matching rows `totalCount` is exact; above it, it is the planner's estimate and
 * `totalCountExact` is false (docs/decisions.md, "Lists at a million rows"). Counting stops here, so a
 * page costs the same at ten thousand rows as at ten million.
 */
export const EXACT_COUNT_LIMIT = 10_000;

/** `select … from … where …` of a list, without order or limit: what is counted. */
export type MatchingQuery = () => PgSelect;

export interface ListQuery<Row> extends ListSelection {
  /** The page's rows in the list's order: at most `limit`, past `offset` (0 when walking by cursor). */
  rows(limit: number, offset: number): Promise<Row[]>;
  /** Every row the filters match (the cursor excluded), counted up to EXACT_COUNT_LIMIT. */
  matching: MatchingQuery;
  /** The cursor that continues after `row` (see encodeCursor). */
  cursorOf?(row: Row): string;
  /** True when `rows` already starts after a cursor: no OFFSET, and `page` only numbers the answer. */
  afterCursor?: boolean;
}

export interface KeysetPage<T> extends Page<T> {
  nextCursor: string | null;
}

/**
 * Runs a list and builds its envelope without counting every match: the page is fetched with one row
 * more than it shows (so `next` is exact: null on the last page), the total is counted exactly up to
 * EXACT_COUNT_LIMIT and estimated above it (the planner's estimate decides which), and a page past
 * the end counts exactly to point `previous` at the last page that has results.
 */
export async function runListQuery<Row>(db: Db, w: PageWindow, q: ListQuery<Row>): Promise<KeysetPage<Row>> {
  if (q.countOnly) return countOnlyPage(db, w, q);
  const offset = q.afterCursor ? 0 : w.offset;
  // Past EXACT_COUNT_LIMIT rows a page that has a next one proves the total is above the limit: no count to run.
  const wantTotal = q.total !== false;
  const countFirst = wantTotal && offset + w.pageSize < EXACT_COUNT_LIMIT;
  const [fetched, bounded] = await Promise.all([q.rows(w.pageSize + 1, offset), countFirst ? boundedCount(db, q.matching) : null]);
  const hasMore = fetched.length > w.pageSize;
  const results = hasMore ? fetched.slice(0, w.pageSize) : fetched;

  let total: number;
  let exact: boolean;
  if (!hasMore && results.length > 0 && !q.afterCursor) {
    total = offset + results.length; // the last page: everything before it plus what it holds
    exact = true;
  } else if (bounded?.exact) {
    ({ count: total, exact } = bounded);
  } else if (!results.length && w.page > 1 && !q.afterCursor) {
    total = await exactCount(db, q.matching); // past the end: `previous` needs the last page
    exact = true;
  } else if (!wantTotal) {
    // Not selected: what this page proves. `previous` does not need more (a page with rows is never past the last).
    total = offset + results.length + (hasMore ? 1 : 0);
    exact = false;
  } else {
    // Above the limit: the planner's estimate, never less than the rows this page proves exist.
    const estimate = bounded ? bounded.count : await estimateCount(db, q.matching);
    total = Math.max(estimate, offset + results.length + (hasMore ? 1 : 0), EXACT_COUNT_LIMIT + 1);
    exact = false;
  }

  const lastPage = Math.max(1, Math.ceil(total / w.pageSize));
  return {
    results,
    count: results.length,
    page: w.page,
    pageSize: w.pageSize,
    next: hasMore ? w.page + 1 : null,
    previous: w.page > 1 ? (q.afterCursor || !exact ? w.page - 1 : Math.min(w.page - 1, lastPage)) : null,
    totalCount: total,
    totalCountExact: exact,
    nextCursor: hasMore && q.cursorOf ? q.cursorOf(results[results.length - 1]) : null,
  };
}

/**
 * The envelope of a list whose rows nobody selected (only `totalCount`/`totalCountExact`): the bounded
 * count alone, no page read. The other fields describe an empty page, and are not what was asked.
 */
async function countOnlyPage<Row>(db: Db, w: PageWindow, q: ListQuery<Row>): Promise<KeysetPage<Row>> {
  const bounded = await boundedCount(db, q.matching);
  return {
    results: [],
    count: 0,
    page: w.page,
    pageSize: w.pageSize,
    next: null,
    previous: null,
    totalCount: bounded.exact ? bounded.count : Math.max(bounded.count, EXACT_COUNT_LIMIT + 1),
    totalCountExact: bounded.exact,
    nextCursor: null,
  };
}

/** The envelope fields a count-only list answers (see ListQuery.countOnly). */
export const COUNT_FIELDS: ReadonlySet<string> = new Set(["totalCount", "totalCountExact"]);

/** What a list resolver's operation selected of its envelope. */
export interface ListSelection {
  /** Only the total was selected: count, read no rows (COUNT_FIELDS). */
  countOnly?: boolean;
  /**
   * False when the total was not selected (no COUNT_FIELDS: the REST envelope, most pages): nothing is
   * counted, and `totalCount` is what the page proves (`totalCountExact` false unless it is the last).
   */
  total?: boolean;
}

/** The ListSelection of the current list field (its selection walked once). */
export function listSelection(info: GraphQLResolveInfo): ListSelection {
  const selected = selectedNames(info);
  return { countOnly: selectsOnly(info, COUNT_FIELDS, selected), total: selectsAny(info, COUNT_FIELDS, selected) };
}

/**
 * The planner's estimate first (no scan); when it is within EXACT_COUNT_LIMIT, the matches counted up
 * to one past it: `select count(*) from (select … limit 10001)`. Asking the estimate first matters for
 * searches: a common name matches 50,000 patients, and even a capped count over the trigram index
 * builds the whole bitmap first (~200 ms at a million rows).
 */
async function boundedCount(db: Db, matching: MatchingQuery): Promise<{ count: number; exact: boolean }> {
  const estimate = await estimateCount(db, matching);
  if (estimate > EXACT_COUNT_LIMIT) return { count: estimate, exact: false };
  const [{ n }] = await db.select({ n: count() }).from(matching().limit(EXACT_COUNT_LIMIT + 1).as("matching"));
  return n > EXACT_COUNT_LIMIT ? { count: Math.max(estimate, n), exact: false } : { count: n, exact: true };
}

async function exactCount(db: Db, matching: MatchingQuery): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(matching().as("matching"));
  return n;
}

/** The planner's row estimate for the matching rows (statistics, no scan). */
async function estimateCount(db: Db, matching: MatchingQuery): Promise<number> {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`explain (format json) ${matching()}`));
  const raw = Object.values(row ?? {})[0];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[];
  return Math.round(plan?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

/**
 * Opaque cursors: base64url of the sort key of the last row of a page (`v` versions the shape).
 * Clients pass `next_cursor` back as `cursor`; they never build one.
 */
export function encodeCursor(key: string): string {
  return Buffer.from(JSON.stringify({ v: 1, k: key })).toString("base64url");
}

/** The key of a cursor from encodeCursor; anything else is 400 naming `field`. */
export function decodeCursor(cursor: string, field = "after"): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { v?: number; k?: unknown };
    if (parsed.v === 1 && typeof parsed.k === "string" && parsed.k.length <= 200) return parsed.k;
  } catch {
    /* not ours: refused below */
  }
  throw fieldError(field, "is not a cursor from next_cursor");
}

/** Tests only: bookmarks every `spacing` rows, used from `minOffset` rows in (lib/page-bookmarks.ts). */
export interface DeepPageOptions {
  spacing: number;
  minOffset: number;
}

const DEEP_PAGES: DeepPageOptions = { spacing: BOOKMARK_SPACING, minOffset: EXACT_COUNT_LIMIT };

export interface KeysetListOptions<T extends PgTable> extends ListSelection {
  /** Its deep pages read its write version: the `<table>_write_version` sequence (write_version migrations). */
  table: T;
  /** The order's columns, the last one unique: the key a cursor and a bookmark name a row by. */
  columns: PgColumn[];
  descending?: boolean;
  where?: SQL;
  /** The key of the row the page continues after (a decoded cursor). */
  after: string | null;
  deepPages?: DeepPageOptions;
}

/**
 * A list ordered by `columns` (ascending, or all descending), walked by page number or after the row
 * a cursor names. The page's keys are found on the order's index alone, then only the page's rows are
 * read. A page by number at least EXACT_COUNT_LIMIT rows in starts from a cached bookmark (the key of
 * every 1,000th row, lib/page-bookmarks.ts) and skips fewer than 1,000 rows: the same rows as OFFSET.
 */
export function keysetList<T extends PgTable>(db: Db, w: PageWindow, o: KeysetListOptions<T>): Promise<KeysetPage<T["$inferSelect"]>> {
  const { table: t, columns, where, after } = o;
  const deep = o.deepPages ?? DEEP_PAGES;
  const key = columns[columns.length - 1];
  const order = columns.map((c) => (o.descending ? desc(c) : asc(c)));
  const keysAfter = (from: string | SQL | null, limit: number, offset: number | SQL) =>
    db
      .select({ key })
      .from(t as PgTable)
      .where(and(where, from === null ? undefined : rowsAfter(t, columns, !!o.descending, from)))
      .orderBy(...order)
      .limit(limit)
      // drizzle's type says number; an expression (a bookmark's skip less the writes before it, lib/page-bookmarks.ts) is written as SQL.
      .offset(offset as number);
  const pageAfter = (from: string | SQL | null, limit: number, offset: number | SQL) =>
    from === null && where === undefined && typeof offset === "number"
      ? (plainPageRead(t, columns, !!o.descending)(db, { limit, offset }) as Promise<T["$inferSelect"][]>)
      : (rowsOfKeys(db, t, key, order, keysAfter(from, limit, offset)) as unknown as Promise<T["$inferSelect"][]>);
  return runListQuery(db, w, {
    rows: (limit, offset) =>
      !after && offset >= deep.minOffset
        ? pageFromBookmark(db, { table: t, columns, descending: !!o.descending, where }, offset, deep.spacing, (from, skip) => pageAfter(from, limit, skip))
        : pageAfter(after, limit, offset),
    matching: () => db.select({ one: sql`1`.as("one") }).from(t as PgTable).where(where).$dynamic(),
    cursorOf: (r) => encodeCursor(String((r as Record<string, unknown>)[keyProperty(t, key)])),
    afterCursor: !!after,
    countOnly: o.countOnly,
    total: o.total,
  });
}

/** A page's rows: the rows of the keys a subquery found on the order's index, in the list's order. */
function rowsOfKeys(db: Db, t: PgTable, key: PgColumn, order: SQL[], keys: SQLWrapper) {
  return db.select().from(t).where(inArray(key, keys)).orderBy(...order);
}

type PageRead = (db: Db, values: { limit: number; offset: number }) => Promise<unknown[]>;
const plainPageReads = new WeakMap<PgTable, Map<string, PageRead>>();

/**
 * A page of a whole list (no filter, no cursor) by number: the most asked list statement, the same for
 * every page but its limit and offset, so it is built once per list order (lib/prepared.ts).
 */
function plainPageRead(t: PgTable, columns: PgColumn[], descending: boolean): PageRead {
  let byOrder = plainPageReads.get(t);
  if (!byOrder) plainPageReads.set(t, (byOrder = new Map()));
  const shape = `${columns.map((c) => c.name).join(",")}${descending ? " desc" : ""}`;
  let read = byOrder.get(shape);
  if (!read) {
    const key = columns[columns.length - 1];
    const order = columns.map((c) => (descending ? desc(c) : asc(c)));
    read = preparedRead((db) =>
      rowsOfKeys(db, t, key, order, db.select({ key }).from(t).orderBy(...order).limit(sql.placeholder("limit")).offset(sql.placeholder("offset"))).prepare("list_page"),
    );
    byOrder.set(shape, read);
  }
  return read;
}

/**
 * The rows after `from` in the list's order: a cursor's key (string: `key > from` for one column, else
 * a row-value comparison with that row's columns; a key that names no row: nothing), or a bookmark's
 * order values (SQL: the value, or a row value of all the order's columns).
 */
function rowsAfter(t: PgTable, columns: PgColumn[], descending: boolean, from: string | SQL): SQL {
  const key = columns[columns.length - 1];
  if (columns.length === 1) return descending ? lt(key, from) : gt(key, from);
  const ofRow = sql.join(columns.map((c) => sql`c.${sql.identifier(c.name)}`), sql`, `);
  const row = typeof from === "string" ? sql`(select ${ofRow} from ${t} c where c.${sql.identifier(key.name)} = ${from})` : from;
  return sql`(${sql.join(columns, sql`, `)}) ${sql.raw(descending ? "<" : ">")} ${row}`;
}

/**
 * A list newest first: ordered by (`createdAt`, `key`) descending, `key` unique, the ties on
 * `createdAt` broken by `key` (keysetList).
 */
export function newestFirstList<T extends PgTable>(
  db: Db,
  w: PageWindow,
  o: { table: T; createdAt: PgColumn; key: PgColumn; where?: SQL; after: string | null } & ListSelection,
): Promise<KeysetPage<T["$inferSelect"]>> {
  return keysetList(db, w, { table: o.table, columns: [o.createdAt, o.key], descending: true, where: o.where, after: o.after, countOnly: o.countOnly, total: o.total });
}

/** The row property (camelCase) that holds a column. */
function keyProperty(t: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(t)).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not a column of this table`);
  return entry[0];
}
