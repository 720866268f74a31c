import { readFileSync } from "node:fs";
import { buildSchema, Kind, parse, validate, visit } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineFragments, loadOperations } from "../../rest-bridge/operations.js";
import { ROUTES } from "../../rest-bridge/routes/index.js";
import { startStack, type Stack } from "../support/stack.js";

const apiSchema = buildSchema(readFileSync(new URL("../../schema/api.graphql", import.meta.url), "utf8"));

describe("the route table", () => {
  it("names operations that validate against the committed API schema", () => {
    const operations = loadOperations();
    for (const route of ROUTES) {
      for (const name of [route.operation, ...(route.variants ?? []).map((v) => v.operation)]) {
        const op = operations.get(name);
        expect(op, `${route.method} ${route.path}: operation ${name}`).toBeDefined();
        const errors = validate(apiSchema, parse(op!.document));
        expect(errors.map((e) => e.message), `${op!.file}`).toEqual([]);
      }
    }
  });

  it("sends each operation alone, its fragment spreads inlined (the gateway walks what it is sent on every request)", () => {
    for (const op of loadOperations().values()) {
      const document = parse(op.document);
      expect(document.definitions.map((d) => d.kind), op.name).toEqual([Kind.OPERATION_DEFINITION]);
      let spreads = 0;
      visit(document, { FragmentSpread: () => void spreads++ });
      expect(spreads, op.name).toBe(0);
    }
    const doc = parse("query Q { a { ...F } } fragment F on A { b { ...G } } fragment G on B { ...F }");
    const fragments = new Map(doc.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
    const query = doc.definitions[0];
    if (query.kind !== Kind.OPERATION_DEFINITION) throw new Error("expected the query first");
    expect(() => inlineFragments(query, fragments, "Q")).toThrow("Q: fragment F spreads itself (F → G → F)");
    expect(() => inlineFragments(query, new Map(), "Q")).toThrow("Q: no fragment named F in its file");
  });

  it("has one row per method and path, every path under /api/v1/ with a trailing slash", () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of ROUTES) expect(r.path).toMatch(/^\/api\/v1\/.*\/$/);
  });
});

describe("GET /openapi.json", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  it("documents every row of the route table", async () => {
    const res = await fetch(`${stack.url}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as any;
    expect(doc.openapi).toBe("3.1.0");
    for (const route of ROUTES) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.operationId).toBe(route.operation);
      expect(op.responses).toHaveProperty(String(route.status ?? 200));
    }
  });

  it("is explorable at /docs from local assets", async () => {
    const page = await fetch(`${stack.url}/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("/openapi.json");
    const bundle = await fetch(`${stack.url}/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toMatch(/javascript/);
    expect((await fetch(`${stack.url}/docs/../package.json`)).status).toBe(404);
  });

  it("describes bodies and paginated answers with the REST field names", async () => {
    const doc = (await (await fetch(`${stack.url}/openapi.json`)).json()) as any;
    const create = doc.paths["/api/v1/pharmacy/sales/products/"].post;
    const body = create.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(expect.arrayContaining(["name", "category", "retail_price"]));
    expect(body.properties.retail_price.type).toBe("string");
    const list = doc.paths["/api/v1/uhid/"].get;
    const envelope = list.responses["200"].content["application/json"].schema;
    expect(Object.keys(envelope.properties)).toEqual(["results", "count", "page", "page_size", "next", "previous", "next_cursor", "source"]);
    expect(envelope.properties.results.items.properties).toHaveProperty("given_name");
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["page", "page_size", "search"]));
  });
});
