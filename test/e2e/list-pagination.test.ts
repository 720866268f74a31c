import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../lib/db.js";
import { EXACT_COUNT_LIMIT } from "../../lib/page-query.js";
import { startStack, type Stack } from "../support/stack.js";

// Issue 14: lists that do not count or skip a million rows. Envelope at the boundaries, estimated
// totals flagged, `next` exact without the count, cursors that return every row once.

let stack: Stack;
let admin: string;
let physician: string;

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.token("admin");
  physician = await stack.token("physician");
});
afterAll(() => stack?.stop());

const PAGE_FIELDS = "count page pageSize next previous totalCount totalCountExact nextCursor";

async function walkByCursor(path: string, token: string, pageSize: number): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  for (let page = 1; page < 1000; page++) {
    const res: { status: number; body: any } = await stack.rest("GET", `${path}?page_size=${pageSize}${after ? `&after=${encodeURIComponent(after)}` : ""}`, { token });
    expect(res.status).toBe(200);
    seen.push(...res.body.results.map((r: { id?: string; uhid?: string }) => r.id ?? r.uhid));
    expect(res.body.next === null).toBe(res.body.next_cursor === null);
    after = res.body.next_cursor;
    if (!after) return seen;
  }
  throw new Error("cursor walk did not end");
}

async function walkByPage(path: string, token: string, pageSize: number): Promise<string[]> {
  const seen: string[] = [];
  for (let page: number | null = 1; page !== null; ) {
    const res: { status: number; body: any } = await stack.rest("GET", `${path}?page=${page}&page_size=${pageSize}`, { token });
    expect(res.status).toBe(200);
    seen.push(...res.body.results.map((r: { id?: string; uhid?: string }) => r.id ?? r.uhid));
    page = res.body.next;
  }
  return seen;
}

describe("the page envelope without a full count (demo size: exact)", () => {
  it("keeps next, previous and totalCount exact at the boundaries and past the end", async () => {
    const ask = async (page: number) => (await stack.gql(`{ patients(page: ${page}, pageSize: 20) { ${PAGE_FIELDS} } }`, {}, physician)).body.data.patients;
    expect(await ask(1)).toMatchObject({ count: 20, next: 2, previous: null, totalCount: 50, totalCountExact: true, nextCursor: expect.any(String) });
    expect(await ask(3)).toMatchObject({ count: 10, next: null, previous: 2, totalCount: 50, totalCountExact: true, nextCursor: null });
    expect(await ask(9)).toMatchObject({ count: 0, next: null, previous: 3, totalCount: 50, totalCountExact: true, nextCursor: null });
  });

  it("ends a page that is exactly full with next null (the extra row is not there)", async () => {
    const res = await stack.gql(`{ patients(page: 2, pageSize: 25) { ${PAGE_FIELDS} } }`, {}, physician);
    expect(res.body.data.patients).toMatchObject({ count: 25, next: null, previous: 1, totalCount: 50, totalCountExact: true, nextCursor: null });
  });

  it("adds next_cursor to the REST envelope of the large lists, and nothing else", async () => {
    const res = await stack.rest("GET", "/api/v1/uhid/?page_size=10", { token: physician });
    expect(Object.keys(res.body).sort()).toEqual(["count", "next", "next_cursor", "page", "page_size", "previous", "results", "source"]);
    expect(typeof res.body.next_cursor).toBe("string");
  });

  it("still searches patients by part of a name or UHID, case-insensitively", async () => {
    const all = (await stack.rest("GET", "/api/v1/uhid/?page_size=100", { token: physician })).body.results as { uhid: string; given_name: string; family_name: string }[];
    const someone = all[17];
    const byName = await stack.rest("GET", `/api/v1/uhid/?search=${encodeURIComponent(someone.family_name.slice(1, 5).toUpperCase())}&page_size=100`, { token: physician });
    expect(byName.body.results.map((p: { uhid: string }) => p.uhid)).toContain(someone.uhid);
    const byGiven = await stack.rest("GET", `/api/v1/uhid/?search=${encodeURIComponent(someone.given_name.slice(-4).toLowerCase())}&page_size=100`, { token: physician });
    expect(byGiven.body.results.map((p: { uhid: string }) => p.uhid)).toContain(someone.uhid);
    const byUhid = await stack.rest("GET", `/api/v1/uhid/?search=${someone.uhid.slice(-4)}`, { token: physician });
    expect(byUhid.body.results.map((p: { uhid: string }) => p.uhid)).toContain(someone.uhid);
    const literal = await stack.rest("GET", "/api/v1/uhid/?search=%25", { token: physician });
    expect(literal.body).toMatchObject({ count: 0, next: null, next_cursor: null });
  });

  it("searches transactions by part of the number", async () => {
    const first = (await stack.rest("GET", "/api/v1/pharmacy/sales/transactions/?page_size=1", { token: admin })).body.results[0];
    if (!first) return; // no sales in this demo world
    const res = await stack.rest("GET", `/api/v1/pharmacy/sales/transactions/?search=${first.transaction_number.slice(-8)}`, { token: admin });
    expect(res.body.results.map((t: { id: string }) => t.id)).toContain(first.id);
  });
});

describe("walking by cursor", () => {
  it.each([
    ["patients", "/api/v1/uhid/"],
    ["sales transactions", "/api/v1/pharmacy/sales/transactions/"],
    ["stock movements", "/api/v1/pharmacy/inventory/movements/"],
    ["notifications", "/api/v1/notifications/"],
  ])("returns every %s row once, in the order pages by number give", async (_name, path) => {
    const token = path === "/api/v1/uhid/" ? physician : admin;
    const byPage = await walkByPage(path, token, 7);
    const byCursor = await walkByCursor(path, token, 7);
    expect(byCursor).toEqual(byPage);
    expect(new Set(byCursor).size).toBe(byCursor.length);
  });

  it("breaks ties on the time with the key: movements recorded in the same instant are neither lost nor repeated", async () => {
    await stack.server.database!.db.execute(sql.raw(`
      insert into pharmacy.stock_movements (pharmacy_id, inventory_item_id, movement_type, quantity, quantity_before, quantity_after, created_by, created_at)
      select i.pharmacy_id, i.id, 'adjustment', 0, i.quantity, i.quantity, 'tie-test', timestamptz '2020-01-01 00:00:00+00'
      from pharmacy.inventory_items i, generate_series(1, 3)`));
    const path = "/api/v1/pharmacy/inventory/movements/";
    const byPage = await walkByPage(path, admin, 4);
    expect(await walkByCursor(path, admin, 4)).toEqual(byPage);
    expect(new Set(byPage).size).toBe(byPage.length);
  });

  it("walks a patient's notifications (Patient.notifications) by cursor through GraphQL: every one once, as pages by number give", async () => {
    const uhid = "UG-2024-000001";
    // 23 messages to the patient, the first 6 in one instant (ties broken by the number), and 3 to a
    // provider about the same patient, which Patient.notifications leaves out.
    const inserted = rowsOf<{ id: string; recipient_type: string }>(
      await stack.server.database!.db.execute(sql.raw(`
        insert into notifications.notifications (notification_number, patient_uhid, recipient_type, recipient, channel, template, body, status, created_at)
        select 'NOTIF-CURSOR-' || lpad(g::text, 4, '0'), '${uhid}', case when g > 23 then 'provider' else 'patient' end, '+256700000999', 'SMS', 'generic', 'cursor walk', 'SENT',
               case when g <= 6 then timestamptz '2021-06-01 08:00:00+00' else timestamptz '2021-06-01 08:00:00+00' + make_interval(mins => g) end
        from generate_series(1, 26) g returning id, recipient_type`)),
    );
    const mine = inserted.filter((r) => r.recipient_type === "patient").map((r) => r.id);
    const query = `query ($uhid: ID!, $page: Int, $after: String) { patient(uhid: $uhid) { notifications(page: $page, pageSize: 5, after: $after) { results { id } next nextCursor } } }`;
    const ask = async (v: { page?: number; after?: string | null }) => {
      const res = await stack.gql(query, { uhid, ...v }, admin);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.data.patient.notifications as { results: { id: string }[]; next: number | null; nextCursor: string | null };
    };
    const byPage: string[] = [];
    for (let page: number | null = 1; page !== null; ) {
      const p = await ask({ page });
      byPage.push(...p.results.map((n) => n.id));
      page = p.next;
    }
    const byCursor: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 1000; i++) {
      const p = await ask({ after });
      byCursor.push(...p.results.map((n) => n.id));
      expect(p.next === null).toBe(p.nextCursor === null);
      after = p.nextCursor;
      if (!after) break;
    }
    expect(after).toBeNull();
    expect(byCursor).toEqual(byPage);
    expect(new Set(byCursor).size).toBe(byCursor.length);
    expect(byCursor).toEqual(expect.arrayContaining(mine));
    expect(byCursor.filter((id) => inserted.some((r) => r.id === id))).toHaveLength(mine.length);
  });

  // GraphQL answers an execution error with HTTP 200 and errors[].extensions (REST maps BAD_USER_INPUT to 400).
  it("refuses a forged Patient.notifications cursor as the top-level list does (BAD_USER_INPUT naming after)", async () => {
    const forged = Buffer.from(JSON.stringify({ v: 1, k: { not: "a key" } })).toString("base64url");
    for (const bad of ["nonsense", forged]) {
      const nested = await stack.gql(`query ($after: String) { patient(uhid: "UG-2024-000001") { notifications(after: $after) { count } } }`, { after: bad }, admin);
      const topLevel = await stack.gql(`query ($after: String) { notifications(after: $after) { count } }`, { after: bad }, admin);
      expect(nested.status).toBe(topLevel.status);
      expect(topLevel.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fields: { after: expect.any(Array) } });
      expect(nested.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fields: { after: expect.any(Array) } });
      expect(nested.body.errors[0].extensions.fields).toEqual(topLevel.body.errors[0].extensions.fields);
      expect(nested.body.errors[0].path).toEqual(["patient", "notifications"]);
      // The patient's notifications in REST are the top-level list filtered by patient: 400 there.
      const rest = await stack.rest("GET", `/api/v1/notifications/?patient_uhid=UG-2024-000001&after=${bad}`, { token: admin });
      expect(rest.status).toBe(400);
      expect(rest.body.error.fields).toHaveProperty("after");
    }
  });

  it("refuses a cursor it did not give (400 naming after)", async () => {
    for (const bad of ["nonsense", Buffer.from(JSON.stringify({ v: 1, k: "not-a-uuid" })).toString("base64url")]) {
      const res = await stack.rest("GET", `/api/v1/pharmacy/inventory/movements/?after=${bad}`, { token: admin });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty("after");
    }
    const patients = await stack.rest("GET", "/api/v1/uhid/?after=nonsense", { token: physician });
    expect(patients.status).toBe(400);
  });
});

describe(`above ${EXACT_COUNT_LIMIT} matches the total is an estimate, flagged`, () => {
  const extra = EXACT_COUNT_LIMIT + 50;
  beforeAll(async () => {
    await stack.server.database!.db.execute(sql.raw(`
      insert into clinical.patients (uhid, given_name, family_name, sex, birth_date)
      select 'ZZ-2020-' || lpad(g::text, 6, '0'), 'Bulk', 'Capped', 'unknown', date '1980-01-01' from generate_series(1, ${extra}) g`));
    await stack.server.database!.db.execute(sql.raw("analyze clinical.patients"));
  });

  it("flags totalCount as not exact, and keeps next exact", async () => {
    const res = await stack.gql(`{ patients(page: 2, pageSize: 100) { ${PAGE_FIELDS} } }`, {}, physician);
    const page = res.body.data.patients;
    expect(page).toMatchObject({ count: 100, next: 3, previous: 1, totalCountExact: false });
    expect(page.totalCount).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });

  it("knows the exact total on the last page, and points previous at it from past the end", async () => {
    const total = 50 + extra;
    const last = Math.ceil(total / 100);
    const onLast = (await stack.gql(`{ patients(page: ${last}, pageSize: 100) { ${PAGE_FIELDS} } }`, {}, physician)).body.data.patients;
    expect(onLast).toMatchObject({ count: total - (last - 1) * 100, next: null, totalCount: total, totalCountExact: true, nextCursor: null });
    const past = (await stack.gql(`{ patients(page: ${last + 5}, pageSize: 100) { ${PAGE_FIELDS} } }`, {}, physician)).body.data.patients;
    expect(past).toMatchObject({ count: 0, next: null, previous: last, totalCount: total, totalCountExact: true });
  });

  it("counts a narrow search exactly", async () => {
    const res = await stack.gql(`{ patients(search: "ZZ-2020-01000", pageSize: 5) { ${PAGE_FIELDS} } }`, {}, physician);
    expect(res.body.data.patients).toMatchObject({ count: 5, next: 2, totalCount: 10, totalCountExact: true });
  });
});
