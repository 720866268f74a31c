import { eq, ilike, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { patients } from "../subgraphs/clinical/db/tables.js";
import { notifications } from "../subgraphs/notifications/db/tables.js";
import { createTestDatabase, type TestDatabase } from "../test/support/stack.js";
import { openDatabase, type Database, type Db } from "./db.js";
import { listBookmarkBuilds } from "./observability.js";
import { BOOKMARK_MAX_SHIFT, BOOKMARK_TTL_MS } from "./page-bookmarks.js";
import { keysetList, type DeepPageOptions } from "./page-query.js";
import { pageWindow } from "./pagination.js";

/**
 * Deep pages by number from bookmarks (lib/page-bookmarks.ts) against plain OFFSET, on the real
 * migrated tables: patients (one key column) and notifications (newest first, many equal created_at,
 * so the tie-breaking number decides). Bookmarks every few rows from the first page, so small lists
 * have many of them.
 */
let testDb: TestDatabase;
let database: Database;
let db: Db;

const OFFSET_ONLY: DeepPageOptions = { spacing: 1, minOffset: Number.POSITIVE_INFINITY };

interface ListCase {
  name: string;
  table: PgTable;
  columns: PgColumn[];
  descending: boolean;
  where?: SQL;
}
const LISTS: ListCase[] = [
  { name: "patients", table: patients, columns: [patients.uhid], descending: false },
  { name: "patients named Okello", table: patients, columns: [patients.uhid], descending: false, where: ilike(patients.familyName, "%okello%") },
  { name: "notifications", table: notifications, columns: [notifications.createdAt, notifications.notificationNumber], descending: true },
  { name: "failed notifications", table: notifications, columns: [notifications.createdAt, notifications.notificationNumber], descending: true, where: eq(notifications.status, "FAILED") },
];

function page(l: ListCase, n: number, size: number, deepPages: DeepPageOptions, after: string | null = null) {
  return keysetList<PgTable<any>>(db, pageWindow({ page: n, pageSize: size }), { table: l.table, columns: l.columns, descending: l.descending, where: l.where, after, deepPages });
}

async function builds(table: string): Promise<number> {
  return (await listBookmarkBuilds.get()).values.find((v) => v.labels.table === table)?.value ?? 0;
}

async function rowCount(l: ListCase): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(l.table).where(l.where);
  return n;
}

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
  database = testDb.pglite ?? (await openDatabase({ url: testDb.url, dataDir: "memory://" }));
  db = database.db;
  // 3,000 patients, a third called Okello; 3,000 notifications, three at each instant, numbered out of time order.
  await db.execute(sql`
    insert into clinical.patients (uhid, given_name, family_name, sex, birth_date)
    select 'PT-' || lpad(g::text, 5, '0'), 'Given', (array['Okello', 'Nakato', 'Mukasa'])[1 + g % 3], 'female', date '1990-01-01'
    from generate_series(1, 3000) g`);
  await db.execute(sql`
    insert into notifications.notifications (notification_number, recipient, channel, template, body, status, created_at)
    select 'NOTIF-T-' || md5(g::text), '+256700000000', 'SMS', 'test', 'body', (array['FAILED', 'SENT'])[1 + g % 2],
           timestamptz '2026-01-01 00:00:00.123456+00' - (g / 3) * interval '1 second'
    from generate_series(1, 3000) g`);
});

afterAll(async () => {
  if (database && database !== testDb.pglite) await database.close(); // PGlite: closed by drop
  await testDb?.drop();
});

describe("deep pages by number from bookmarks", () => {
  it("answers the same pages as OFFSET: random pages and sizes, bookmark boundaries, the last page and past the end", async () => {
    let seed = 14;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (const l of LISTS) {
      const total = await rowCount(l);
      for (const spacing of [1, 7, 50, 1000]) {
        const bookmarks: DeepPageOptions = { spacing, minOffset: 0 };
        const cases: [number, number][] = [];
        for (let i = 0; i < 8; i++) {
          const size = [1, 7, 20, 25, 100][random(5)];
          cases.push([1 + random(Math.ceil(total / size) + 2), size]);
        }
        const k = 1 + random(Math.floor(total / spacing));
        // Right after bookmark k, bookmark k itself, a page starting on it; the last page and past it.
        cases.push([k * spacing + 1, 1], [k * spacing, 1], [Math.ceil(total / 20), 20], [Math.ceil(total / 20) + 1, 20], [Math.ceil(total / 20) + 50, 20]);
        for (const size of [20, 25, 100]) if ((k * spacing) % size === 0) cases.push([1 + (k * spacing) / size, size]);
        for (const [n, size] of cases) {
          const expected = await page(l, n, size, OFFSET_ONLY);
          const actual = await page(l, n, size, bookmarks);
          expect(actual, `${l.name}, bookmarks every ${spacing}, page ${n} of ${size}`).toEqual(expected);
        }
      }
    }
  });

  it("pages sharing a created_at come back once each, in number order, across bookmark boundaries", async () => {
    const l = LISTS[2];
    const seen: string[] = [];
    for (let n = 1; n <= 40; n++) seen.push(...(await page(l, n, 10, { spacing: 7, minOffset: 0 })).results.map((r) => r.notificationNumber));
    const expected: string[] = [];
    for (let n = 1; n <= 4; n++) expected.push(...(await page(l, n, 100, OFFSET_ONLY)).results.map((r) => r.notificationNumber));
    expect(seen).toEqual(expected);
  });

  it("builds a list's bookmarks once for pages with the same filters, again for other filters, once for a burst", async () => {
    const deep: DeepPageOptions = { spacing: 100, minOffset: 500 };
    const before = await builds("notifications");
    await page(LISTS[2], 40, 25, deep);
    await page(LISTS[2], 90, 20, deep);
    await page(LISTS[2], 3, 20, deep); // shallow: OFFSET, no bookmarks
    expect(await builds("notifications")).toBe(before + 1);
    await page(LISTS[3], 40, 20, deep);
    await page(LISTS[3], 41, 20, deep);
    expect(await builds("notifications")).toBe(before + 2);
    const burst = await Promise.all([30, 31, 32, 33, 34].map((n) => page(LISTS[2], n, 25, { spacing: 99, minOffset: 500 })));
    expect(await builds("notifications")).toBe(before + 3);
    expect(burst.map((p) => p.results.length)).toEqual([25, 25, 25, 25, 25]);
  });

  it("a page after the cursor never uses bookmarks", async () => {
    const before = await builds("patients");
    const first = await page(LISTS[0], 1, 20, OFFSET_ONLY);
    await page(LISTS[0], 100, 20, { spacing: 10, minOffset: 0 }, first.results[19].uhid);
    expect(await builds("patients")).toBe(before);
  });

  it("inserts before the bookmarked rows shift them without reading them again; a statement that changes nothing moves nothing", async () => {
    const deep: DeepPageOptions = { spacing: 100, minOffset: 500 };
    const l = LISTS[0];
    const built = await builds("patients");
    const first = await page(l, 50, 20, deep);
    expect(await page(l, 50, 20, deep)).toEqual(first);
    expect(await builds("patients")).toBe(built + 1);
    // Five patients whose UHIDs sort before every other: each page starts five rows earlier.
    await db.execute(sql`insert into clinical.patients (uhid, given_name, family_name, sex, birth_date)
      select 'AA-' || g, 'Given', 'Early', 'male', date '1990-01-01' from generate_series(1, 5) g`);
    const moved = await page(l, 50, 20, deep);
    expect(moved).toEqual(await page(l, 50, 20, OFFSET_ONLY));
    expect(moved.results[5].uhid).toBe(first.results[0].uhid);
    expect(await builds("patients")).toBe(built + 1);
    await db.execute(sql`update clinical.patients set district = 'Gulu' where uhid = 'no such patient'`);
    expect(await page(l, 50, 20, deep)).toEqual(moved);
    expect(await builds("patients")).toBe(built + 1);
  });

  it("after random inserts anywhere in the order, filtered or not, deep pages equal OFFSET and the bookmarks are not read again", async () => {
    let seed = 1414;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const deep: DeepPageOptions = { spacing: 50, minOffset: 200 };
    for (const l of LISTS) {
      const table = l.name.startsWith("patients") ? "patients" : "notifications";
      for (let round = 0; round < 4; round++) {
        await page(l, 20, 20, deep); // bookmarks read (the first round) or shifted
        const built = await builds(table);
        const n = 1 + random(40);
        if (table === "patients") {
          // UHIDs anywhere in the order; a third named Okello (the filtered list's rows), the rest not.
          await db.execute(sql`insert into clinical.patients (uhid, given_name, family_name, sex, birth_date)
            select 'PT-' || lpad((${random(3000)} + g)::text, 5, '0') || '-' || ${round} || '-' || g, 'Given', (array['Okello', 'Nakato', 'Mukasa'])[1 + g % 3], 'female', date '1990-01-01'
            from generate_series(1, ${n}) g`);
        } else {
          // Newest first: some rows new, some dated among the old ones, on ties of created_at.
          await db.execute(sql`insert into notifications.notifications (notification_number, recipient, channel, template, body, status, created_at)
            select 'NOTIF-I-' || ${round} || '-' || g || '-' || ${random(1_000_000)}, '+256700000000', 'SMS', 'test', 'body', (array['FAILED', 'SENT'])[1 + g % 2],
                   case when g % 2 = 0 then now() else timestamptz '2026-01-01 00:00:00.123456+00' - ((${random(1000)} + g) / 3) * interval '1 second' end
            from generate_series(1, ${n}) g`);
        }
        const total = await rowCount(l);
        for (let i = 0; i < 6; i++) {
          const size = [1, 7, 20, 25][random(4)];
          const at = Math.floor(200 / size) + 1 + random(Math.max(1, Math.ceil(total / size) - Math.floor(200 / size)));
          expect(await page(l, at, size, deep), `${l.name}, round ${round}, page ${at} of ${size}`).toEqual(await page(l, at, size, OFFSET_ONLY));
        }
        expect(await builds(table), `${l.name}, round ${round}`).toBe(built);
      }
    }
  });

  it("reads the bookmarks again after a delete, an update of the order's columns, an update under a filter, or too many writes", async () => {
    const deep: DeepPageOptions = { spacing: 60, minOffset: 300 };
    const [all, , newest, failed] = LISTS;
    const check = async (l: ListCase, table: string, write: SQL, rebuilt: boolean) => {
      await page(l, 30, 20, deep);
      const built = await builds(table);
      await db.execute(write);
      expect(await page(l, 30, 20, deep)).toEqual(await page(l, 30, 20, OFFSET_ONLY));
      expect(await builds(table)).toBe(built + (rebuilt ? 1 : 0));
    };
    await check(all, "patients", sql`delete from clinical.patients where uhid = (select min(uhid) from clinical.patients)`, true);
    // A column outside the order: the unfiltered list is unmoved; the filtered one may have lost or gained rows.
    await check(newest, "notifications", sql`update notifications.notifications set status = 'SENT' where notification_number = (select min(notification_number) from notifications.notifications where status = 'FAILED')`, false);
    await check(failed, "notifications", sql`update notifications.notifications set status = 'SENT' where notification_number = (select min(notification_number) from notifications.notifications where status = 'FAILED')`, true);
    await check(newest, "notifications", sql`update notifications.notifications set created_at = now() where notification_number = (select max(notification_number) from notifications.notifications)`, true);
    await check(all, "patients", sql`update clinical.patients set uhid = 'AB-' || uhid where uhid = (select max(uhid) from clinical.patients where uhid like 'PT-%')`, true);
    await check(all, "patients", sql`insert into clinical.patients (uhid, given_name, family_name, sex, birth_date)
      select 'ZZ-' || g, 'Given', 'Late', 'male', date '1990-01-01' from generate_series(1, ${BOOKMARK_MAX_SHIFT + 1}) g`, true);
  });

  it("reads bookmarks older than the TTL again even when no write was seen, serving the old ones meanwhile", async () => {
    const deep: DeepPageOptions = { spacing: 101, minOffset: 500 };
    const built = await builds("notifications");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await page(LISTS[2], 60, 20, deep);
      await page(LISTS[2], 60, 20, deep);
      expect(await builds("notifications")).toBe(built + 1);
      vi.setSystemTime(Date.now() + BOOKMARK_TTL_MS + 1);
      // Served from the old bookmarks (nothing was written) while they are read again in the background.
      expect(await page(LISTS[2], 60, 20, deep)).toEqual(await page(LISTS[2], 60, 20, OFFSET_ONLY));
      await vi.waitFor(async () => expect(await builds("notifications")).toBe(built + 2));
      await page(LISTS[2], 60, 20, deep);
      expect(await builds("notifications")).toBe(built + 2);
    } finally {
      vi.useRealTimers();
    }
  });
});
