import { eq, ilike, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { patients } from "../subgraphs/clinical/db/tables.js";
import { notifications } from "../subgraphs/notifications/db/tables.js";
import { createTestDatabase, type TestDatabase } from "../test/support/stack.js";
import { openDatabase, type Database, type Db } from "./db.js";
import { listBookmarkBuilds } from "./observability.js";
import { BOOKMARK_TTL_MS } from "./page-bookmarks.js";
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

  it("a write before the bookmarked rows moves the next deep page (the table's write version changed)", async () => {
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
    expect(await builds("patients")).toBe(built + 2);
    // A statement that changes no row leaves the version, and the bookmarks, as they were.
    await db.execute(sql`update clinical.patients set district = 'Gulu' where uhid = 'no such patient'`);
    await page(l, 50, 20, deep);
    expect(await builds("patients")).toBe(built + 2);
  });

  it("rebuilds bookmarks older than the TTL even when no write was seen", async () => {
    const deep: DeepPageOptions = { spacing: 101, minOffset: 500 };
    const built = await builds("notifications");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await page(LISTS[2], 60, 20, deep);
      await page(LISTS[2], 60, 20, deep);
      expect(await builds("notifications")).toBe(built + 1);
      vi.setSystemTime(Date.now() + BOOKMARK_TTL_MS + 1);
      await page(LISTS[2], 60, 20, deep);
      expect(await builds("notifications")).toBe(built + 2);
    } finally {
      vi.useRealTimers();
    }
  });
});
