import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

/**
 * Purchase order lines are validated as nested input (spec, "Purchase order create request"): every bad
 * line answers 400 with its field named by index (`items.N.field`, as sales lines are), every problem of
 * the request at once, and nothing is created. Types the schema coerces (a fractional quantity, a price
 * that is not a decimal string) are refused by the bridge before the service looks, each on its line too.
 */

let stack: Stack;
let pharmacist: string;
const orders = "/api/v1/procurement/purchase-orders/";

function kampalaDay(days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Catalog medicines (subgraphs/pharmacy/inventory/medications/medications.json), not controlled. */
const CODES = ["11289", "1191", "6809", "36567", "83367", "32968", "7646", "2551", "4053", "3407", "4603", "5487", "9997", "2002"];

async function ordersOf(supplierId: string): Promise<number> {
  const res = await stack.rest("GET", `${orders}?supplier=${supplierId}&page_size=100`, { token: pharmacist });
  expect(res.body.next).toBeNull();
  return res.body.count;
}

let seq = 0;
async function newSupplier(extra: Record<string, unknown> = {}): Promise<{ id: string; code: string }> {
  const res = await stack.rest("POST", "/api/v1/procurement/suppliers/", { token: pharmacist, body: { name: `Lines Wholesale ${++seq}`, code: `LIN-${seq}`, ...extra } });
  expect(res.status).toBe(201);
  return res.body;
}

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "kla-pharmacist" });
});
afterAll(() => stack?.stop());

type Line = Record<string, unknown>;
/** One generated line and what the API must say about it: `service` errors, or `coercion` errors (checked first). */
interface Case {
  line: Line;
  service: string[];
  coercion: string[];
}

describe("purchase order lines", () => {
  it("answers every generated bad order with 400 naming each bad line's fields by index, all at once, and creates nothing", async () => {
    let state = 4242;
    /** mulberry32: a small seeded generator in 32-bit integer arithmetic. */
    const rand = (n: number) => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const pick = <T>(xs: readonly T[]) => xs[rand(xs.length)];
    const supplier = await newSupplier();
    const inactive = await newSupplier({ is_active: false });

    /** A line of one kind; `earlier` are the catalog codes already on the order's lines (for duplicates). */
    function generate(earlier: string[], clean: boolean): Case {
      const good = { medication_code: pick(CODES.filter((c) => !earlier.includes(c))), quantity: 1 + rand(500), unit_price: `${1 + rand(9000)}.${String(rand(100)).padStart(2, "0")}` };
      switch (clean ? -1 : rand(16)) {
        case 0:
          return earlier.length ? { line: { ...good, medication_code: pick(earlier) }, service: ["medication_code"], coercion: [] } : { line: good, service: [], coercion: [] };
        case 1:
          return { line: { ...good, medication_code: pick(["999999999", "amoxicillin", "local:nothing", "LOCAL:PETHIDINE"]) }, service: ["medication_code"], coercion: [] };
        case 2:
          return { line: { ...good, medication_code: pick(["", "   ", "9".repeat(65)]) }, service: ["medication_code"], coercion: [] };
        case 3:
          return { line: { ...good, quantity: pick([0, -1, -250, 1_000_001, 2_147_483_647]) }, service: ["quantity"], coercion: [] };
        case 4:
          return { line: { ...good, unit_price: pick(["0", "0.00", "-5.00", "-0.01"]) }, service: ["unit_price"], coercion: [] };
        case 5:
          return { line: { ...good, unit_price: pick(["1.005", "12.999"]) }, service: ["unit_price"], coercion: [] };
        case 6:
          return { line: { ...good, quantity: 0, unit_price: "-1.00", medication_code: "nope" }, service: ["medication_code", "quantity", "unit_price"], coercion: [] };
        case 7:
          return { line: { ...good, quantity: pick([2.5, "3", true, null, 1e12]) }, service: [], coercion: ["quantity"] };
        case 8:
          return { line: { ...good, unit_price: pick(["abc", "1e3", "1,000", " 12.00", 12.5, null]) }, service: [], coercion: ["unit_price"] };
        case 9: {
          const { medication_code: _m, ...rest } = good;
          return { line: rest, service: [], coercion: ["medication_code"] };
        }
        default:
          return { line: good, service: [], coercion: [] };
      }
    }

    let created = 0;
    for (let round = 0; round < 60; round++) {
      const cases: Case[] = [];
      const earlier: string[] = [];
      const clean = rand(4) === 0; // now and then an order whose lines are all good
      for (let k = 0, n = 1 + rand(6); k < n; k++) {
        const c = generate(earlier, clean);
        cases.push(c);
        // A catalog code counts as ordered even when the line's quantity or price is wrong.
        if (CODES.includes(c.line.medication_code as string) && !c.service.includes("medication_code")) earlier.push(c.line.medication_code as string);
      }
      const body: Record<string, unknown> = { supplier: supplier.id, items: cases.map((c) => c.line), expected_delivery: kampalaDay(3) };
      const top: string[] = [];
      switch (rand(8)) {
        case 0:
          body.supplier = pick(["NO-SUCH-SUPPLIER", inactive.code, "   ", "X".repeat(65)]);
          top.push("supplier");
          break;
        case 1:
          body.expected_delivery = kampalaDay(-1);
          top.push("expected_delivery");
          break;
        case 2:
          body.notes = "n".repeat(2001);
          top.push("notes");
          break;
      }
      const coercion = cases.flatMap((c, i) => c.coercion.map((f) => `items.${i}.${f}`));
      const service = [...top, ...cases.flatMap((c, i) => c.service.map((f) => `items.${i}.${f}`))];
      const expected = (coercion.length ? coercion : service).sort();
      const res = await stack.rest("POST", orders, { token: pharmacist, body });
      const context = JSON.stringify({ round, body: { ...body, notes: body.notes ? "…" : undefined }, answer: res.body });
      if (expected.length === 0) {
        expect(res.status, context).toBe(201);
        created++;
        continue;
      }
      expect(res.status, context).toBe(400);
      expect(res.body.error.code, context).toBe("BAD_USER_INPUT");
      expect(Object.keys(res.body.error.fields).sort(), context).toEqual(expected);
      for (const messages of Object.values(res.body.error.fields) as string[][]) expect(messages.every((m) => typeof m === "string" && m.length > 0)).toBe(true);
    }
    expect(created).toBeGreaterThan(3);
    expect(await ordersOf(supplier.id)).toBe(created);
  });

  it("refuses an order of more than 200 lines on items, and names the duplicates, creating nothing", async () => {
    const supplier = await newSupplier();
    const items = Array.from({ length: 201 }, (_, i) => ({ medication_code: CODES[i % CODES.length], quantity: 1, unit_price: "1.00" }));
    const res = await stack.rest("POST", orders, { token: pharmacist, body: { supplier: supplier.id, items, expected_delivery: kampalaDay(1) } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.items).toEqual(["must contain at most 200 items"]);
    expect(res.body.error.fields[`items.${CODES.length}.medication_code`]).toEqual(["is already ordered on line 0; order each medication once"]);
    expect(Object.keys(res.body.error.fields)).toHaveLength(1 + 201 - CODES.length);
    expect(await ordersOf(supplier.id)).toBe(0);
  });

  it("names the same lines over GraphQL, on the camelCase paths", async () => {
    const supplier = await newSupplier();
    const mutation = `mutation($input: CreatePurchaseOrderInput!) { createPurchaseOrder(input: $input) { id } }`;
    const res = await stack.gql(
      mutation,
      {
        input: {
          supplier: supplier.id,
          expectedDelivery: kampalaDay(1),
          items: [
            { medicationCode: "723", quantity: 5, unitPrice: "10.00" },
            { medicationCode: "723", quantity: 0, unitPrice: "0.001" },
            { medicationCode: "", quantity: 2, unitPrice: "-3" },
          ],
        },
      },
      pharmacist,
    );
    expect(res.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(Object.keys(res.body.errors[0].extensions.fields).sort()).toEqual(["items.1.medicationCode", "items.1.quantity", "items.1.unitPrice", "items.2.medicationCode", "items.2.unitPrice"]);
    expect(await ordersOf(supplier.id)).toBe(0);
  });
});
