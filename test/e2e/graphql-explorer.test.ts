import { readFileSync } from "node:fs";
import { Kind, parse, print, visit, type ValueNode } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExplorerApp, loadExampleOperations } from "../../gateway/explorer.js";
import { loadConfig } from "../../lib/config.js";
import { startStack, TEST_SECRET, type Stack } from "../support/stack.js";

let stack: Stack;
// No demo world: the page, its assets and the routing need none (the README test runs the example query,
// which the last test here proves is the same; scripts/check-explorer.ts runs it in a browser).
beforeAll(async () => {
  stack = await startStack({ env: { SEED_DEMO: "false" } });
});
afterAll(() => stack?.stop());

const browser = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

/** Every src= and href= of the page's <script> and <link> elements. */
const assetUrls = (html: string) => [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]);

describe("GET /graphql in a browser", () => {
  it("serves GraphiQL whose scripts and styles all come from this server", async () => {
    const res = await fetch(`${stack.url}/graphql`, { headers: browser });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain("graphiql.min.js");
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    const assets = assetUrls(html);
    expect(assets).toEqual(["/graphiql/graphiql.min.css", "/graphiql/react.production.min.js", "/graphiql/react-dom.production.min.js", "/graphiql/graphiql.min.js"]);
    for (const asset of [...assets, "/graphiql/schema.json"]) {
      const loaded = await fetch(stack.url + asset);
      expect(loaded.status, asset).toBe(200);
      expect(loaded.headers.get("content-type"), asset).toMatch(asset.endsWith(".css") ? /^text\/css/ : asset.endsWith(".json") ? /^application\/json/ : /^application\/javascript/);
      expect((await loaded.arrayBuffer()).byteLength, asset).toBeGreaterThan(1000);
    }
    expect((await fetch(`${stack.url}/graphiql/package.json`)).status).toBe(404);
  });

  it("preloads the example operations as tabs and has a token field", async () => {
    const html = await (await fetch(`${stack.url}/graphql`, { headers: browser })).text();
    const examples = loadExampleOperations();
    expect(examples.map((e) => e.name)).toEqual(expect.arrayContaining(["PatientOverview", "PharmacyProducts", "StockAlerts"]));
    for (const e of examples) expect(html).toContain(`query ${e.name}`);
    expect(html).toContain('<input id="token"');
    expect(html).toContain('authorization: "Bearer " + token');
    // A pasted "Bearer eyJ…" loses its prefix: the served script's own regular expression, run here (a
    // template literal once turned its \\s into "s", so "Bearer x" was sent as "Bearer Bearer x").
    const literal = html.match(/tokenField\.value\.trim\(\)\.replace\((\/.+?\/i), ""\)/)?.[1];
    expect(literal).toBeDefined();
    const prefix = new Function(`return ${literal}`)() as RegExp;
    for (const pasted of ["Bearer eyJ.a.b", "bearer   eyJ.a.b", "BEARER\teyJ.a.b", "eyJ.a.b"]) expect(pasted.replace(prefix, "")).toBe("eyJ.a.b");
  });

  it("gives the schema without introspection through /graphql (the same information as /schema.graphql)", async () => {
    const schema = await (await fetch(`${stack.url}/graphiql/schema.json`)).json();
    expect(schema.__schema.queryType.name).toBe("Query");
    expect(schema.__schema.types.map((t: { name: string }) => t.name)).toContain("Patient");
  });

  it("leaves API calls to the gateway: JSON GET without a token is 401, POST and GET with a query run, CSRF is kept", async () => {
    const anonymous = await fetch(`${stack.url}/graphql`, { headers: { accept: "application/json" } });
    expect(anonymous.status).toBe(401);
    const token = await stack.token("physician");
    const auth = { authorization: `Bearer ${token}` };
    const post = await fetch(`${stack.url}/graphql`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ query: "{ __typename }" }) });
    expect(await post.json()).toEqual({ data: { __typename: "Query" } });
    const get = await fetch(`${stack.url}/graphql?query=${encodeURIComponent("{ __typename }")}`, { headers: { ...browser, ...auth, "apollo-require-preflight": "true" } });
    expect(await get.json()).toEqual({ data: { __typename: "Query" } });
    const simple = await fetch(`${stack.url}/graphql?query=${encodeURIComponent("{ __typename }")}`, { headers: { ...browser, ...auth } });
    expect(simple.status).toBe(400); // Apollo's CSRF rule: a GET needs a non-simple header
    const form = await fetch(`${stack.url}/graphql`, { method: "POST", headers: { ...auth, "content-type": "text/plain" }, body: JSON.stringify({ query: "{ __typename }" }) });
    expect(form.status).toBe(415); // a simple (CSRF-able) content type is refused before Apollo reads it
  });

  it("is linked from /docs", async () => {
    expect(await (await fetch(`${stack.url}/docs`)).text()).toContain('<a href="/graphql">');
  });
});

describe("the explorer in production", () => {
  const ADMIN_TOKEN = "explorer-admin-token-0123456789abcdef0123";
  const production = (env: Record<string, string>) =>
    createExplorerApp({ config: loadConfig({ NODE_ENV: "production", JWT_SECRET: TEST_SECRET, LOG_LEVEL: "silent", ...env }), apiSchemaSdl: "type Query { ping: String }" });

  it("is an operator endpoint like /docs: closed without ADMIN_TOKEN, a Basic prompt, open with it", async () => {
    const closed = production({});
    const open = production({ ADMIN_TOKEN });
    const basic = { authorization: `Basic ${Buffer.from(`ops:${ADMIN_TOKEN}`).toString("base64")}` };
    for (const path of ["/graphql", "/graphiql/graphiql.min.js", "/graphiql/schema.json"]) {
      expect((await closed.request(path, { headers: browser })).status, path).toBe(401);
      const anonymous = await open.request(path, { headers: browser });
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.headers.get("www-authenticate"), path).toMatch(/^Basic realm="operator"/);
      expect((await open.request(path, { headers: { ...browser, ...basic } })).status, path).toBe(200);
    }
    // The API itself is not behind ADMIN_TOKEN: a non-browser request falls through to the gateway.
    expect((await open.request("/graphql", { headers: { accept: "application/json" } })).status).toBe(404);
  });
});

describe("the example operations", () => {
  it("include the README's cross-subgraph query, field for field", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const literal = /"query": ("\{ patient[^\n]*")\n/.exec(readme)?.[1];
    expect(literal, "the README's GraphQL curl example").toBeDefined();
    const example = loadExampleOperations().find((e) => e.name === "PatientOverview")!;
    const variables = JSON.parse(example.variables!) as Record<string, string | number>;
    // The example with its variables written in place, as the README writes them.
    const inlined = visit(parse(example.query), {
      OperationDefinition: (node) => ({ ...node, name: undefined, variableDefinitions: [] }),
      Variable: (node): ValueNode =>
        typeof variables[node.name.value] === "number"
          ? { kind: Kind.INT, value: String(variables[node.name.value]) }
          : { kind: Kind.STRING, value: String(variables[node.name.value]) },
    });
    expect(print(inlined)).toBe(print(parse(JSON.parse(literal!))));
  });
});
