import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { jsonb, primaryKey, text, timestamp, type PgSchema } from "drizzle-orm/pg-core";
import type { Db } from "./db.js";
import { conflict, fieldError } from "./errors.js";

/**
 * Declares a subgraph's own idempotency-keys table in its own Postgres schema:
 * `export const idempotencyKeys = idempotencyKeysTable(pharmacy);` in `db/tables.ts`.
 * One row per (key, principal, operation): the first request's digest and, once done, its result.
 */
export function idempotencyKeysTable(schema: PgSchema) {
  return schema.table(
    "idempotency_keys",
    {
      key: text("key").notNull(),
      principal: text("principal").notNull(),
      operation: text("operation").notNull(),
      /** sha256 of the request (canonical JSON): the same key with another body is refused. */
      requestHash: text("request_hash").notNull(),
      /** in_progress | completed */
      state: text("state").notNull(),
      response: jsonb("response"),
      createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.key, t.principal, t.operation] })],
  );
}

export type IdempotencyKeysTable = ReturnType<typeof idempotencyKeysTable>;

export interface IdempotentRequest {
  /** The client's `Idempotency-Key`; without one the work simply runs. */
  key?: string;
  /** Who asked (`principal.sub`): keys are scoped per caller. */
  principal: string;
  /** Operation name, e.g. "createCharge". */
  operation: string;
  /** The request as the operation saw it; its digest detects a reused key with another body. */
  request: unknown;
}

/** Keys longer than this are refused (400). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** JSON with object keys sorted, so equal requests give equal digests. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date) && typeof (v as { toJSON?: unknown }).toJSON !== "function"
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function requestDigest(request: unknown): string {
  return createHash("sha256").update(canonicalJson(request) ?? "null").digest("hex");
}

function checkKey(key: string): void {
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw fieldError("Idempotency-Key", `must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
}

const reusedKey = () => conflict("This Idempotency-Key was already used with a different request");
const inFlight = () => conflict("A request with this Idempotency-Key is still in progress; retry shortly");

/** The stored result comes back as JSON (dates as ISO strings, decimals as strings). */
const toStored = <T>(value: T): unknown => JSON.parse(JSON.stringify(value ?? null));

/**
 * Runs database-only work once per (key, principal, operation), atomically: the key is claimed in the
 * same database transaction as the work, so either both commit or neither does. A concurrent repeat
 * waits on the key's row and then returns the first result; a repeat after commit returns it at once;
 * the same key with a different request → 409.
 */
export async function onceInTransaction<T>(db: Db, table: IdempotencyKeysTable, r: IdempotentRequest, work: (tx: Db) => Promise<T>): Promise<T> {
  if (!r.key) return db.transaction((tx) => work(tx as unknown as Db));
  const key = r.key;
  checkKey(key);
  const requestHash = requestDigest(r.request);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const claimed = await tx
      .insert(table)
      .values({ key, principal: r.principal, operation: r.operation, requestHash, state: "in_progress" })
      .onConflictDoNothing()
      .returning({ key: table.key });
    if (claimed.length === 0) {
      const [first] = await tx.select().from(table).where(keyOf(table, key, r));
      if (!first || first.requestHash !== requestHash) throw reusedKey();
      if (first.state !== "completed") throw inFlight();
      return first.response as T;
    }
    const result = await work(tx);
    await tx.update(table).set({ state: "completed", response: toStored(result), updatedAt: new Date() }).where(keyOf(table, key, r));
    return result;
  });
}

/**
 * The stored first result for a finished request with this key, looked up before any validation that
 * reads data which may have changed since (stock on hand, a loyalty balance): a repeat must return the
 * first answer, not a new verdict. `undefined` when there is no key, no finished request, or it is still
 * running (the operation then goes through `onceInTransaction` as usual); another body → 409.
 */
export async function completedResult<T>(db: Db, table: IdempotencyKeysTable, r: IdempotentRequest): Promise<{ response: T } | undefined> {
  if (!r.key) return undefined;
  checkKey(r.key);
  const [first] = await db.select().from(table).where(keyOf(table, r.key, r));
  if (!first) return undefined;
  if (first.requestHash !== requestDigest(r.request)) throw reusedKey();
  return first.state === "completed" ? { response: first.response as T } : undefined;
}

/**
 * Runs work with effects outside this database (e.g. calls to billing) once per (key, principal,
 * operation): the key is claimed first (in progress), the work runs, and its result is stored. A
 * repeat while it runs → 409; after success → the first result; after a failure the claim is
 * released so the client may retry with the same key. A claim older than `staleAfterMs` (a crashed
 * worker) may be taken over: the work itself must then be safe to resume.
 */
export async function onceWithEffects<T>(
  db: Db,
  table: IdempotencyKeysTable,
  r: IdempotentRequest,
  work: () => Promise<T>,
  o: { staleAfterMs?: number } = {},
): Promise<T> {
  if (!r.key) return work();
  const key = r.key;
  checkKey(key);
  const requestHash = requestDigest(r.request);
  const claimed = await db
    .insert(table)
    .values({ key, principal: r.principal, operation: r.operation, requestHash, state: "in_progress" })
    .onConflictDoNothing()
    .returning({ key: table.key });
  if (claimed.length === 0) {
    const [first] = await db.select().from(table).where(keyOf(table, key, r));
    if (!first || first.requestHash !== requestHash) throw reusedKey();
    if (first.state === "completed") return first.response as T;
    const staleBefore = new Date(Date.now() - (o.staleAfterMs ?? 120_000));
    const takenOver = await db
      .update(table)
      .set({ updatedAt: new Date() })
      .where(and(keyOf(table, key, r), eq(table.state, "in_progress"), lt(table.updatedAt, staleBefore)))
      .returning({ key: table.key });
    if (takenOver.length === 0) throw inFlight();
  }
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await db.delete(table).where(and(keyOf(table, key, r), eq(table.state, "in_progress")));
    throw err;
  }
  await db.update(table).set({ state: "completed", response: toStored(result), updatedAt: new Date() }).where(keyOf(table, key, r));
  return result;
}

function keyOf(table: IdempotencyKeysTable, key: string, r: IdempotentRequest) {
  return and(eq(table.key, key), eq(table.principal, r.principal), eq(table.operation, r.operation));
}
