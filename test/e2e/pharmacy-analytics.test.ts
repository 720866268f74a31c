import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";
import { createProduct, saleBody } from "./pharmacy-pos-helpers.js";

/**
 * A small data set worked by hand (all products VAT exempt):
 *   A 1000.00 (cat-a), B 500.00 (cat-b), C 2000.00 (cat-c), D 300.00 (cat-a, never sold)
 *   sale 1 {A, B} cash 1500 · sale 2 {2A, B} cash 2500 · sale 3 {A, C} mobile money 3000
 *   sale 4 {B} card 500 · sale 5 {A, 2B, C} cash 4000
 *   n = 5; n(A) = 4, n(B) = 4, n(C) = 2; n(A,B) = 3, n(A,C) = 2, n(B,C) = 1
 */
let stack: Stack;
let pharmacist: string;
const ids: Record<"A" | "B" | "C" | "D", string> = { A: "", B: "", C: "", D: "" };
const sales = "/api/v1/pharmacy/sales";

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA });
  const cashier = await stack.token("cashier", { pharmacy: KAMPALA });
  ids.A = await createProduct(stack, { name: "Alpha", retail_price: "1000.00", stock_quantity: 100, tax_exempt: true, category: "cat-a" });
  ids.B = await createProduct(stack, { name: "Beta", retail_price: "500.00", stock_quantity: 100, tax_exempt: true, category: "cat-b" });
  ids.C = await createProduct(stack, { name: "Gamma", retail_price: "2000.00", stock_quantity: 100, tax_exempt: true, category: "cat-c" });
  ids.D = await createProduct(stack, { name: "Delta", retail_price: "300.00", stock_quantity: 100, tax_exempt: true, category: "cat-a" });
  const baskets: [Record<string, number>, string][] = [
    [{ A: 1, B: 1 }, "cash"],
    [{ A: 2, B: 1 }, "cash"],
    [{ A: 1, C: 1 }, "mobile_money"],
    [{ B: 1 }, "card"],
    [{ A: 1, B: 2, C: 1 }, "cash"],
  ];
  for (const [basket, method] of baskets) {
    const items = Object.entries(basket).map(([k, quantity]) => ({ product_id: ids[k as keyof typeof ids], quantity }));
    const t = await stack.rest("POST", `${sales}/transactions/`, { token: cashier, body: saleBody(items, { payment_method: method }) });
    const done = await stack.rest("POST", `${sales}/transactions/${t.body.id}/complete/`, { token: cashier });
    if (done.status !== 200) throw new Error(JSON.stringify(done.body));
  }
  // A pending sale and a cancelled one do not count.
  const pending = await stack.rest("POST", `${sales}/transactions/`, { token: cashier, body: saleBody([{ product_id: ids.D, quantity: 1 }]) });
  await stack.rest("POST", `${sales}/transactions/${pending.body.id}/cancel/`, { token: cashier });
  await stack.rest("POST", `${sales}/transactions/`, { token: cashier, body: saleBody([{ product_id: ids.C, quantity: 1 }]) });
});
afterAll(() => stack?.stop());

describe("sales summary", () => {
  it("adds up revenue, basket, items, top products and payment methods", async () => {
    const res = await stack.rest("GET", `${sales}/analytics/summary/?top=3`, { token: pharmacist });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pharmacy: KAMPALA, revenue: "11500.00", transactions: 5, average_basket: "2300.00", items_sold: 12, tax_collected: "0.00", discounts_given: "0.00" });
    expect(res.body.top_products).toEqual([
      { product_id: ids.A, product_name: "Alpha", quantity: 5, revenue: "5000.00" },
      { product_id: ids.C, product_name: "Gamma", quantity: 2, revenue: "4000.00" },
      { product_id: ids.B, product_name: "Beta", quantity: 5, revenue: "2500.00" },
    ]);
    expect(res.body.by_payment_method).toEqual([
      { payment_method: "card", transactions: 1, revenue: "500.00" },
      { payment_method: "cash", transactions: 3, revenue: "8000.00" },
      { payment_method: "mobile_money", transactions: 1, revenue: "3000.00" },
    ]);
  });

  it("is empty outside the date range", async () => {
    const res = await stack.rest("GET", `${sales}/analytics/summary/?date_from=2020-01-01T00:00:00Z&date_to=2020-02-01T00:00:00Z`, { token: pharmacist });
    expect(res.body).toMatchObject({ revenue: "0.00", transactions: 0, average_basket: "0.00", top_products: [] });
  });

  it("is for pharmacists and auditors, of their own pharmacy", async () => {
    expect((await stack.rest("GET", `${sales}/analytics/summary/`, { token: await stack.token("cashier", { pharmacy: KAMPALA }) })).status).toBe(403);
    expect((await stack.rest("GET", `${sales}/analytics/summary/?pharmacy=${KAMPALA}`, { token: await stack.token("pharmacist", { pharmacy: GULU }) })).status).toBe(403);
    const gulu = await stack.rest("GET", `${sales}/analytics/summary/`, { token: await stack.token("pharmacist", { pharmacy: GULU }) });
    expect(gulu.body.transactions).toBe(0);
  });
});

describe("basket analysis", () => {
  const pairOf = (pairs: any[], x: string, y: string) => pairs.find((p) => new Set([p.product_a, p.product_b]).has(x) && new Set([p.product_a, p.product_b]).has(y));

  it("gives support, confidence and lift of pairs bought together at least twice", async () => {
    const res = await stack.rest("GET", `${sales}/analytics/basket/`, { token: pharmacist });
    expect(res.body).toMatchObject({ transactions_analyzed: 5, min_count: 2 });
    expect(res.body.pairs).toHaveLength(2);
    // Strongest lift first: A–C lift 2·5/(4·2) = 1.25; A–B lift 3·5/(4·4) = 0.9375.
    expect(new Set([res.body.pairs[0].product_a, res.body.pairs[0].product_b])).toEqual(new Set([ids.A, ids.C]));
    const ac = pairOf(res.body.pairs, ids.A, ids.C);
    expect(ac).toMatchObject({ count: 2, support: 0.4, lift: 1.25 });
    expect(ac.product_a === ids.A ? [ac.confidence_a_to_b, ac.confidence_b_to_a] : [ac.confidence_b_to_a, ac.confidence_a_to_b]).toEqual([0.5, 1]);
    expect(pairOf(res.body.pairs, ids.A, ids.B)).toMatchObject({ count: 3, support: 0.6, confidence_a_to_b: 0.75, confidence_b_to_a: 0.75, lift: 0.9375 });
  });

  it("includes rarer pairs with min_count=1", async () => {
    const res = await stack.rest("GET", `${sales}/analytics/basket/?min_count=1`, { token: pharmacist });
    expect(pairOf(res.body.pairs, ids.B, ids.C)).toMatchObject({ count: 1, support: 0.2, lift: 0.625 });
  });
});

describe("AI recommendations", () => {
  it("recommends what is bought with a product, by confidence, then category best sellers", async () => {
    const cashier = await stack.token("cashier", { pharmacy: KAMPALA });
    const res = await stack.rest("GET", `${sales}/ai-recommendations/?product_id=${ids.A}&limit=3`, { token: cashier });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ basket: [ids.A], transactions_analyzed: 5 });
    expect(res.body.recommendations.map((r: { product_id: string }) => r.product_id)).toEqual([ids.B, ids.C, ids.D]);
    expect(res.body.recommendations[0]).toMatchObject({ source: "association_rule", support: 0.6, confidence: 0.75, lift: 0.9375, reason: "Bought with Alpha in 3 of 4 sales (confidence 75%, lift 0.94)" });
    expect(res.body.recommendations[1]).toMatchObject({ source: "association_rule", support: 0.4, confidence: 0.5, lift: 1.25 });
    expect(res.body.recommendations[2]).toMatchObject({ source: "category_best_seller", category: "cat-a", reason: "Also in cat-a" });
  });

  it("falls back to the pharmacy's best sellers when rules are too rare", async () => {
    const cashier = await stack.token("cashier", { pharmacy: KAMPALA });
    const res = await stack.rest("GET", `${sales}/ai-recommendations/?product_id=${ids.C}&limit=2`, { token: cashier });
    expect(res.body.recommendations).toEqual([
      expect.objectContaining({ product_id: ids.A, source: "association_rule", confidence: 1, lift: 1.25 }),
      expect.objectContaining({ product_id: ids.B, source: "category_best_seller", units_sold: 5, reason: "Best seller in this pharmacy: 5 units in the last 180 days" }),
    ]);
  });

  it("takes a basket and refuses a product of another pharmacy", async () => {
    const cashier = await stack.token("cashier", { pharmacy: KAMPALA });
    const res = await stack.rest("GET", `${sales}/ai-recommendations/?basket=${ids.A},${ids.B}&limit=1`, { token: cashier });
    expect(res.body.recommendations).toEqual([expect.objectContaining({ product_id: ids.C, confidence: 0.5 })]);
    const gulu = await stack.token("cashier", { pharmacy: GULU });
    expect((await stack.rest("GET", `${sales}/ai-recommendations/?product_id=${ids.A}`, { token: gulu })).status).toBe(400);
  });
});

describe("demand forecasts", () => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala" }).format(new Date());

  it("fits Holt's smoothing to daily sales, persists it and lists it", async () => {
    // History of 7 days ending today: 0,0,0,0,0,0,5 units of A. With α = β = 0.5: ℓ = 2.5, b = 1.25,
    // forecasts 3.75, 5, 6.25; one-step errors are 0 except the last (5), so SSE = 25.
    const made = await stack.rest("POST", `${sales}/analytics/forecast/`, {
      token: pharmacist,
      body: { product_ids: [ids.A], horizon_days: 3, history_days: 7, history_end: today, alpha: 0.5, beta: 0.5 },
    });
    expect(made.status).toBe(201);
    expect(made.body).toHaveLength(1);
    expect(made.body[0]).toMatchObject({ product: ids.A, method: "holt_linear", parameters: { alpha: 0.5, beta: 0.5, level: 2.5, trend: 1.25, sse: 25 }, history_to: today, horizon_days: 3 });
    expect(made.body[0].forecast.map((f: { quantity: number }) => f.quantity)).toEqual([3.75, 5, 6.25]);

    const auto = await stack.rest("POST", `${sales}/analytics/forecast/`, { token: pharmacist, body: { history_end: today, history_days: 14 } });
    expect(auto.body.map((f: { product: string }) => f.product).sort()).toEqual([ids.A, ids.B, ids.C].sort());

    const listed = await stack.rest("GET", `${sales}/analytics/forecast/?product_id=${ids.A}`, { token: pharmacist });
    expect(listed.body.results).toHaveLength(2);
    expect(listed.body.results[1].id).toBe(made.body[0].id);
  });

  it.each([
    ["2026-04-31", /calendar date/],
    ["2026-02-29", /calendar date/],
    ["not-a-date", /date/],
  ])("refuses history_end %s (400, nothing stored)", async (historyEnd, message) => {
    const res = await stack.rest("POST", `${sales}/analytics/forecast/`, { token: pharmacist, body: { product_ids: [ids.A], history_days: 7, history_end: historyEnd } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.history_end[0]).toMatch(message);
  });

  it("refuses a history that ends in the future (fitted on days that have not happened)", async () => {
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const res = await stack.rest("POST", `${sales}/analytics/forecast/`, { token: pharmacist, body: { product_ids: [ids.A], history_days: 7, history_end: tomorrow } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.history_end[0]).toMatch(/or earlier/);
  });

  it("lets auditors read forecasts but not make them (auditors are read-only)", async () => {
    const auditor = await stack.token("auditor", { pharmacy: KAMPALA, sub: "auditor-forecasts" });
    const before = await stack.rest("GET", `${sales}/analytics/forecast/?pharmacy=${KAMPALA}`, { token: auditor });
    expect(before.status).toBe(200);
    const res = await stack.rest("POST", `${sales}/analytics/forecast/`, { token: auditor, body: { history_end: today, history_days: 14 } });
    expect(res.status).toBe(403);
    const after = await stack.rest("GET", `${sales}/analytics/forecast/?pharmacy=${KAMPALA}`, { token: auditor });
    expect(after.body.results.length).toBe(before.body.results.length);
  });

  it("refuses bad parameters", async () => {
    const res = await stack.rest("POST", `${sales}/analytics/forecast/`, { token: pharmacist, body: { alpha: 1.5, beta: 0.5 } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.alpha).toBeDefined();
  });
});
