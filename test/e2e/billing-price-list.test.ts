import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let cashier: string;
let guluCashier: string;
let service: string;

beforeAll(async () => {
  stack = await startStack();
  cashier = await stack.token("cashier", { pharmacy: KAMPALA });
  guluCashier = await stack.token("cashier", { pharmacy: GULU, sub: "gulu-cashier" });
  service = await stack.token("service");
});
afterAll(() => stack?.stop());

const MBARARA = "6a0c1d1e-0000-4000-8000-000000000003";

/** Exactly the spec's charge request: no price. */
const specCharge = (serviceCode: string, referenceId: string, quantity = 1, pharmacyId: string = KAMPALA) => ({
  patient_uhid: "UG-2024-000001",
  service_code: serviceCode,
  service_description: "as the client names it",
  quantity,
  reference_type: "dispensing",
  reference_id: referenceId,
  pharmacy_id: pharmacyId,
});

describe("billing prices charges from its price list", () => {
  it("accepts exactly the spec's fields and prices an exempt service as list price × quantity", async () => {
    const res = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: specCharge("PHARMACY_DISPENSING_FEE", "disp-1", 3) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ unit_price: "2000.00", tax_amount: "0.00", total_amount: "6000.00", currency: "UGX", price_list_version: expect.any(String), balance_due: "6000.00" });
  });

  it("adds VAT to a taxable service, exactly to the cent", async () => {
    const res = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: specCharge("DELIVERY", "del-1", 3) });
    expect(res.status).toBe(201);
    // 3 × 4000.00 = 12000.00; VAT 18% = 2160.00.
    expect(res.body).toMatchObject({ unit_price: "4000.00", tax_amount: "2160.00", total_amount: "14160.00" });
  });

  it("uses a pharmacy's own price where it differs, and the general price elsewhere", async () => {
    const gulu = await stack.rest("POST", "/api/v1/charges/", { token: guluCashier, body: specCharge("PHARMACY_DISPENSING_FEE", "disp-gulu", 1, GULU) });
    expect(gulu.body).toMatchObject({ unit_price: "1500.00", total_amount: "1500.00" });
    const mbarara = await stack.rest("POST", "/api/v1/charges/", { token: service, body: specCharge("DELIVERY", "del-mbr", 1, MBARARA) });
    expect(mbarara.body).toMatchObject({ unit_price: "3000.00", tax_amount: "540.00", total_amount: "3540.00" });
  });

  it("refuses an unknown service code with 400 naming service_code and pointing at the price list, writing nothing", async () => {
    for (const code of ["NO_SUCH_SERVICE", "pharmacy_dispensing_fee", " DELIVERY"]) {
      const res = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: specCharge(code, `unknown-${code}`) });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(["service_code"]);
      expect(res.body.error.fields.service_code[0]).toContain("/api/v1/billing/services/");
      const list = await stack.rest("GET", `/api/v1/charges/?reference_id=unknown-${encodeURIComponent(code)}`, { token: cashier });
      expect(list.body.results).toEqual([]);
    }
  });

  it("checks a client's unit_price against the list, and takes no amount or other currency for a list-priced service", async () => {
    const same = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: { ...specCharge("PHARMACY_CONSULTATION", "cons-1"), unit_price: "5000.00" } });
    expect(same.status).toBe(201);
    const cheaper = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: { ...specCharge("PHARMACY_CONSULTATION", "cons-2"), unit_price: "1.00" } });
    expect(cheaper.status).toBe(400);
    expect(Object.keys(cheaper.body.error.fields)).toEqual(["unit_price"]);
    const amount = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: { ...specCharge("PHARMACY_CONSULTATION", "cons-3"), amount: "1.00" } });
    expect(amount.status).toBe(400);
    expect(Object.keys(amount.body.error.fields)).toEqual(["amount"]);
    const currency = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: { ...specCharge("PHARMACY_CONSULTATION", "cons-4"), currency: "USD" } });
    expect(currency.status).toBe(400);
    expect(Object.keys(currency.body.error.fields)).toEqual(["currency"]);
  });

  it("prices a sale's charge by the sale's total the pharmacy passes, and only for reference_type transaction", async () => {
    const sale = await stack.rest("POST", "/api/v1/charges/", {
      token: cashier,
      body: { ...specCharge("PHARMACY_OTC_SALE", "sale-1"), reference_type: "transaction", amount: "1180.00" },
    });
    expect(sale.status).toBe(201);
    expect(sale.body).toMatchObject({ total_amount: "1180.00", tax_amount: "0.00", price_list_version: null });
    const notSale = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: { ...specCharge("PHARMACY_OTC_SALE", "sale-2"), amount: "1180.00" } });
    expect(notSale.status).toBe(400);
    expect(Object.keys(notSale.body.error.fields)).toEqual(["reference_type"]);
  });

  it("lists the price list at /api/v1/billing/services/, paginated, by pharmacy and by search", async () => {
    const all = await stack.rest("GET", "/api/v1/billing/services/?page_size=100", { token: cashier });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body).sort()).toEqual(["count", "next", "page", "page_size", "previous", "results"]);
    const codes = new Set(all.body.results.map((r: { service_code: string }) => r.service_code));
    for (const c of ["PHARMACY_DISPENSING_FEE", "PHARMACY_CONSULTATION", "PHARMACY_OTC_SALE", "LAB_MALARIA_RDT", "DELIVERY"]) expect(codes).toContain(c);
    for (const r of all.body.results) expect(r).toMatchObject({ currency: expect.any(String), taxable: expect.any(Boolean), version: expect.any(String), source: expect.any(String) });

    const gulu = await stack.rest("GET", `/api/v1/billing/services/?pharmacy_id=${GULU}&search=dispensing`, { token: cashier });
    expect(gulu.body.results).toHaveLength(1);
    expect(gulu.body.results[0]).toMatchObject({ service_code: "PHARMACY_DISPENSING_FEE", pharmacy_id: GULU, unit_price: "1500.00" });
    const page = await stack.rest("GET", "/api/v1/billing/services/?page_size=2", { token: cashier });
    expect(page.body).toMatchObject({ count: 2, next: 2, previous: null });
  });

  it("serves the same list in GraphQL", async () => {
    const res = await stack.gql(`{ servicePrices(search: "lab", pageSize: 50) { totalCount results { serviceCode unitPrice currency taxable } } }`, {}, cashier);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.servicePrices.results.every((r: { serviceCode: string }) => r.serviceCode.startsWith("LAB_"))).toBe(true);
    expect(res.body.data.servicePrices.totalCount).toBeGreaterThanOrEqual(3);
  });
});
