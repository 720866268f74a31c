import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { createProduct, saleBody } from "./pharmacy-pos-helpers.js";

let stack: Stack;
let admin: string;
let pharmacist: string;
const PRODUCTS = "/api/v1/pharmacy/sales/products/";
const TRANSACTIONS = "/api/v1/pharmacy/sales/transactions/";

beforeAll(async () => {
  stack = await startStack({ env: { BODY_LIMIT_BYTES: "4096" } });
  admin = await stack.token("admin");
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA });
});
afterAll(() => stack?.stop());

const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

/** Sends bytes as they are (no client-side URL normalisation) and returns the raw answer. */
function rawRequest(text: string): Promise<{ status: number; head: string; body: any }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(stack.server.port, "127.0.0.1");
    let out = "";
    socket.on("data", (d) => (out += d));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, ...rest] = out.split("\r\n\r\n");
      const bodyText = rest.join("\r\n\r\n");
      const chunked = /transfer-encoding: chunked/i.test(head);
      const text = chunked ? bodyText.replace(/^[0-9a-f]+\r\n/, "").replace(/\r\n0\r\n*$/, "") : bodyText;
      resolve({ status: Number(head.split(" ")[1]), head, body: JSON.parse(text) });
    });
    socket.write(text);
    socket.end();
  });
}

describe("one error shape everywhere", () => {
  it.each(["/api/v1/nope/", "/api/v1/pharmacy/sales/nothing-here/", "/nope", "/api/v1/uhid/UG-1/extra/deeper/"])("an unknown path %s → 404 JSON", async (path) => {
    const res = await stack.rest("GET", path, { token: admin });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
  });

  it.each([
    ["DELETE", "/api/v1/uhid/", ["GET", "POST"]],
    ["PUT", "/api/v1/pharmacy/sales/transactions/6a0c1d1e-0000-4000-8000-000000000001/complete/", ["POST"]],
    ["PATCH", "/api/v1/notifications/costs", ["GET"]],
    ["GET", "/api/v1/notifications/send/", undefined],
  ])("%s on a known path %s → 405 with Allow (or the GET row's answer)", async (method, path, allowed) => {
    const res = await stack.rest(method, path, { token: admin });
    if (!allowed) return expect(res.status).toBe(404); // "send" is read as a notification id there
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ error: { code: "METHOD_NOT_ALLOWED", message: expect.any(String) } });
    for (const m of allowed) expect(res.headers.get("allow")).toContain(m);
  });

  it.each(["/api/v1/uhid/%2e%2e/", "/api/v1/uhid/%2E%2e/api/v1/uhid/", "/api/v1/uhid/..%2f..%2fhealthz", "/api/v1/uhid/../uhid/", "/api/v1/%2e/uhid/"])(
    "a dot segment, encoded or not (%s) → 400 JSON",
    async (path) => {
      const res = await rawRequest(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${admin}\r\nConnection: close\r\n\r\n`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(errorShape);
    },
  );

  it("headers over Node's limit → JSON 431 with Connection: close (not a bare status or a reset)", async () => {
    const res = await rawRequest(`GET /api/v1/uhid/ HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${"a".repeat(40_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.head).toMatch(/connection: close/i);
    expect(res.body).toEqual({ error: { code: "HEADERS_TOO_LARGE", message: expect.any(String) } });
  });

  it("a malformed request line or a backslash path → JSON 400", async () => {
    for (const text of ["GARBAGE\r\n\r\n", "GET /api\\v1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"]) {
      const res = await rawRequest(text);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(errorShape);
    }
  });

  it.each([8193, 12_000])("a %i-character bearer token → JSON 401 before any verification, on REST and GraphQL", async (length) => {
    const token = "e".repeat(length);
    const rest = await stack.rest("GET", "/api/v1/uhid/", { token });
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual({ error: { code: "UNAUTHENTICATED", message: expect.stringContaining("8192") } });
    expect(rest.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const gql = await stack.gql("{ __typename }", {}, token);
    expect(gql.status).toBe(401);
  });
});

describe("connections survive error answers", () => {
  /** Two requests through one keep-alive socket: an error answer, then a normal one. */
  async function twoOnOneConnection(first: { method: string; path: string; headers: Record<string, string | number>; body?: Buffer }) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (o: { method: string; path: string; headers: Record<string, string | number>; body?: Buffer }) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port: stack.server.port, agent, method: o.method, path: o.path, headers: o.headers }, (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
        });
        req.on("error", reject);
        if (o.body) req.write(o.body, () => {});
        req.end();
      });
    try {
      const a = await send(first);
      const b = await send({ method: "GET", path: "/api/v1/uhid/?page_size=1", headers: { authorization: `Bearer ${admin}` } });
      return [a, b];
    } finally {
      agent.destroy();
    }
  }

  it.each([
    ["an oversized body with Content-Length (413)", { "content-length": 300_000 }, 413],
    ["an oversized chunked body (413)", { "transfer-encoding": "chunked" }, 413],
    ["a body within the limit without a token (401)", { "content-length": 4000, "x-no-auth": "1" }, 401],
  ])("%s: the next request on the same agent gets a proper answer", async (_name, headers, status) => {
    const { "x-no-auth": noAuth, ...rest } = headers as Record<string, string | number>;
    const size = Number(rest["content-length"] ?? 300_000);
    const [a, b] = await twoOnOneConnection({
      method: "POST",
      path: PRODUCTS,
      headers: { ...rest, "content-type": "application/json", ...(noAuth ? {} : { authorization: `Bearer ${admin}` }) },
      body: Buffer.from(JSON.stringify({ name: "x".repeat(size - 20) }).padEnd(size, " ")),
    });
    expect(a.status).toBe(status);
    expect(a.body).toMatchObject(errorShape);
    // Either the answer said close (the agent opened a new socket) or the socket stayed usable.
    expect(b.status).toBe(200);
    expect(b.body.results).toHaveLength(1);
  });

  it("an error answered before a large body arrived says Connection: close", async () => {
    const socket = net.connect(stack.server.port, "127.0.0.1");
    const head = await new Promise<string>((resolve) => {
      let out = "";
      socket.on("data", (d) => {
        out += d;
        if (out.includes("\r\n\r\n")) resolve(out.split("\r\n\r\n")[0]);
      });
      socket.write(`POST ${PRODUCTS} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${admin}\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"name":"`);
    });
    socket.destroy();
    expect(head).toMatch(/^HTTP\/1.1 413/);
    expect(head).toMatch(/connection: close/i);
  });
});

describe("Object.prototype names are data", () => {
  const names = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"];

  it.each(names)("a top-level %s key → 400 'is not a known field', never 500", async (name) => {
    const res = await stack.rest("POST", PRODUCTS, { token: pharmacist, raw: `{"name":"P","category":"c","retail_price":"1.00",${JSON.stringify(name)}:{"x":1}}`, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(Object.getOwnPropertyDescriptor(res.body.error.fields, name)?.value).toEqual(["is not a known field"]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it.each(names)("a nested items.0.%s key → 400 naming the path", async (name) => {
    const raw = `{"pharmacy_id":"${KAMPALA}","cashier":"c","payment_method":"cash","items":[{"product_id":"6a0c1d1e-0000-4000-8000-000000000009","quantity":1,${JSON.stringify(name)}:1}]}`;
    const res = await stack.rest("POST", TRANSACTIONS, { token: pharmacist, raw, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(Object.getOwnPropertyDescriptor(res.body.error.fields, `items.0.${name}`)?.value).toEqual(["is not a known field"]);
  });

  it("keys inside a free-form JSON object are data (not refused, nothing polluted)", async () => {
    const res = await stack.rest("PUT", "/api/v1/notifications/preferences/UG-2024-000001/", { token: admin, raw: '{"channels":["sms"],"__proto__":{"polluted":true}}', headers: { "content-type": "application/json" } });
    expect(res.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each(names)("GraphQL variables with %s (top level and nested) → a 4xx error, never INTERNAL", async (name) => {
    const input = JSON.parse(`{"name":"P","category":"c","retailPrice":"1.00",${JSON.stringify(name)}:1}`);
    const res = await stack.gql("mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }", { i: input }, pharmacist);
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors[0].extensions.code).not.toBe("INTERNAL");
    const sale = JSON.parse(`{"pharmacyId":"${KAMPALA}","cashier":"c","paymentMethod":"cash","items":[{"productId":"6a0c1d1e-0000-4000-8000-000000000009","quantity":1,${JSON.stringify(name)}:1}]}`);
    const nested = await stack.gql("mutation($i: CreateTransactionInput!) { createSalesTransaction(input: $i) { id } }", { i: sale }, pharmacist);
    expect(nested.status).toBeLessThan(500);
    expect(nested.body.errors[0].extensions.code).not.toBe("INTERNAL");
  });
});

describe("NUL characters are refused at the edge, naming the field", () => {
  it("in a path parameter, a query parameter and a body at any depth (REST)", async () => {
    const path = await stack.rest("GET", "/api/v1/uhid/UG%00X/", { token: admin });
    expect(path.status).toBe(400);
    expect(path.body.error).toMatchObject({ code: "BAD_USER_INPUT", fields: { uhid: [expect.stringContaining("NUL")] } });

    const query = await stack.rest("GET", "/api/v1/uhid/?search=a%00b", { token: admin });
    expect(query.status).toBe(400);
    expect(query.body.error.fields.search).toEqual([expect.stringContaining("NUL")]);

    const body = await stack.rest("POST", TRANSACTIONS, { token: pharmacist, body: saleBody([{ product_id: "6a0c1d1e-0000-4000-8000-000000000009", quantity: 1 }], { notes: "ok\u0000", customer_name: "A\u0000" }) });
    expect(body.status).toBe(400);
    expect(body.body.error.fields).toMatchObject({ notes: [expect.stringContaining("NUL")], customer_name: [expect.stringContaining("NUL")] });

    const nested = await stack.rest("POST", TRANSACTIONS, { token: pharmacist, body: saleBody([{ product_id: "6a0c1d1e-0000-4000-8000-000000000009\u0000", quantity: 1 }]) });
    expect(nested.status).toBe(400);
    expect(nested.body.error.fields["items.0.product_id"]).toContain("must not contain NUL (\\u0000) characters");
  });

  it("in GraphQL variables and inline string literals, before any subgraph runs", async () => {
    const variable = await stack.gql("query($s: String) { patients(search: $s) { totalCount } }", { s: "a\u0000" }, admin);
    expect(variable.status).toBe(400);
    expect(variable.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fields: { s: [expect.stringContaining("NUL")] } });
    const nested = await stack.gql("mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }", { i: { name: "P", category: "c\u0000", retailPrice: "1.00" } }, pharmacist);
    expect(nested.body.errors[0].extensions.fields).toHaveProperty(["i.category"]);
    const literal = await stack.gql('{ patients(search: "a\\u0000") { totalCount } }', {}, admin);
    expect(literal.status).toBe(400);
    expect(literal.body.errors[0].extensions.fields).toHaveProperty(["patients.search"]);
    // GraphQL source may also spell NUL with the braced escape (graphql 16 parses it).
    for (const escape of ["\\u{0}", "\\u{000000}"]) {
      const spelled = await stack.gql(`{ patients(search: "a${escape}") { totalCount } }`, {}, admin);
      expect(spelled.status, escape).toBe(400);
    }
  });
});

describe("request bodies: read-only echoes ignored, unknown fields refused", () => {
  let productId: string;
  beforeAll(async () => {
    productId = await createProduct(stack, { name: "Echo test", retail_price: "1000.00", stock_quantity: 50 });
  });

  it("a sale echoing id, status, totals and its number → 201, and they had no effect", async () => {
    const echoed = { id: "6a0c1d1e-0000-4000-8000-0000000000ff", status: "completed", total_amount: "1.00", subtotal: "1.00", transaction_number: "TXN-FAKE", created_at: "2020-01-01T00:00:00Z" };
    const items = [{ product_id: productId, quantity: 2, line_total: "5.00", unit_price: "1.00" }];
    const res = await stack.rest("POST", TRANSACTIONS, { token: pharmacist, body: saleBody(items, echoed) });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(echoed.id);
    expect(res.body.status).toBe("pending");
    expect(res.body.total_amount).not.toBe("1.00");
    expect(res.body.transaction_number).not.toBe("TXN-FAKE");
    expect(res.body.items[0].line_total).toBe("2000.00");
  });

  it("a misspelt field is still refused, naming it", async () => {
    const res = await stack.rest("POST", TRANSACTIONS, { token: pharmacist, body: saleBody([{ product_id: productId, quantity: 1 }], { discont_amount: "5.00" }) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ discont_amount: ["is not a known field; did you mean discount_amount?"] });
  });

  it("an item that is not an object → 400 naming the fields it should have, their request names, required ones marked", async () => {
    const res = await stack.rest("POST", TRANSACTIONS, { token: pharmacist, body: saleBody([] as never, { items: ["Paracetamol 500mg"] }) });
    expect(res.status).toBe(400);
    const [message] = res.body.error.fields["items.0"];
    expect(message).toMatch(/^must be an object with /);
    expect(message).toContain("product_id");
    expect(message).toMatch(/quantity \(required\)/);
    expect(message).not.toMatch(/productId/);
  });

  it("a field name close to a real one → 400 that names the real one, at any depth, and nothing is written", async () => {
    const before = await stack.rest("GET", TRANSACTIONS, { token: pharmacist });
    const res = await stack.rest("POST", TRANSACTIONS, { token: pharmacist, body: saleBody([{ product_id: productId, quantity: 1, quantiy: 2 } as never], { discount: "500" }) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields["items.0.quantiy"]).toEqual(["is not a known field"]); // quantity is given: not offered
    expect(res.body.error.fields.discount).toEqual(["is not a known field; did you mean discount_amount?"]);
    expect((await stack.rest("GET", TRANSACTIONS, { token: pharmacist })).body.count).toBe(before.body.count);
    const design = await stack.rest("POST", "/api/v1/multi-role/researcher/statistical-test/", { token: admin, body: { outcome_type: "continuous", groups: 3, paired: false, normal: false } });
    expect(design.status).toBe(400);
    expect(design.body.error.fields.normal).toEqual(["is not a known field; did you mean normal_distribution?"]);
  });

  it("a product echoing its own GET answer back is accepted as a new product", async () => {
    const got = await stack.rest("GET", `${PRODUCTS}${productId}/`, { token: pharmacist });
    const { sku: _sku, ...echo } = got.body;
    const res = await stack.rest("POST", PRODUCTS, { token: pharmacist, body: { ...echo, name: "Echo copy" } });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(productId);
  });
});

describe("strict money", () => {
  it.each([1500, 1500.5, "1500.00 ", " 1500", "1 500.00", "1.5e3", "1500,00"])("retail_price %j → 400 asking for a decimal string (REST)", async (price) => {
    const res = await stack.rest("POST", PRODUCTS, { token: pharmacist, body: { name: "M", category: "c", retail_price: price } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.retail_price[0]).toMatch(/decimal string such as "1500.00"/);
  });

  it("GraphQL refuses numbers as variables and as literals, and takes a decimal string", async () => {
    const byVariable = await stack.gql("mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }", { i: { name: "M", category: "c", retailPrice: 1500 } }, pharmacist);
    expect(byVariable.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(byVariable.body.errors[0].message).toMatch(/decimal string/);
    const byLiteral = await stack.gql('mutation { createProduct(input: { name: "M", category: "c", retailPrice: 1500.00 }) { id } }', {}, pharmacist);
    expect(byLiteral.body.errors[0].message).toMatch(/decimal string/);
    const ok = await stack.gql('mutation { createProduct(input: { name: "M", category: "c", retailPrice: "1500.00" }) { retailPrice } }', {}, pharmacist);
    expect(ok.body.data.createProduct.retailPrice).toBe("1500.00");
  });
});
