import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

// Counter search on the OTC products and the medication catalog (docs/decisions/pharmacy.md, "Catalog search",
// 2026-11-28): brands, abbreviations, misspellings and strengths, best match first, in the page envelope.
let stack: Stack;
let cashier: string;
let pharmacist: string;
const PRODUCTS = "/api/v1/pharmacy/sales/products/";
const MEDICATIONS = "/api/v1/pharmacy/inventory/medications/";

beforeAll(async () => {
  stack = await startStack();
  cashier = await stack.token("cashier", { pharmacy: KAMPALA });
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA });
});
afterAll(() => stack?.stop());

const skus = async (q: string, extra = "") => {
  const res = await stack.rest("GET", `${PRODUCTS}?search=${encodeURIComponent(q)}${extra}`, { token: cashier });
  expect(res.status).toBe(200);
  return res.body.results.map((p: { sku: string }) => p.sku) as string[];
};
const codes = async (q: string) => {
  const res = await stack.rest("GET", `${MEDICATIONS}?search=${encodeURIComponent(q)}`, { token: pharmacist });
  expect(res.status).toBe(200);
  return res.body.results.map((m: { code: string }) => m.code) as string[];
};

describe("pharmacy counter search through REST", () => {
  it("finds OTC products by brand, misspelling, variant spelling and SKU typed without its dash", async () => {
    expect(await skus("hedex")).toEqual(["PCM-500-10"]);
    expect(await skus("ibuprufen 200mg")).toEqual(["IBU-200-10"]);
    expect(await skus("cetirizin 10 mg")).toEqual(["CTZ-10-10"]);
    expect(await skus("insecticide net")).toEqual(["LLIN-1"]);
    expect(await skus("VTC500")).toEqual(["VTC-500-30"]);
  });

  it("shows no product for a medicine the till does not sell, and keeps the literal % search", async () => {
    expect(await skus("septrin")).toEqual([]);
    expect(await skus("amoxicillin 250")).toEqual([]);
    expect(await skus("%")).toEqual([]);
  });

  it("pages ranked product matches without repeats and counts them all", async () => {
    const first = await stack.rest("GET", `${PRODUCTS}?search=tablets&page_size=2`, { token: cashier });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: expect.any(Number), next: 2, previous: null });
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const res = await stack.rest("GET", `${PRODUCTS}?search=tablets&page_size=2&page=${page}`, { token: cashier });
      seen.push(...res.body.results.map((p: { sku: string }) => p.sku));
      if (!res.body.next) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(7);
    expect(seen).toContain("FOL-5-30");
    expect(await skus("tablets", "&category=analgesics")).toEqual(["IBU-200-10", "PCM-500-10"]);
  });

  it("finds catalog medicines by brand, misspelling and abbreviation, not a combination's ingredient", async () => {
    expect((await codes("Tegretol 200"))[0]).toBe("2002");
    expect((await codes("furosemid"))[0]).toBe("4603");
    expect((await codes("spironolacton"))[0]).toBe("9997");
    expect(await codes("kaletra")).toEqual([]);
    expect(await codes("augmentin 625mg")).toEqual([]);
  });

  it("answers the same search through GraphQL", async () => {
    const res = await stack.gql(`{ medications(search: "prozac") { results { code } } }`, {}, pharmacist);
    expect(res.body.data.medications.results).toEqual([{ code: "4493" }]);
  });
});
