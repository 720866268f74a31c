import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GULU, startStack, type Stack } from "../support/stack.js";

/** The demo world a fresh server starts with holds a cold chain and approved master formulas (seed/README.md). */

let stack: Stack;
let admin: string;
const cc = "/api/v1/cold-chain/";

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.token("admin");
}, 120_000);
afterAll(async () => stack?.stop());

interface Unit {
  id: string;
  pharmacy_id: string;
  min_c: number;
  max_c: number;
  stock_items: string[];
  silence_alarm_minutes: number | null;
  silent: boolean;
  in_range: boolean | null;
  open_excursions: number;
}

describe("the demo world's cold chain", () => {
  it("has a refrigerator per pharmacy, in range, with two days of readings and no excursion", async () => {
    const units: Unit[] = (await stack.rest("GET", `${cc}storage-units/?kind=refrigerator&page_size=100`, { token: admin })).body.results;
    expect(new Set(units.map((u) => u.pharmacy_id)).size).toBe(3);
    for (const u of units) {
      expect(u).toMatchObject({ min_c: 2, max_c: 8, stock_items: [], silence_alarm_minutes: null, silent: false, in_range: true, open_excursions: 0 });
      const res = await stack.rest("GET", `${cc}readings/?storage_unit=${u.id}&page_size=100`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.count).toBeGreaterThanOrEqual(90);
      const times = res.body.results.map((r: { recorded_at: string }) => Date.parse(r.recorded_at));
      expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
      // Every 30 minutes over two days: the oldest is 47.5 hours before the newest.
      expect(Math.max(...times) - Math.min(...times)).toBe(47.5 * 3_600_000);
    }
    expect((await stack.rest("GET", `${cc}excursions/`, { token: admin })).body.count).toBe(0);
  });

  it("shows one pharmacy's door-open reading out of range, shorter than the tolerance", async () => {
    const readings = (await stack.rest("GET", `${cc}readings/?pharmacy=${GULU}&page_size=100`, { token: admin })).body.results as { in_range: boolean; temperature_c: number }[];
    const out = readings.filter((r) => !r.in_range);
    expect(out).toHaveLength(1);
    expect(out[0].temperature_c).toBeGreaterThan(8);
  });
});

describe("the demo world's compounding", () => {
  it("lists approved master formulas, written and approved by different pharmacists, with their ingredients", async () => {
    const formulas = (await stack.rest("GET", "/api/v1/compounding/formulas/?status=approved&page_size=100", { token: admin })).body.results as {
      id: string;
      created_by: string;
      approved_by: string;
      ingredients: { stock_code: string; kind: string }[];
    }[];
    expect(formulas.length).toBeGreaterThanOrEqual(2);
    for (const f of formulas) {
      expect(f.approved_by).not.toBe(f.created_by);
      expect(f.ingredients.length).toBeGreaterThan(0);
      for (const i of f.ingredients) expect(i.kind === "medication" ? /^(\d+|local:.+)$/.test(i.stock_code) : i.stock_code.startsWith("excipient:")).toBe(true);
      const listed = await stack.rest("GET", `/api/v1/compounding/ingredients/?formula=${f.id}`, { token: admin });
      expect(listed.body.count).toBe(f.ingredients.length);
    }
  });
});
