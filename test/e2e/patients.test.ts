import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let physician: string;

beforeAll(async () => {
  stack = await startStack();
  physician = await stack.token("physician");
});
afterAll(() => stack?.stop());

describe("patient registry through REST", () => {
  it("lists the first page with the spec's envelope and source", async () => {
    const res = await stack.rest("GET", "/api/v1/uhid/", { token: physician });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["count", "next", "next_cursor", "page", "page_size", "previous", "results", "source"]);
    expect(res.body).toMatchObject({ count: 20, page: 1, page_size: 20, next: 2, previous: null, source: "local_registry" });
    expect(res.body.results[0]).toMatchObject({ uhid: "UG-2024-000001", given_name: expect.any(String), birth_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it("reads every patient by following next until it is null", async () => {
    const seen: string[] = [];
    let page: number | null = 1;
    while (page !== null) {
      const res: { status: number; body: any } = await stack.rest("GET", `/api/v1/uhid/?page=${page}&page_size=15`, { token: physician });
      expect(res.status).toBe(200);
      seen.push(...res.body.results.map((p: { uhid: string }) => p.uhid));
      expect(res.body.previous).toBe(page === 1 ? null : page - 1);
      page = res.body.next;
    }
    expect(seen).toHaveLength(50);
    expect(new Set(seen).size).toBe(50);
  });

  it("clamps page_size above 100 to 100", async () => {
    const res = await stack.rest("GET", "/api/v1/uhid/?page_size=500", { token: physician });
    expect(res.status).toBe(200);
    expect(res.body.page_size).toBe(100);
    expect(res.body.count).toBe(50);
    expect(res.body.next).toBeNull();
  });

  it.each(["101", "500", "2147483647", "2147483648", "99999999999999999999"])("clamps page_size=%s to 100 (past GraphQL's 32-bit Int too)", async (size) => {
    const res = await stack.rest("GET", `/api/v1/uhid/?page_size=${size}`, { token: physician });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.page_size).toBe(100);
  });

  it.each(["2147483648", "99999999999999999999"])("answers page=%s past GraphQL's Int as past the end, not as 'not an integer'", async (page) => {
    const res = await stack.rest("GET", `/api/v1/uhid/?page=${page}`, { token: physician });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ results: [], count: 0, next: null });
  });

  it.each([
    ["/api/v1/uhid/?page=1&page=2", "page"],
    ["/api/v1/uhid/?search=a&search=b", "search"],
    ["/api/v1/drug-safety/interactions/?items=11289&items=10831", "items"],
  ])("refuses a repeated parameter (%s) with 400 naming it, instead of reading only the first", async (path, field) => {
    const token = field === "items" ? await stack.token("pharmacist", { pharmacy: "6a0c1d1e-0000-4000-8000-000000000001" }) : physician;
    const res = await stack.rest("GET", path, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields[field][0]).toMatch(/is given 2 times/);
  });

  it("answers a page past the end with empty results and next null", async () => {
    const res = await stack.rest("GET", "/api/v1/uhid/?page=9", { token: physician });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ results: [], count: 0, page: 9, next: null });
  });

  it.each([
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["page=1.5", "page"],
    ["page_size=0", "page_size"],
    ["page_size=x", "page_size"],
  ])("refuses %s with 400 naming the field", async (query, field) => {
    const res = await stack.rest("GET", `/api/v1/uhid/?${query}`, { token: physician });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("BAD_USER_INPUT");
    expect(Object.keys(res.body.error.fields)).toContain(field);
  });

  it("searches by name or UHID", async () => {
    const res = await stack.rest("GET", "/api/v1/uhid/?search=UG-2024-00004", { token: physician });
    expect(res.status).toBe(200);
    expect(res.body.results.map((p: { uhid: string }) => p.uhid)).toEqual(
      Array.from({ length: 10 }, (_, i) => `UG-2024-00004${i}`),
    );
  });

  it("finds a patient by the full name typed as written: each word matches the UHID or a name, in any order", async () => {
    const nurse = await stack.token("nurse");
    const created = await stack.rest("POST", "/api/v1/uhid/", { token: nurse, body: { given_name: "Nakato", family_name: "Ssekandi-Ochieng'", sex: "female", birth_date: "1991-03-04" } });
    expect(created.status).toBe(201);
    const found = async (search: string) => (await stack.rest("GET", `/api/v1/uhid/?search=${encodeURIComponent(search)}&page_size=100`, { token: physician })).body.results.map((p: { uhid: string }) => p.uhid);
    for (const search of ["Nakato Ssekandi", "ssekandi nakato", "  NAKATO   ochieng'  ", "Nakato, Ssekandi-Ochieng'", `${created.body.uhid} nakato`]) expect(await found(search), search).toContain(created.body.uhid);
    for (const search of ["Nakato Okello", "Ssekandi Grace"]) expect(await found(search), search).not.toContain(created.body.uhid);
    expect(await found("%")).toEqual([]);
  });

  it("registers a patient, then fetches it by UHID", async () => {
    const nurse = await stack.token("nurse");
    const created = await stack.rest("POST", "/api/v1/uhid/", {
      token: nurse,
      body: { uhid: "UG-2026-TEST01", given_name: "Sarah", family_name: "Nantongo", sex: "female", birth_date: "1990-02-28", phone: "+256772000111" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ uhid: "UG-2026-TEST01", given_name: "Sarah", source: "local_registry" });
    const fetched = await stack.rest("GET", "/api/v1/uhid/UG-2026-TEST01/", { token: physician });
    expect(fetched.status).toBe(200);
    expect(fetched.body.family_name).toBe("Nantongo");
    const again = await stack.rest("POST", "/api/v1/uhid/", {
      token: nurse,
      body: { uhid: "UG-2026-TEST01", given_name: "X", family_name: "Y", sex: "male", birth_date: "1990-01-01" },
    });
    expect(again.status).toBe(409);
  });

  it("answers 404 for an unknown UHID", async () => {
    const res = await stack.rest("GET", "/api/v1/uhid/UG-0000-NOPE/", { token: physician });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
  });

  it("refuses the registry to a cashier (403)", async () => {
    const res = await stack.rest("GET", "/api/v1/uhid/", { token: await stack.token("cashier") });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("FORBIDDEN");
  });
});

describe("patient timeline", () => {
  it("returns the spec's timeline object built from stored records", async () => {
    const res = await stack.rest("GET", "/api/v1/patient-timeline/timeline/UG-2024-000001/", { token: physician });
    expect(res.status).toBe(200);
    expect(res.body.uhid).toBe("UG-2024-000001");
    expect(res.body.context_window).toBe("365");
    const { encounters, diagnoses, medications, observations } = res.body.timeline;
    expect(encounters.length).toBeGreaterThan(0);
    expect(Object.keys(encounters[0]).sort()).toEqual(["chief_complaint", "date", "id", "type"]);
    expect(Object.keys(diagnoses[0]).sort()).toEqual(["code", "date", "display"]);
    expect(diagnoses[0].code).toMatch(/^[A-Z]\d\d(\.\d+)?$/);
    expect(Object.keys(medications[0]).sort()).toEqual(["dose", "frequency", "name", "status"]);
    expect(Object.keys(observations[0]).sort()).toEqual(["date", "type", "value"]);
    const dates = encounters.map((e: { date: string }) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("narrows to the requested window", async () => {
    const wide = await stack.rest("GET", "/api/v1/patient-timeline/timeline/UG-2024-000001/?days=3650", { token: physician });
    const narrow = await stack.rest("GET", "/api/v1/patient-timeline/timeline/UG-2024-000001/?days=30", { token: physician });
    expect(narrow.body.context_window).toBe("30");
    const cutoff = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    expect(narrow.body.timeline.encounters.every((e: { date: string }) => e.date >= cutoff)).toBe(true);
    expect(narrow.body.timeline.encounters.length).toBeLessThan(wide.body.timeline.encounters.length);
  });

  it("refuses a window of 0 days", async () => {
    const res = await stack.rest("GET", "/api/v1/patient-timeline/timeline/UG-2024-000001/?days=0", { token: physician });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("days");
  });

  it("lets a patient read their own timeline and no one else's", async () => {
    const patient = await stack.token("patient", { sub: "UG-2024-000002" });
    expect((await stack.rest("GET", "/api/v1/patient-timeline/timeline/UG-2024-000002/", { token: patient })).status).toBe(200);
    expect((await stack.rest("GET", "/api/v1/patient-timeline/timeline/UG-2024-000001/", { token: patient })).status).toBe(403);
  });

  it("answers 404 for an unknown patient", async () => {
    const res = await stack.rest("GET", "/api/v1/patient-timeline/timeline/UG-0000-NOPE/", { token: physician });
    expect(res.status).toBe(404);
  });
});

describe("patient registry through GraphQL", () => {
  it("pages with totalCount and registers through a mutation", async () => {
    const page = await stack.gql(`{ patients(page: 3, pageSize: 20) { count page pageSize next previous totalCount source results { uhid } } }`, {}, physician);
    expect(page.status).toBe(200);
    const p = page.body.data.patients;
    expect(p.totalCount).toBeGreaterThanOrEqual(50);
    expect(p).toMatchObject({ count: p.totalCount - 40, page: 3, next: null, previous: 2, source: "local_registry" });

    const created = await stack.gql(
      `mutation($input: RegisterPatientInput!) { registerPatient(input: $input) { uhid givenName } }`,
      { input: { givenName: "Joseph", familyName: "Okello", sex: "male", birthDate: "1985-07-14" } },
      await stack.token("physician"),
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.registerPatient.uhid).toMatch(/^UG-\d{4}-\d{6}$/);
    const one = await stack.gql(`query($u: ID!) { patient(uhid: $u) { givenName } }`, { u: created.body.data.registerPatient.uhid }, physician);
    expect(one.body.data.patient.givenName).toBe("Joseph");
  });

  it("reports an unknown UHID as NOT_FOUND", async () => {
    const res = await stack.gql(`{ patient(uhid: "UG-0000-NOPE") { uhid } }`, {}, physician);
    expect(res.body.errors[0].extensions.code).toBe("NOT_FOUND");
  });

  it("refuses a bad page with BAD_USER_INPUT and field errors", async () => {
    const res = await stack.gql(`{ patients(page: 0) { count } }`, {}, physician);
    expect(res.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fields: { page: expect.any(Array) } });
  });
});
