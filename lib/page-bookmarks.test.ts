import { eq, ilike, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { patients } from "../subgraphs/clinical/db/tables.js";
import { notifications } from "../subgraphs/notifications/db/tables.js";
import { createTestDatabase, type TestDatabase } from "../test/support/stack.js";
import { openDatabase, rowsOf, type Database, type Db } from "./db.js";
import { listBookmarkBuilds } from "./observability.js";
import { BOOKMARK_MAX_SHIFT, BOOKMARK_MAX_SHIFT_AGE_MS, BOOKMARK_TTL_MS, bookmarksSettled } from "./page-bookmarks.js";
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

// Shifts and refreshes run in the background: one test's must not land in the next one's build counts.
afterEach(() => bookmarksSettled(db));

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

  it("shifts the bookmarks after a delete, an update of the order's columns or of a filtered column; reads them again after too many writes", async () => {
    const deep: DeepPageOptions = { spacing: 60, minOffset: 300 };
    const [all, okello, newest, failed] = LISTS;
    const check = async (l: ListCase, table: string, write: SQL | SQL[], rebuilt: boolean, n = 30) => {
      await page(l, n, 20, deep);
      const built = await builds(table);
      for (const w of [write].flat()) await db.execute(w);
      expect(await page(l, n, 20, deep)).toEqual(await page(l, n, 20, OFFSET_ONLY));
      expect(await builds(table)).toBe(built + (rebuilt ? 1 : 0));
    };
    await check(all, "patients", sql`delete from clinical.patients where uhid = (select min(uhid) from clinical.patients)`, false);
    await check(okello, "patients", sql`delete from clinical.patients where uhid = (select min(uhid) from clinical.patients where family_name = 'Okello')`, false);
    // A filtered column: the unfiltered list is unmoved; the filtered one lost a row before its bookmarks.
    await check(newest, "notifications", sql`update notifications.notifications set status = 'SENT' where notification_number = (select min(notification_number) from notifications.notifications where status = 'FAILED')`, false);
    await check(failed, "notifications", sql`update notifications.notifications set status = 'SENT' where notification_number = (select min(notification_number) from notifications.notifications where status = 'FAILED')`, false);
    await check(okello, "patients", sql`update clinical.patients set family_name = 'Okello' where uhid = (select max(uhid) from clinical.patients where family_name = 'Nakato')`, false);
    // The order's columns: the row moves from one place in the order to another.
    await check(newest, "notifications", sql`update notifications.notifications set created_at = now() where notification_number = (select max(notification_number) from notifications.notifications)`, false);
    await check(all, "patients", sql`update clinical.patients set uhid = 'AB-' || uhid where uhid = (select max(uhid) from clinical.patients where uhid like 'PT-%')`, false);
    // A bookmarked row itself (the 600th, 300th, 480th: each a 60th), and the page that starts from it:
    // the bookmark moves by the row that left, and the page starts after the row's old place in the order.
    await check(all, "patients", sql`delete from clinical.patients where uhid = (select uhid from clinical.patients order by uhid offset 599 limit 1)`, false, 31);
    await check(newest, "notifications", sql`update notifications.notifications set created_at = now() where notification_number = (select notification_number from notifications.notifications order by created_at desc, notification_number desc offset 299 limit 1)`, false, 16);
    await check(failed, "notifications", sql`update notifications.notifications set status = 'SENT' where notification_number = (select notification_number from notifications.notifications where status = 'FAILED' order by created_at desc, notification_number desc offset 479 limit 1)`, false, 25);
    // It leaves and comes back: no move.
    const [{ number }] = rowsOf<{ number: string }>(
      await db.execute(sql`select notification_number as number from notifications.notifications where status = 'FAILED' order by created_at desc, notification_number desc offset 479 limit 1`),
    );
    await check(failed, "notifications", [sql`update notifications.notifications set status = 'SENT' where notification_number = ${number}`, sql`update notifications.notifications set status = 'FAILED' where notification_number = ${number}`], false, 25);
    await check(all, "patients", sql`insert into clinical.patients (uhid, given_name, family_name, sex, birth_date)
      select 'ZZ-' || g, 'Given', 'Late', 'male', date '1990-01-01' from generate_series(1, ${BOOKMARK_MAX_SHIFT + 1}) g`, true);
  });

  it("after random inserts, deletes and updates anywhere in the order, filtered or not, deep pages equal OFFSET and the bookmarks are not read again", async () => {
    let seed = 2626;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const deep: DeepPageOptions = { spacing: 40, minOffset: 200 };
    const patientWrites = [
      () => sql`insert into clinical.patients (uhid, given_name, family_name, sex, birth_date)
        select 'PT-' || lpad((${random(3000)} + g)::text, 5, '0') || '-r' || ${random(1_000_000)} || '-' || g, 'Given', (array['Okello', 'Nakato', 'Mukasa'])[1 + g % 3], 'female', date '1990-01-01'
        from generate_series(1, ${1 + random(5)}) g`,
      () => sql`delete from clinical.patients where uhid in (select uhid from clinical.patients where uhid like 'PT-%' order by md5(uhid || ${random(1_000_000)}) limit ${1 + random(4)})`,
      () => sql`update clinical.patients set family_name = (array['Okello', 'Nakato', 'Mukasa'])[${1 + random(3)}] where uhid in (select uhid from clinical.patients order by md5(uhid || ${random(1_000_000)}) limit ${1 + random(4)})`,
      () => sql`update clinical.patients set uhid = 'PT-' || lpad(${random(3000)}::text, 5, '0') || '-m' || ${random(1_000_000)} where uhid = (select uhid from clinical.patients where uhid like 'PT-%' order by md5(uhid || ${random(1_000_000)}) limit 1)`,
      () => sql`update clinical.patients set district = 'Gulu' where uhid in (select uhid from clinical.patients order by md5(uhid || ${random(1_000_000)}) limit 3)`,
      // A row that arrives and leaves between two pages, and one updated twice: each counted once or not at all.
      () => sql`insert into clinical.patients (uhid, given_name, family_name, sex, birth_date) values ('AA-transient', 'Given', 'Okello', 'male', date '1990-01-01') on conflict do nothing`,
      () => sql`delete from clinical.patients where uhid = 'AA-transient'`,
      // A bookmarked row (every 40th) leaves the filtered list, or leaves the order and comes back elsewhere.
      () => sql`update clinical.patients set family_name = 'Nakato' where uhid = (select uhid from clinical.patients where family_name ilike '%okello%' order by uhid offset ${40 * (1 + random(20)) - 1} limit 1)`,
      () => sql`update clinical.patients set uhid = uhid || '-b' where uhid = (select uhid from clinical.patients where uhid like 'PT-%' order by uhid offset ${40 * (1 + random(60)) - 1} limit 1)`,
    ];
    const notificationWrites = [
      () => sql`insert into notifications.notifications (notification_number, recipient, channel, template, body, status, created_at)
        select 'NOTIF-R-' || g || '-' || ${random(1_000_000)}, '+256700000000', 'SMS', 'test', 'body', (array['FAILED', 'SENT'])[1 + g % 2],
               timestamptz '2026-01-01 00:00:00.123456+00' - ((${random(1000)} + g) / 3) * interval '1 second'
        from generate_series(1, ${1 + random(5)}) g`,
      () => sql`delete from notifications.notifications where id in (select id from notifications.notifications where notification_number like 'NOTIF-T-%' or notification_number like 'NOTIF-R-%' order by md5(id::text || ${random(1_000_000)}) limit ${1 + random(4)})`,
      () => sql`update notifications.notifications set status = case when status = 'FAILED' then 'SENT' else 'FAILED' end where id in (select id from notifications.notifications order by md5(id::text || ${random(1_000_000)}) limit ${1 + random(4)})`,
      () => sql`update notifications.notifications set created_at = timestamptz '2026-01-01 00:00:00.123456+00' - ${random(1000)} * interval '1 second' where id = (select id from notifications.notifications order by md5(id::text || ${random(1_000_000)}) limit 1)`,
      () => sql`update notifications.notifications set status = 'SENT' where id = (select id from notifications.notifications where status = 'FAILED' order by created_at desc, notification_number desc offset ${40 * (1 + random(30)) - 1} limit 1)`,
      () => sql`delete from notifications.notifications where id = (select id from notifications.notifications where notification_number like 'NOTIF-T-%' order by created_at desc, notification_number desc offset ${40 * (1 + random(60)) - 1} limit 1)`,
      () => sql`update notifications.notifications set body = 'edited' where id in (select id from notifications.notifications order by md5(id::text || ${random(1_000_000)}) limit 3)`,
    ];
    for (const l of LISTS) {
      const table = l.name.startsWith("patients") ? "patients" : "notifications";
      const writes = table === "patients" ? patientWrites : notificationWrites;
      await page(l, 20, 20, deep); // bookmarks read (or shifted from an earlier test's)
      const built = await builds(table);
      for (let round = 0; round < 12; round++) {
        for (let k = 1 + random(3); k > 0; k--) await db.execute(writes[random(writes.length)]());
        for (let i = 0; i < 4; i++) {
          // The first page of a round and every other one come right after writes: each read in one statement that counts the writes before its bookmark.
          if (i % 2) await db.execute(writes[random(writes.length)]());
          const total = await rowCount(l);
          const size = [1, 7, 20, 25][random(4)];
          const at = Math.floor(200 / size) + 1 + random(Math.max(1, Math.ceil(total / size) - Math.floor(200 / size)));
          expect(await page(l, at, size, deep), `${l.name}, round ${round}, page ${at} of ${size}`).toEqual(await page(l, at, size, OFFSET_ONLY));
        }
      }
      // Every bookmark once more (an error in one bookmark's offset shows only on pages that start from it).
      const total = await rowCount(l);
      for (let at = 200; at < total; at += 40) expect(await page(l, at + 1, 1, deep), `${l.name}, row ${at}`).toEqual(await page(l, at + 1, 1, OFFSET_ONLY));
      expect(await builds(table), l.name).toBe(built);
    }
  }, 120_000); // ~20 s alone; a loaded CI machine has taken more than 30

  it("a list filtered by a column the trigger does not track reads its bookmarks again after any update; an update of no tracked column logs nothing", async () => {
    const deep: DeepPageOptions = { spacing: 50, minOffset: 200 };
    const inGulu: ListCase = { name: "patients in Gulu", table: patients, columns: [patients.uhid], descending: false, where: eq(patients.district, "Gulu") };
    await db.execute(sql`update clinical.patients set district = 'Gulu' where uhid like 'PT-0%'`);
    const departures = async () => Number(rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from clinical.list_departures`))[0].n);
    await page(inGulu, 15, 20, deep);
    const built = await builds("patients");
    const logged = await departures();
    await db.execute(sql`update clinical.patients set district = null where uhid = (select min(uhid) from clinical.patients where district = 'Gulu')`);
    expect(await departures()).toBe(logged); // district is not tracked
    expect(await page(inGulu, 15, 20, deep)).toEqual(await page(inGulu, 15, 20, OFFSET_ONLY));
    expect(await builds("patients")).toBe(built + 1);
    // Inserts alone are still followed.
    await db.execute(sql`insert into clinical.patients (uhid, given_name, family_name, sex, birth_date, district) values ('AA-gulu', 'Given', 'Early', 'male', date '1990-01-01', 'Gulu')`);
    expect(await page(inGulu, 15, 20, deep)).toEqual(await page(inGulu, 15, 20, OFFSET_ONLY));
    expect(await builds("patients")).toBe(built + 1);
  });

  it("reads bookmarks older than the shift age again; prunes departures older than 15 minutes every 1,024th version", async () => {
    const deep: DeepPageOptions = { spacing: 70, minOffset: 300 };
    const l = LISTS[0];
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await page(l, 30, 20, deep);
      const built = await builds("patients");
      vi.setSystemTime(Date.now() + BOOKMARK_MAX_SHIFT_AGE_MS + 1);
      await db.execute(sql`delete from clinical.patients where uhid = (select min(uhid) from clinical.patients)`);
      expect(await page(l, 30, 20, deep)).toEqual(await page(l, 30, 20, OFFSET_ONLY));
      expect(await builds("patients")).toBe(built + 1);
    } finally {
      vi.useRealTimers();
    }
    await db.execute(sql`insert into clinical.list_departures (table_name, departed, born, row, logged_at) values ('patients', 1, 0, '{}', now() - interval '16 minutes'), ('patients', 2, 0, '{}', now() - interval '14 minutes')`);
    await db.execute(sql`update clinical.patients set given_name = given_name || '.' where uhid in (select uhid from clinical.patients order by uhid limit 1100)`);
    const left = rowsOf<{ departed: string | number }>(await db.execute(sql`select departed from clinical.list_departures where departed < 3 order by departed`));
    expect(left.map((r) => Number(r.departed))).toEqual([2]);
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
      // The count rises when the read starts: let it finish and store before the next page is asked for.
      await bookmarksSettled(db);
      await page(LISTS[2], 60, 20, deep);
      expect(await builds("notifications")).toBe(built + 2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a prune never makes another write wait: rows another transaction is pruning are skipped (PostgreSQL: two connections)", async (ctx) => {
    if (!testDb.url || testDb.pglite) return ctx.skip();
    const { default: postgres } = await import("postgres");
    const [a, b] = [postgres(testDb.url, { max: 1, onnotice: () => {} }), postgres(testDb.url, { max: 1, onnotice: () => {} })];
    try {
      const toNextPrune = `select setval('clinical.patients_write_version', (select (last_value / 1024 + 1) * 1024 - 1 from clinical.patients_write_version))`;
      await a.unsafe(`insert into clinical.list_departures (table_name, departed, born, row, logged_at) select 'patients', g, 0, '{}', now() - interval '20 minutes' from generate_series(1, 3) g`);
      await a.unsafe(toNextPrune);
      const [first, second] = (await a.unsafe(`select uhid from clinical.patients order by uhid limit 2`)) as unknown as { uhid: string }[];
      await a.begin(async (tx) => {
        await tx.unsafe(`update clinical.patients set given_name = given_name || '!' where uhid = $1`, [first.uhid]); // prunes, and holds the pruned rows
        await b.unsafe(toNextPrune);
        await b.unsafe(`set statement_timeout = 3000`);
        // The second prune skips the rows the first holds instead of waiting for its commit (it would time out).
        await b.unsafe(`update clinical.patients set given_name = given_name || '!' where uhid = $1`, [second.uhid]);
      });
      expect(await a.unsafe(`select count(*)::int as n from clinical.list_departures where logged_at < now() - interval '15 minutes'`)).toEqual([{ n: 0 }]);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it("reads the bookmarks again after a TRUNCATE (last: it empties the table)", async () => {
    const deep: DeepPageOptions = { spacing: 30, minOffset: 100 };
    await page(LISTS[2], 10, 20, deep);
    const built = await builds("notifications");
    await db.execute(sql`truncate notifications.notifications cascade`);
    await db.execute(sql`insert into notifications.notifications (notification_number, recipient, channel, template, body, status, created_at)
      select 'NOTIF-A-' || g, '+256700000000', 'SMS', 'test', 'body', 'SENT', timestamptz '2026-01-01 00:00:00+00' - g * interval '1 second' from generate_series(1, 300) g`);
    expect((await page(LISTS[2], 10, 20, deep)).results[0].notificationNumber).toBe("NOTIF-A-181");
    expect(await builds("notifications")).toBe(built + 1);
  });
});
