import { PGlite } from "@electric-sql/pglite";
import { pgSchema } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import type { GraphQLError } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./db.js";
import { canonicalJson, idempotencyKeysTable, onceInTransaction, onceWithEffects } from "./idempotency.js";

const keys = idempotencyKeysTable(pgSchema("idem_test"));
let client: PGlite;
let db: Db;

beforeAll(async () => {
  client = await PGlite.create("memory://");
  await client.exec(`create schema idem_test;
    create table idem_test.idempotency_keys (key text not null, principal text not null, operation text not null, request_hash text not null,
      state text not null, response jsonb, created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
      primary key (key, principal, operation));`);
  db = drizzle(client) as unknown as Db;
});
afterAll(() => client?.close());

const code = (p: Promise<unknown>) => p.then(() => "ok", (e: GraphQLError) => e.extensions?.code ?? e.message);

describe("canonicalJson", () => {
  it("ignores key order", () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: [3, { f: 1, e: 2 }] } })).toBe(canonicalJson({ a: { c: [3, { e: 2, f: 1 }], d: 2 }, b: 1 }));
  });
});

describe("onceInTransaction", () => {
  it("runs without a key every time", async () => {
    let runs = 0;
    await onceInTransaction(db, keys, { principal: "p", operation: "op", request: {} }, async () => ++runs);
    await onceInTransaction(db, keys, { principal: "p", operation: "op", request: {} }, async () => ++runs);
    expect(runs).toBe(2);
  });

  it("returns the first result to a repeat, per principal and operation", async () => {
    let runs = 0;
    const call = (principal = "p", operation = "op") => onceInTransaction(db, keys, { key: "k1", principal, operation, request: { a: 1 } }, async () => ({ run: ++runs, at: new Date(0) }));
    const first = await call();
    expect(await call()).toEqual({ run: 1, at: new Date(0).toISOString() });
    expect(first.run).toBe(1);
    expect((await call("other")).run).toBe(2);
    expect((await call("p", "other-op")).run).toBe(3);
  });

  it("refuses the same key with another request (409)", async () => {
    await onceInTransaction(db, keys, { key: "k2", principal: "p", operation: "op", request: { a: 1 } }, async () => 1);
    expect(await code(onceInTransaction(db, keys, { key: "k2", principal: "p", operation: "op", request: { a: 2 } }, async () => 2))).toBe("CONFLICT");
  });

  it("releases the key when the work fails", async () => {
    expect(await code(onceInTransaction(db, keys, { key: "k3", principal: "p", operation: "op", request: {} }, async () => Promise.reject(new Error("boom"))))).toBe("boom");
    expect(await onceInTransaction(db, keys, { key: "k3", principal: "p", operation: "op", request: {} }, async () => "second")).toBe("second");
  });

  it("runs concurrent repeats once", async () => {
    let runs = 0;
    const results = await Promise.all(Array.from({ length: 5 }, () => onceInTransaction(db, keys, { key: "k4", principal: "p", operation: "op", request: {} }, async () => ++runs)));
    expect(runs).toBe(1);
    expect(new Set(results)).toEqual(new Set([1]));
  });

  it("refuses an empty or oversized key (400)", async () => {
    expect(await code(onceInTransaction(db, keys, { key: "x".repeat(256), principal: "p", operation: "op", request: {} }, async () => 1))).toBe("BAD_USER_INPUT");
  });
});

describe("onceWithEffects", () => {
  it("answers 409 while the first call runs, the first result after, and frees the key after a failure", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = onceWithEffects(db, keys, { key: "e1", principal: "p", operation: "op", request: {} }, async () => (await gate, "done"));
    await new Promise((r) => setTimeout(r, 20));
    expect(await code(onceWithEffects(db, keys, { key: "e1", principal: "p", operation: "op", request: {} }, async () => "again"))).toBe("CONFLICT");
    release();
    expect(await first).toBe("done");
    expect(await onceWithEffects(db, keys, { key: "e1", principal: "p", operation: "op", request: {} }, async () => "again")).toBe("done");

    expect(await code(onceWithEffects(db, keys, { key: "e2", principal: "p", operation: "op", request: {} }, async () => Promise.reject(new Error("down"))))).toBe("down");
    expect(await onceWithEffects(db, keys, { key: "e2", principal: "p", operation: "op", request: {} }, async () => "retried")).toBe("retried");
  });

  it("lets a stale claim (a crashed caller) be taken over", async () => {
    await db.insert(keys).values({ key: "e3", principal: "p", operation: "op", requestHash: "x", state: "in_progress" });
    expect(await code(onceWithEffects(db, keys, { key: "e3", principal: "p", operation: "op", request: {} }, async () => 1))).toBe("CONFLICT"); // other body
    const { requestDigest } = await import("./idempotency.js");
    await client.query(`update idem_test.idempotency_keys set request_hash = $1, updated_at = now() - interval '10 minutes' where key = 'e3'`, [requestDigest({})]);
    expect(await onceWithEffects(db, keys, { key: "e3", principal: "p", operation: "op", request: {} }, async () => "resumed")).toBe("resumed");
  });
});
