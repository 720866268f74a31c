import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { pdfText, saleBody } from "./pharmacy-pos-helpers.js";

/**
 * What the till may sell and what it shows (through REST, real servers): controlled medicines are
 * never sold over the counter, a product's stock figure is what may be sold, receipts print the
 * pharmacy's local time.
 */

let stack: Stack;
let pharmacist: string;
let cashier: string;
const productsPath = "/api/v1/pharmacy/sales/products/";
const stockPath = "/api/v1/pharmacy/inventory/stock/";
const movementsPath = "/api/v1/pharmacy/inventory/movements/";
const tx = "/api/v1/pharmacy/sales/transactions/";
const db = () => stack.server.database!.db;

function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The pharmacy's stock item of a medication code, created (with units) when the demo does not stock it. */
async function medicationItem(code: string, quantity = 20): Promise<{ id: string; quantity: number }> {
  const found = await stack.rest("GET", `${stockPath}?medication_code=${encodeURIComponent(code)}`, { token: pharmacist });
  if (found.body.results[0]) return found.body.results[0];
  const medication = await stack.rest("GET", `/api/v1/pharmacy/inventory/medications/${encodeURIComponent(code)}/`, { token: pharmacist });
  if (medication.status !== 200 || !medication.body.controlled) {
    const created = await stack.rest("POST", stockPath, { token: pharmacist, body: { name: `Medicine ${code}`, medication_code: code, quantity, lot_number: `LOT-${code}`, expiry_date: dayFromToday(365) } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  }
  // A controlled medicine's item opens at 0; its units come in with their register receipt.
  const created = await stack.rest("POST", stockPath, { token: pharmacist, body: { name: `Medicine ${code}`, medication_code: code, quantity: 0 } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const entry = await stack.rest("POST", "/api/v1/drug-safety/controlled-register/", { token: pharmacist, body: { medication_code: code, transaction_type: "receipt", quantity, witness: "S. Nakato" } });
  expect(entry.status, JSON.stringify(entry.body)).toBe(201);
  const receipt = await stack.rest("POST", movementsPath, { token: pharmacist, body: { inventory_item: created.body.id, movement_type: "receipt", quantity, lot_number: `LOT-${code}`, expiry_date: dayFromToday(365), reference_type: "controlled_register", reference_id: entry.body.id } });
  expect(receipt.status, JSON.stringify(receipt.body)).toBe(201);
  return { id: created.body.id, quantity };
}

const productCount = async () => (await stack.rest("GET", `${productsPath}?page_size=1`, { token: pharmacist })).body.count as number;
const itemQuantity = async (code: string) => (await stack.rest("GET", `${stockPath}?medication_code=${encodeURIComponent(code)}`, { token: pharmacist })).body.results[0].quantity as number;
const movementsOf = async (transactionId: string) => (await stack.rest("GET", `${movementsPath}?reference_type=transaction&reference_id=${transactionId}`, { token: pharmacist })).body.results as unknown[];
const chargesOf = async (transactionId: string) => (await stack.rest("GET", `/api/v1/charges/?reference_type=transaction&reference_id=${transactionId}`, { token: pharmacist })).body.results as unknown[];

/** Sale lines of a product, read from the table: a refused sale writes none. */
async function linesOf(productId: string): Promise<number> {
  const result = await db().execute(sql`select count(*)::int as n from pharmacy.transaction_items where product_id = ${productId}`);
  return ((result as unknown as { rows?: { n: number }[] }).rows ?? (result as unknown as { n: number }[]))[0].n;
}

/** A product linked to a stock item by a row written before such links were refused ("data from before"). */
async function legacyProduct(name: string, itemId: string): Promise<string> {
  const rows = await db().execute(sql`insert into pharmacy.products (pharmacy_id, name, category, retail_price, inventory_item_id) values (${KAMPALA}, ${name}, 'analgesic', '300.00', ${itemId}) returning id`);
  return ((rows as unknown as { rows?: { id: string }[] }).rows ?? (rows as unknown as { id: string }[]))[0].id;
}

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "till-rules-pharmacist" });
  cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "till-rules-cashier" });
});
afterAll(() => stack?.stop());

describe("controlled medicines are not sold over the counter", () => {
  // Codeine and tramadol are in the demo stock; morphine, diazepam and pethidine are added: one of each schedule.
  const controlled = [
    { code: "2670", schedule: "1961-II" },
    { code: "10689", schedule: "platform" },
    { code: "7052", schedule: "1961-I" },
    { code: "3322", schedule: "1971-IV" },
    { code: "local:pethidine", schedule: "1961-I" },
  ];

  it("refuses a product linked to a controlled medicine's stock (400 on inventory_item naming the schedule), and writes nothing", async () => {
    for (const { code, schedule } of controlled) {
      const item = await medicationItem(code);
      const before = await productCount();
      const res = await stack.rest("POST", productsPath, { token: pharmacist, body: { name: `Controlled ${code}`, category: "analgesic", retail_price: "300.00", inventory_item: item.id } });
      expect(res.status, code).toBe(400);
      expect(res.body.error.fields.inventory_item, code).toEqual([expect.stringContaining(`schedule ${schedule}`)]);
      expect(res.body.error.fields.inventory_item[0]).toMatch(/controlled medicine.*dispensed against a prescription/);
      expect(await productCount()).toBe(before);
    }
    // The same through GraphQL.
    const codeine = await medicationItem("2670");
    const gql = await stack.gql(`mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }`, { i: { name: "Codeine (GraphQL)", category: "analgesic", retailPrice: "300.00", inventoryItem: codeine.id } }, pharmacist);
    expect(gql.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fields: { inventoryItem: [expect.stringContaining("1961-II")] } });
  });

  it("still links a product to a medicine that is not controlled (amoxicillin)", async () => {
    const amoxicillin = await medicationItem("723");
    const res = await stack.rest("POST", productsPath, { token: pharmacist, body: { name: "Amoxicillin 500 mg (linked)", category: "antibiotic", retail_price: "200.00", inventory_item: amoxicillin.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.inventory_item).toBe(amoxicillin.id);
  });

  it("refuses a sale of a product linked to controlled stock before the rule (400 on the line), and writes nothing", async () => {
    for (const code of ["2670", "10689"]) {
      const item = await medicationItem(code);
      const product = await legacyProduct(`Legacy controlled ${code}`, item.id);
      const stockBefore = await itemQuantity(code);
      const res = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product, quantity: 150 }]) });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.fields["items.0.product_id"]).toEqual([expect.stringMatching(/controlled medicine \(schedule .+\).*dispensed against a prescription/)]);
      expect(await linesOf(product)).toBe(0);
      expect(await itemQuantity(code)).toBe(stockBefore);
    }
  });

  it("never recommends such a product at the till", async () => {
    const codeine = await medicationItem("2670");
    const legacy = await legacyProduct("Legacy codeine linctus", codeine.id);
    await db().execute(sql`update pharmacy.products set category = 'till-rules-cough' where id = ${legacy}`);
    const plain = await stack.rest("POST", productsPath, { token: pharmacist, body: { name: "Honey lozenges", category: "till-rules-cough", retail_price: "50.00", stock_quantity: 10 } });
    const other = await stack.rest("POST", productsPath, { token: pharmacist, body: { name: "Ginger lozenges", category: "till-rules-cough", retail_price: "60.00", stock_quantity: 10 } });
    const res = await stack.rest("GET", `/api/v1/pharmacy/sales/ai-recommendations/?product_id=${plain.body.id}&limit=20`, { token: cashier });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = res.body.recommendations.map((r: { product_id: string }) => r.product_id);
    expect(ids).toContain(other.body.id);
    expect(ids).not.toContain(legacy);
  });

  it("refuses to complete a pending sale whose product was linked to controlled stock since (409), and writes nothing", async () => {
    const codeine = await medicationItem("2670");
    const plain = await medicationItem("5640"); // ibuprofen: not controlled
    const product = await legacyProduct("Pain relief tablets (relinked)", plain.id);
    const sale = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product, quantity: 2 }]) });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    await db().execute(sql`update pharmacy.products set inventory_item_id = ${codeine.id} where id = ${product}`);
    const stockBefore = await itemQuantity("2670");

    const done = await stack.rest("POST", `${tx}${sale.body.id}/complete/`, { token: cashier });
    expect(done.status, JSON.stringify(done.body)).toBe(409);
    expect(done.body.error.message).toMatch(/Codeine, a controlled medicine \(schedule 1961-II\)/);
    const after = await stack.rest("GET", `${tx}${sale.body.id}/`, { token: cashier });
    expect(after.body).toMatchObject({ status: "pending", payment_status: "pending" });
    expect(await itemQuantity("2670")).toBe(stockBefore);
    expect(await movementsOf(sale.body.id)).toEqual([]);
    expect(await chargesOf(sale.body.id)).toEqual([]);
  });
});

describe("a product's stock is what may be sold", () => {
  it("stock_quantity leaves out recalled and expired units; quantity_on_hand counts them; the till agrees with it", async () => {
    const code = "7646"; // omeprazole: not in the demo stock
    const item = await medicationItem(code, 60);
    for (const [lot, days, n] of [["OME-A", 200, 30], ["OME-B", 300, 16], ["OME-OLD", -2, 5]] as const) {
      const moved = await stack.rest("POST", movementsPath, { token: pharmacist, body: { inventory_item: item.id, movement_type: "receipt", quantity: n, lot_number: lot, expiry_date: dayFromToday(days), reference_type: "delivery_note", reference_id: `DN-${lot}` } });
      expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    }
    const created = await stack.rest("POST", productsPath, { token: pharmacist, body: { name: "Omeprazole 20 mg (stock figure)", category: "gastro", retail_price: "500.00", inventory_item: item.id } });
    expect(created.status).toBe(201);
    // 60 opening + 46 in date + 5 expired on the shelf; 106 may be sold.
    expect(created.body).toMatchObject({ stock_quantity: 106, quantity_on_hand: 111 });

    // Every lot recalled: nothing may be sold although 111 units are on the shelf.
    const recall = await stack.rest("POST", "/api/v1/drug-safety/recalls/", {
      token: pharmacist,
      body: { medication_code: code, lot_numbers: [], recall_class: "II", reason: "Out of specification", recall_date: dayFromToday(0), issuing_authority: "National Drug Authority", authority_reference: "NDA/RC/TILL-1" },
    });
    expect(recall.status, JSON.stringify(recall.body)).toBe(201);
    const shown = await stack.rest("GET", `${productsPath}${created.body.id}/`, { token: cashier });
    expect(shown.body).toMatchObject({ stock_quantity: 0, quantity_on_hand: 111 });
    const listed = await stack.rest("GET", `${productsPath}?search=${encodeURIComponent("stock figure")}`, { token: cashier });
    expect(listed.body.results[0]).toMatchObject({ stock_quantity: 0, quantity_on_hand: 111 });
    const stock = await stack.rest("GET", `${stockPath}?medication_code=${code}`, { token: pharmacist });
    expect(stock.body.results[0]).toMatchObject({ quantity: 111, sellable_quantity: shown.body.stock_quantity });
    // What the cashier sees is what the till accepts: one unit is refused.
    const sale = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: created.body.id, quantity: 1 }]) });
    expect([400, 409]).toContain(sale.status);
  });

  it("a product's own stock shows the same two figures, and GraphQL serves both", async () => {
    const created = await stack.rest("POST", productsPath, { token: pharmacist, body: { name: "Own stock syrup", category: "cough", retail_price: "100.00", stock_quantity: 9 } });
    expect(created.body).toMatchObject({ stock_quantity: 9, quantity_on_hand: 9 });
    const gql = await stack.gql(`query($id: ID!) { product(id: $id) { stockQuantity quantityOnHand } }`, { id: created.body.id }, cashier);
    expect(gql.body.data.product).toEqual({ stockQuantity: 9, quantityOnHand: 9 });
  });
});

describe("receipts print the pharmacy's local time (Africa/Kampala)", () => {
  // Instants around Kampala's midnight (UTC+3), where a UTC date and the business day disagree.
  const cases = [
    { at: "2026-11-27T00:53:00Z", local: "27 Nov 2026, 03:53 EAT" },
    { at: "2026-11-26T20:59:00Z", local: "26 Nov 2026, 23:59 EAT" },
    { at: "2026-11-26T21:00:00Z", local: "27 Nov 2026, 00:00 EAT" },
    { at: "2026-12-31T21:30:00Z", local: "1 Jan 2027, 00:30 EAT" },
  ];

  it("in the JSON receipt's text and in the PDF, with the zone named and never UTC", async () => {
    const product = await stack.rest("POST", productsPath, { token: pharmacist, body: { name: "Receipt time tablets", category: "test", retail_price: "10.00", stock_quantity: 20 } });
    for (const c of cases) {
      const sale = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product.body.id, quantity: 1 }]) });
      expect((await stack.rest("POST", `${tx}${sale.body.id}/complete/`, { token: cashier })).status).toBe(200);
      await db().execute(sql`update pharmacy.sales_transactions set completed_at = ${c.at}::timestamptz where id = ${sale.body.id}`);

      const receipt = await stack.rest("GET", `${tx}${sale.body.id}/receipt/`, { token: cashier });
      expect(receipt.status).toBe(200);
      expect(receipt.body.text.split("\n")[1], c.at).toBe(`Receipt ${sale.body.transaction_number}  ${c.local}`);
      expect(receipt.body.text).not.toMatch(/UTC/);
      const pdf = await fetch(`${stack.url}${tx}${sale.body.id}/receipt/?format=pdf`, { headers: { authorization: `Bearer ${cashier}` } });
      const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
      expect(text, c.at).toContain(`Date ${c.local}`);
      expect(text).not.toMatch(/UTC/);
    }
  });
});
