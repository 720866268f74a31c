import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { costLimitWork } from "../../gateway/plugins/limits.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let pharmacist: string;
let nurse: string;
const PRODUCTS = "/api/v1/pharmacy/sales/products/";

beforeAll(async () => {
  stack = await startStack({ env: { BODY_LIMIT_BYTES: "2048" } });
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA });
  nurse = await stack.token("nurse");
});
afterAll(() => stack?.stop());

async function productCount(): Promise<number> {
  const res = await stack.gql(`{ products(pharmacyId: "${KAMPALA}") { totalCount } }`, {}, await stack.token("admin"));
  return res.body.data.products.totalCount;
}

describe("bad input is refused before anything is written", () => {
  it.each([
    ["malformed JSON", { raw: '{"name": "X",', headers: { "content-type": "application/json" } }, undefined],
    ["a JSON array", { body: [1, 2] }, undefined],
    ["missing required fields", { body: { sku: "NEW-1" } }, ["category", "name", "retail_price"]],
    ["wrong types", { body: { name: 5, category: "x", retail_price: "abc", stock_quantity: "ten" } }, ["name", "retail_price", "stock_quantity"]],
    ["an unknown field", { body: { name: "X", category: "y", retail_price: "1.00", discount_ammount: "5" } }, ["discount_ammount"]],
    ["a negative stock quantity", { body: { name: "X", category: "y", retail_price: "1.00", stock_quantity: -1 } }, ["stock_quantity"]],
  ])("%s → 400 with field errors", async (_name, request, fields) => {
    const before = await productCount();
    const res = await stack.rest("POST", PRODUCTS, { token: pharmacist, ...request });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("BAD_USER_INPUT");
    expect(res.body.error.message).toEqual(expect.any(String));
    if (fields) expect(Object.keys(res.body.error.fields).sort()).toEqual(fields);
    expect(await productCount()).toBe(before);
  });

  it("a wrong content type → 415", async () => {
    const res = await stack.rest("POST", PRODUCTS, { token: pharmacist, raw: "name=X", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("a body over the limit → 413", async () => {
    const before = await productCount();
    const res = await stack.rest("POST", PRODUCTS, { token: pharmacist, body: { name: "X".repeat(5000), category: "y", retail_price: "1.00" } });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await productCount()).toBe(before);
  });

  it("nested field errors name the path in snake_case", async () => {
    const res = await stack.rest("POST", "/api/v1/uhid/", { token: nurse, body: { given_name: "A", family_name: "B", sex: "robot", birth_date: "2020-02-30" } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("sex");
    const res2 = await stack.rest("POST", "/api/v1/uhid/", { token: nurse, body: { given_name: "A", family_name: "B", sex: "female", birth_date: "2020-02-30" } });
    expect(res2.status).toBe(400);
    expect(res2.body.error.fields).toEqual({ birth_date: ["is not a calendar date"] });
  });

  it("GraphQL reports wrong variable types as BAD_USER_INPUT", async () => {
    const res = await stack.gql(`mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }`, { i: { name: "X", category: "y", retailPrice: "abc" } }, pharmacist);
    expect(res.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
  });
});

describe("the error body", () => {
  it("is one shape for every status", async () => {
    const cases = [
      await stack.rest("GET", "/api/v1/uhid/"),
      await stack.rest("GET", "/api/v1/uhid/", { token: await stack.token("cashier") }),
      await stack.rest("GET", "/api/v1/uhid/NOPE/", { token: nurse }),
    ];
    expect(cases.map((c) => c.status)).toEqual([401, 403, 404]);
    for (const c of cases) {
      expect(Object.keys(c.body)).toEqual(["error"]);
      expect(c.body.error).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it("echoes a request id", async () => {
    const res = await stack.rest("GET", "/api/v1/uhid/", { token: nurse, headers: { "x-request-id": "trace-123" } });
    expect(res.headers.get("x-request-id")).toBe("trace-123");
  });
});

describe("operation limits", () => {
  // Documents of a few kilobytes: a stack with the default body limit (this file's stack has 2 KB, and
  // /graphql answers 413 above it before any limit here is reached).
  let limits: Stack;
  beforeAll(async () => {
    limits = await startStack();
  });
  afterAll(() => limits?.stop());

  it("refuses an operation nested 30 deep before execution", async () => {
    const deepest = `{ patients { results { timeline { timeline { encounters { id } } } } } }`;
    expect((await limits.gql(deepest, {}, nurse)).status).toBe(200);
    // Our types have no cycles, so only introspection nests 30 deep: ofType { ofType { … } }.
    const nested = `{ __type(name: "Patient") { ${"ofType { ".repeat(30)}name${" }".repeat(30)} } }`;
    const res = await limits.gql(nested, {}, nurse);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/depth/i);
    expect(res.body.errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(res.body.data).toBeUndefined();
  });

  it("refuses an operation that selects too many fields (cost)", async () => {
    // 90 aliases (under the alias limit) × 8 fields each = 720 > 500.
    const selections = Array.from({ length: 90 }, (_, i) => `p${i}: patients(page: ${i + 1}) { count results { uhid givenName familyName sex birthDate } }`);
    const res = await limits.gql(`{ ${selections.join(" ")} }`, {}, nurse);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
  });

  it("costs a repeated document once, and still refuses its bad variables and its excess cost every time", async () => {
    const cheap = `query Cheap($n: Int) { patients(pageSize: $n) { count results { uhid } } }`;
    let before = costLimitWork.computed;
    for (let i = 0; i < 3; i++) expect((await limits.gql(cheap, { n: 2 }, nurse)).status).toBe(200);
    expect(costLimitWork.computed - before).toBe(1);
    const badVariable = await limits.gql(cheap, { n: "two" }, nurse);
    expect(badVariable.status).toBe(400);
    expect(badVariable.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(badVariable.body.errors[0].message).toMatch(/\$n/);

    const selections = Array.from({ length: 90 }, (_, i) => `p${i}: patients(page: ${i + 1}) { count results { uhid givenName familyName sex birthDate } }`);
    const costly = `{ ${selections.join(" ")} }`;
    for (let i = 0; i < 2; i++) expect((await limits.gql(costly, {}, nurse)).body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");

    // @include makes the cost depend on the variables: computed each time, and the skipped half is free.
    const half = Array.from({ length: 40 }, (_, i) => `q${i}: patients(page: ${i + 1}) { count results { uhid givenName familyName sex birthDate } }`);
    const conditional = `query Conditional($more: Boolean!) { ${selections.slice(0, 40).join(" ")} ... @include(if: $more) { ${half.join(" ")} } }`;
    before = costLimitWork.computed;
    expect((await limits.gql(conditional, { more: false }, nurse)).status).toBe(200);
    expect((await limits.gql(conditional, { more: true }, nurse)).body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
    expect(costLimitWork.computed - before).toBe(2);
  });

  it("refuses an operation with 1000 aliases before execution", async () => {
    const aliases = Array.from({ length: 1000 }, (_, i) => `a${i}: patients(pageSize: 1) { count }`).join(" ");
    const res = await limits.gql(`{ ${aliases} }`, {}, nurse);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(res.body.errors[0].message).toMatch(/aliases/i);
    expect(res.body.data).toBeUndefined();
  });
});
