// A legacy client spells query booleans as Python or a checkbox does ("True", "on"): Django REST Framework's
// BooleanField takes them (docs/decisions/rest-contract.md, session 22). Inputs are not the blind set's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let pharmacist: string;
const PRODUCTS = "/api/v1/pharmacy/sales/products/";

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "boolean-pharmacist" });
});
afterAll(() => stack?.stop());

describe("a query boolean is read in the spellings Django REST Framework takes", () => {
  const ids = async (qs: string) => {
    const res = await stack.rest("GET", `${PRODUCTS}?page_size=100&${qs}`, { token: pharmacist });
    expect(res.status).toBe(200);
    return res.body.results.map((p: { id: string }) => p.id);
  };

  it.each([
    ["is_active=TRUE", "is_active=true"],
    ["is_active=yes", "is_active=true"],
    ["is_active=on", "is_active=true"],
    ["is_active=False", "is_active=false"],
    ["is_active=n", "is_active=false"],
    ["is_active=OFF", "is_active=false"],
  ])("%s answers as %s", async (spelled, canonical) => {
    expect(await ids(spelled)).toEqual(await ids(canonical));
  });

  it("a word that is no boolean is still a 400 naming the parameter", async () => {
    const res = await stack.rest("GET", `${PRODUCTS}?is_active=maybe`, { token: pharmacist });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.is_active).toEqual(["must be true or false"]);
  });
});
