import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let pharmacist: string;
let nurse: string;
const path = "/api/v1/pharmacy/inventory/medications/";

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA });
  nurse = await stack.token("nurse");
});
afterAll(() => stack?.stop());

describe("medication catalog (GET /api/v1/pharmacy/inventory/medications/)", () => {
  it("lists the catalog by generic name in the spec's page envelope, paging through every entry once", async () => {
    const first = await stack.rest("GET", `${path}?page_size=10`, { token: pharmacist });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["count", "next", "page", "page_size", "previous", "results"]);
    expect(first.body).toMatchObject({ count: 10, page: 1, page_size: 10, next: 2, previous: null });
    const names: string[] = [];
    for (let page = 1; ; page++) {
      const res = await stack.rest("GET", `${path}?page_size=10&page=${page}`, { token: nurse });
      names.push(...res.body.results.map((m: { generic_name: string }) => m.generic_name));
      if (!res.body.next) break;
    }
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toEqual(expect.arrayContaining(["Furosemide", "Allopurinol", "Carbamazepine", "Hydrochlorothiazide", "Atorvastatin", "Tenofovir disoproxil", "Amoxicillin", "Codeine", "Tramadol"]));
    const past = await stack.rest("GET", `${path}?page=99`, { token: pharmacist });
    expect(past.body).toMatchObject({ results: [], next: null });
  });

  it("searches names and synonyms, and filters by ATC prefix, schedule, cold chain, essential status and form", async () => {
    const q = async (query: string) => (await stack.rest("GET", `${path}?${query}`, { token: pharmacist })).body.results.map((m: { code: string }) => m.code);
    expect(await q("search=frusemide")).toEqual(["4603"]);
    expect(await q("search=acetaminophen")).toEqual(["local:paracetamol"]);
    expect(await q("atc=C03")).toEqual(["4603", "5487", "9997"]);
    expect(await q("schedule=1961-I")).toEqual(expect.arrayContaining(["7052", "local:pethidine"]));
    expect(await q("schedule=1961-I")).not.toContain("3322");
    const cold = await stack.rest("GET", `${path}?cold_chain=true`, { token: pharmacist });
    expect(cold.body.results.map((m: { code: string }) => m.code).sort()).toEqual(["local:insulin-human", "local:oxytocin"]);
    expect(cold.body.results[0]).toMatchObject({ cold_chain: true, storage_min_c: 2, storage_max_c: 8, storage_source: expect.stringMatching(/\S/) });
    const controlled = await stack.rest("GET", `${path}?controlled=true&form=injection`, { token: pharmacist });
    expect(controlled.body.results.every((m: { controlled: boolean; dosage_form: string }) => m.controlled && m.dosage_form === "injection")).toBe(true);
    expect(controlled.body.results.length).toBeGreaterThan(0);
    const notEssential = await q("essential=false&page_size=100");
    expect(notEssential).toContain("10689");
    expect(notEssential).not.toContain("4603");
  });

  it("answers one medicine with its sources, and 404 for a code the catalog does not list", async () => {
    const res = await stack.rest("GET", `${path}2670/`, { token: pharmacist });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: "2670",
      rxcui: "2670",
      code_system: "RxNorm",
      generic_name: "Codeine",
      controlled: true,
      schedule: "1961-II",
      schedule_source: expect.stringContaining("Single Convention"),
      max_quantity_per_prescription: expect.any(Number),
      source: expect.stringContaining("CPIC"),
      catalog_version: expect.stringMatching(/^\d{4}\.\d{2}\.\d+$/),
    });
    const missing = await stack.rest("GET", `${path}99999999/`, { token: pharmacist });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("NOT_FOUND");
  });

  it("refuses bad filters with a 400 naming the field", async () => {
    const bad = await stack.rest("GET", `${path}?schedule=IX`, { token: pharmacist });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.schedule).toBeDefined();
    const atc = await stack.rest("GET", `${path}?atc=C03%3B--`, { token: pharmacist });
    expect(atc.status).toBe(400);
    expect(atc.body.error.fields.atc).toBeDefined();
    const unknown = await stack.rest("GET", `${path}?colour=red`, { token: pharmacist });
    expect(unknown.status).toBe(400);
  });

  it("is the same catalog through GraphQL", async () => {
    const res = await stack.gql(`{ medication(code: "723") { genericName atcCode whoEml2023 } medications(controlled: true, pageSize: 100) { totalCount } }`, {}, pharmacist);
    expect(res.body.data.medication).toEqual({ genericName: "Amoxicillin", atcCode: "J01CA04", whoEml2023: true });
    expect(res.body.data.medications.totalCount).toBeGreaterThanOrEqual(9);
  });
});
