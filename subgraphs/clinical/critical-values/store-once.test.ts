import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { GraphQLError } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { requestDigest } from "../../../lib/idempotency.js";
import { idempotencyKeys } from "../db/tables.js";
import { storeOnceThenAlert, type MarkStored, type Stored } from "./store-once.js";

let client: PGlite;
let db: Db;

beforeAll(async () => {
  client = await PGlite.create("memory://");
  await client.exec(`create schema clinical;
    create table clinical.idempotency_keys (key text not null, principal text not null, operation text not null, request_hash text not null,
      state text not null, response jsonb, created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
      primary key (key, principal, operation));`);
  db = drizzle(client) as unknown as Db;
});
afterAll(() => client?.close());

const ctx = (idempotencyKey?: string) => ({ db, idempotencyKey, principal: { sub: "lab-1", roles: ["lab_technician"] } }) as unknown as SubgraphContext;
const code = (p: Promise<unknown>) => p.then(() => "ok", (e: GraphQLError) => e.extensions?.code ?? e.message);

/** A store that "commits" an observation (counted) and marks it, with no alert owed (no HTTP). */
function counter() {
  let stores = 0;
  const store = (markStored: MarkStored<{ observationId: string }>) =>
    db.transaction(async (tx) => {
      const stored: Stored<{ observationId: string }> = { result: { observationId: `obs-${++stores}` }, alert: null };
      await markStored(tx as unknown as Db, stored);
      return stored;
    });
  return { store, stores: () => stores };
}

describe("storeOnceThenAlert", () => {
  it("stores every time without a key", async () => {
    const c = counter();
    await storeOnceThenAlert(ctx(), "op", { v: 1 }, c.store);
    await storeOnceThenAlert(ctx(), "op", { v: 1 }, c.store);
    expect(c.stores()).toBe(2);
  });

  it("returns the first answer to a repeated key and refuses the key with another request", async () => {
    const c = counter();
    const first = await storeOnceThenAlert(ctx("k1"), "op", { v: 1 }, c.store);
    expect(first).toEqual({ observationId: "obs-1", notificationSent: false, notificationId: null, notificationError: null, clinicianAlert: null });
    expect(await storeOnceThenAlert(ctx("k1"), "op", { v: 1 }, c.store)).toEqual(first);
    expect(await code(storeOnceThenAlert(ctx("k1"), "op", { v: 2 }, c.store))).toBe("CONFLICT");
    expect(c.stores()).toBe(1);
  });

  it("resumes a crashed claim whose observation was committed without storing it again", async () => {
    const stored: Stored<{ observationId: string }> = { result: { observationId: "obs-crashed" }, alert: null };
    await db.insert(idempotencyKeys).values({
      key: "k2",
      principal: "lab-1",
      operation: "op",
      requestHash: requestDigest({ v: 1 }),
      state: "in_progress",
      response: { stored },
      updatedAt: new Date(Date.now() - 10 * 60_000),
    });
    const c = counter();
    expect(await storeOnceThenAlert(ctx("k2"), "op", { v: 1 }, c.store)).toMatchObject({ observationId: "obs-crashed", notificationSent: false });
    expect(c.stores()).toBe(0);
  });

  it("answers 409 to a repeat while the first is still in progress", async () => {
    await db.insert(idempotencyKeys).values({ key: "k3", principal: "lab-1", operation: "op", requestHash: requestDigest({ v: 1 }), state: "in_progress" });
    const c = counter();
    expect(await code(storeOnceThenAlert(ctx("k3"), "op", { v: 1 }, c.store))).toBe("CONFLICT");
    expect(c.stores()).toBe(0);
  });
});
