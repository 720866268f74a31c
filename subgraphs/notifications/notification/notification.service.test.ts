import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../../lib/auth.js";
import { openDatabase, type Database, type Db } from "../../../lib/db.js";
import { createTestDatabase, type TestDatabase } from "../../../test/support/stack.js";
import { countStatements } from "../../../test/support/statements.js";
import { listNotifications } from "./notification.service.js";

/**
 * A notification list whose rows nobody selected (`notifications { totalCount }`) counts without
 * reading a page: statements counted where the driver runs them, totals compared with the full list's.
 */
let testDb: TestDatabase;
let database: Database;
let db: Db;
let statements: () => number;
const admin: Principal = { sub: "test-admin", roles: ["admin"], tokenUse: "user" };
const UHID = "UG-2024-000001";

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
  database = testDb.pglite ?? (await openDatabase({ url: testDb.url, dataDir: "memory://" }));
  db = database.db;
  await db.execute(sql`
    insert into notifications.notifications (notification_number, patient_uhid, recipient_type, recipient, channel, template, body, status)
    select 'NOTIF-COUNT-' || g, ${UHID}, 'patient', '+256700000000', 'SMS', 'test', 'body', (array['FAILED', 'SENT', 'DELIVERED'])[1 + g % 3]
    from generate_series(1, 37) g`);
  statements = countStatements(db);
});

afterAll(async () => {
  if (!testDb.pglite) await database.close();
  await testDb.drop();
});

async function counted<T>(read: () => Promise<T>): Promise<{ value: T; statements: number }> {
  const before = statements();
  const value = await read();
  return { value, statements: statements() - before };
}

describe("count-only notification lists", () => {
  it("count without reading the page, and give the totals the full list gives, filtered or not, on any page", async () => {
    for (const filters of [{ patientUhid: UHID, recipientType: "patient" }, { patientUhid: UHID, status: "FAILED" }, {}, { status: "DELIVERED" }]) {
      for (const page of [1, 2, 4]) {
        const full = await counted(() => listNotifications(db, admin, { ...filters, page, pageSize: 10 }));
        const only = await counted(() => listNotifications(db, admin, { ...filters, page, pageSize: 10, countOnly: true }));
        expect(only.value.totalCount, JSON.stringify({ filters, page })).toBe(full.value.totalCount);
        expect(only.value.totalCountExact).toBe(full.value.totalCountExact);
        expect(only.value.results).toEqual([]);
        expect(only.statements).toBeLessThan(full.statements);
      }
    }
  });

  it("count nothing when the total is not selected, and answer the same page, next and previous", async () => {
    for (const filters of [{ patientUhid: UHID, recipientType: "patient" }, { status: "FAILED" }, {}]) {
      const last = Math.ceil((await listNotifications(db, admin, { ...filters, pageSize: 10 })).totalCount / 10);
      for (const page of [1, 2, last, last + 1, last + 3]) {
        const full = await counted(() => listNotifications(db, admin, { ...filters, page, pageSize: 10 }));
        const bare = await counted(() => listNotifications(db, admin, { ...filters, page, pageSize: 10, total: false }));
        const where = JSON.stringify({ filters, page, last });
        const { totalCount: _t, totalCountExact: _e, ...shown } = full.value;
        const { totalCount: bareTotal, totalCountExact: _be, ...bareShown } = bare.value;
        expect(bareShown, where).toEqual(shown);
        // A page with rows proves a lower bound; past the end the exact count still points `previous` at the last page.
        expect(bareTotal, where).toBeLessThanOrEqual(full.value.totalCount);
        if (page <= last) expect(bare.statements, where).toBeLessThan(full.statements); // the page only: no estimate, no count
        if (page > last && page > 1) expect(bare.value.previous, where).toBe(last);
      }
    }
  });

  it("still refuses a forged cursor", async () => {
    await expect(listNotifications(db, admin, { after: "not-a-cursor", countOnly: true })).rejects.toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });
  });
});
