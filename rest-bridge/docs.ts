import { Hono } from "hono";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** Swagger UI's static files ship in the swagger-ui-dist package: nothing is fetched at run time. */
const assetsDir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "application/javascript; charset=utf-8",
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Healthcare API: REST reference</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
  <p style="font-family:sans-serif;margin:1em">
    REST paths of the healthcare API (generated from the route table). GraphQL: <code>POST /graphql</code>,
    explorer at <a href="/graphql">/graphql</a>, schema at <a href="/schema.graphql">/schema.graphql</a>. Get a token with
    <code>npm run token -- --role admin</code> and press <b>Authorize</b>. Clinical outputs are advisory.
  </p>
  <div id="ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script>window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#ui", persistAuthorization: true });</script>
</body>
</html>`;

/** GET /docs: an explorer for the REST paths, served from local files. */
export function createDocsApp(): Hono {
  const app = new Hono();
  app.get("/docs", (c) => c.html(PAGE));
  app.get("/docs/:asset", (c) => {
    const type = ASSETS[c.req.param("asset")];
    if (!type) return c.notFound();
    return c.body(readFileSync(join(assetsDir, c.req.param("asset"))), 200, { "content-type": type, "cache-control": "public, max-age=86400" });
  });
  return app;
}
