import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { buildSchema, introspectionFromSchema, Kind, parse } from "graphql";
import { Hono, type Context } from "hono";
import type { Config } from "../lib/config.js";
import { requireOperatorToken } from "../lib/operator-auth.js";

/** The explorer's files ship in npm packages (GraphiQL's browser build, React's UMD builds): nothing is fetched from a CDN. */
const resolvePackage = (name: string) => dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
const ASSETS: Record<string, { file: string; type: string }> = {
  "graphiql.min.css": { file: join(resolvePackage("graphiql"), "graphiql.min.css"), type: "text/css; charset=utf-8" },
  "graphiql.min.js": { file: join(resolvePackage("graphiql"), "graphiql.min.js"), type: "application/javascript; charset=utf-8" },
  "react.production.min.js": { file: join(resolvePackage("react"), "umd/react.production.min.js"), type: "application/javascript; charset=utf-8" },
  "react-dom.production.min.js": { file: join(resolvePackage("react-dom"), "umd/react-dom.production.min.js"), type: "application/javascript; charset=utf-8" },
};

/** Where the explorer's assets (and the schema it reads) are served; an operator path like /docs. */
export const EXPLORER_ASSETS_PATH = "/graphiql";

export interface ExampleOperation {
  /** The operation's name, used as the tab's title. */
  name: string;
  file: string;
  /** The whole document, comments included (they say which token to paste). */
  query: string;
  /** From the document's `# variables: {…}` line, as the variables editor shows them. */
  variables?: string;
}

const EXAMPLES_DIR = new URL("../clients/operations/", import.meta.url);

/**
 * The example operations of clients/operations/*.graphql: the explorer's preloaded tabs and the
 * typed client's documents (npm run codegen). One named operation per file; an optional
 * `# variables: {…}` comment line gives the tab's variables.
 */
export function loadExampleOperations(dir: URL = EXAMPLES_DIR): ExampleOperation[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".graphql"))
    .sort()
    .map((file) => {
      const query = readFileSync(new URL(file, dir), "utf8");
      const operations = parse(query).definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
      const name = operations.length === 1 ? operations[0].name?.value : undefined;
      if (!name) throw new Error(`clients/operations/${file}: needs exactly one named operation`);
      const variables = /^# variables: (.+)$/m.exec(query)?.[1];
      return { name, file, query, ...(variables ? { variables: JSON.stringify(JSON.parse(variables), null, 2) } : {}) };
    });
}

/** JSON inside a <script> element: `<` escaped so no string can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

function page(examples: ExampleOperation[]): string {
  const tabs = examples.map((e) => ({ query: e.query, variables: e.variables }));
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Healthcare API: GraphQL explorer</title>
  <link rel="stylesheet" href="${EXPLORER_ASSETS_PATH}/graphiql.min.css">
  <style>
    html, body { height: 100%; margin: 0; }
    body { display: flex; flex-direction: column; font-family: system-ui, sans-serif; }
    #bar { display: flex; flex-wrap: wrap; gap: .5em 1.5em; align-items: center; padding: .5em 1em; font-size: 14px; border-bottom: 1px solid #ddd; }
    #bar input { width: 28em; font-family: monospace; }
    #graphiql { flex: 1; min-height: 0; }
  </style>
</head>
<body>
  <div id="bar">
    <label>Bearer token <input id="token" type="password" autocomplete="off" spellcheck="false" placeholder="npm run -s token -- --role physician"></label>
    <span>Every call but the schema needs a token (it stays in this tab). Clinical outputs are advisory.</span>
    <span>REST: <a href="/docs">/docs</a> · SDL: <a href="/schema.graphql">/schema.graphql</a></span>
  </div>
  <div id="graphiql">Loading the explorer…</div>
  <script src="${EXPLORER_ASSETS_PATH}/react.production.min.js"></script>
  <script src="${EXPLORER_ASSETS_PATH}/react-dom.production.min.js"></script>
  <script src="${EXPLORER_ASSETS_PATH}/graphiql.min.js"></script>
  <script>
    const tabs = ${scriptJson(tabs)};
    const tokenField = document.getElementById("token");
    tokenField.value = sessionStorage.getItem("healthcare-api-token") || "";
    tokenField.addEventListener("input", () => sessionStorage.setItem("healthcare-api-token", tokenField.value.trim()));
    const base = GraphiQL.createFetcher({ url: "/graphql" });
    // The schema comes from the server (the same information as /schema.graphql), not from introspection
    // through /graphql: the docs and completion work before a token is pasted, and in production, where
    // introspection is off. GraphiQL asks its fetcher for the schema; the fetcher answers from it.
    const schema = fetch("${EXPLORER_ASSETS_PATH}/schema.json").then((res) => (res.ok ? res.json() : null)).catch(() => null);
    // The token field's value goes as Authorization: Bearer …; a header typed in the Headers editor wins.
    // POST with Content-Type: application/json satisfies the gateway's CSRF rule.
    function fetcher(params, options) {
      if (params.operationName === "IntrospectionQuery") return schema.then((data) => (data ? { data } : send(params, options)));
      return send(params, options);
    }
    function send(params, options) {
      const token = tokenField.value.trim().replace(/^Bearer\\s+/i, "");
      const headers = Object.assign(token ? { authorization: "Bearer " + token } : {}, options && options.headers);
      return base(params, Object.assign({}, options, { headers }));
    }
    const props = { fetcher, defaultTabs: tabs, defaultEditorToolsVisibility: "variables", shouldPersistHeaders: false };
    // GraphiQL 4 opens the first default tab without its variables: give them on a first visit (no tabs stored yet).
    if (!localStorage.getItem("graphiql:tabState") && tabs.length) props.variables = tabs[0].variables;
    ReactDOM.createRoot(document.getElementById("graphiql")).render(React.createElement(GraphiQL, props));
  </script>
</body>
</html>`;
}

export interface ExplorerOptions {
  config: Config;
  /** The gateway's API schema (SDL), as /schema.graphql serves it. */
  apiSchemaSdl: string;
  examples?: ExampleOperation[];
}

/** A browser asking for the endpoint itself (no query): the explorer; any other request is the API's. */
export function wantsExplorer(c: Context): boolean {
  return c.req.method === "GET" && !c.req.query("query") && (c.req.header("accept") ?? "").includes("text/html");
}

/**
 * GET /graphql from a browser: GraphiQL with a token field and the example operations as tabs, its
 * assets under /graphiql/ from local packages. API requests (POST, GET with a query, JSON accept) go
 * on to the gateway. It is an operator endpoint like /docs: open outside production, behind
 * ADMIN_TOKEN in production (where it is a query console for operators).
 */
export function createExplorerApp(o: ExplorerOptions): Hono {
  const html = page(o.examples ?? loadExampleOperations());
  const schemaJson = JSON.stringify(introspectionFromSchema(buildSchema(o.apiSchemaSdl)));
  const operatorOnly = requireOperatorToken(o.config);
  const app = new Hono();
  app.get("/graphql", async (c, next) => {
    if (!wantsExplorer(c)) return next();
    const refused = await operatorOnly(c, async () => {});
    return refused ?? c.html(html, 200, { "cache-control": "no-store", vary: "accept" });
  });
  app.use(`${EXPLORER_ASSETS_PATH}/*`, operatorOnly);
  app.get(`${EXPLORER_ASSETS_PATH}/schema.json`, (c) => c.body(schemaJson, 200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }));
  app.get(`${EXPLORER_ASSETS_PATH}/:asset`, (c) => {
    const asset = ASSETS[c.req.param("asset")];
    if (!asset) return c.notFound();
    return c.body(readFileSync(asset.file), 200, { "content-type": asset.type, "cache-control": "public, max-age=86400" });
  });
  return app;
}
