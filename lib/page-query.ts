import { and, count, desc, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Db } from "./db.js";
import { fieldError } from "./errors.js";
import type { Page, PageWindow } from "./pagination.js";

/**
 * Up to this many matching rows `totalCount` is exact; above it, it is the planner's estimate and
 * `totalCountExact` is false (docs/decisions.md, "Lists at a million rows"). Counting stops here, so a
 * page costs the same at ten thousand rows as at ten million.
 */
export const EXACT_COUNT_LIMIT = 10_000;

/** `select … from … where …` of a list, without order or limit: what is counted. */
export type MatchingQuery = () => PgSelect;

export interface ListQuery<Row> {
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
  const offset = q.afterCursor ? 0 : w.offset;
  // Past EXACT_COUNT_LIMIT rows a page that has a next one proves the total is above the limit: no count to run.
  const countFirst = offset + w.pageSize < EXACT_COUNT_LIMIT;
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

/**
 * A list newest first: ordered by (`createdAt`, `key`) descending, `key` unique, walked by page
 * number or after the row a cursor names (the ties on `createdAt` broken by `key`). The page's keys
 * are found on the index alone, then only the page's rows are read.
 */
export function newestFirstList<T extends PgTable>(
  db: Db,
  w: PageWindow,
  o: { table: T; createdAt: PgColumn; key: PgColumn; where?: SQL; after: string | null },
): Promise<KeysetPage<T["$inferSelect"]>> {
  const { table: t, createdAt, key, where, after } = o;
  const order = [desc(createdAt), desc(key)];
  const afterRow = after
    ? sql`(${createdAt}, ${key}) < (select c.${sql.identifier(createdAt.name)}, c.${sql.identifier(key.name)} from ${t} c where c.${sql.identifier(key.name)} = ${after})`
    : undefined;
  return runListQuery(db, w, {
    rows: (limit, offset) => {
      const keys = db.select({ key }).from(t as PgTable).where(and(where, afterRow)).orderBy(...order).limit(limit).offset(offset);
      return db.select().from(t as PgTable).where(inArray(key, keys)).orderBy(...order) as unknown as Promise<T["$inferSelect"][]>;
    },
    matching: () => db.select({ one: sql`1`.as("one") }).from(t as PgTable).where(where).$dynamic(),
    cursorOf: (r) => encodeCursor(String((r as Record<string, unknown>)[keyProperty(t, key)])),
    afterCursor: !!after,
  });
}

/** The row property (camelCase) that holds a column. */
function keyProperty(t: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(t)).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not a column of this table`);
  return entry[0];
}
