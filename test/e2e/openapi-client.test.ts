import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../rest-bridge/routes/index.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { compileClient, type CompiledClient } from "./openapi-client-program.js";

type Doc = { openapi: string; info: Record<string, any>; servers?: unknown[]; paths: Record<string, Record<string, any>>; components: Record<string, any> };

let stack: Stack;
let doc: Doc;
let client: CompiledClient;

beforeAll(async () => {
  stack = await startStack();
  const res = await stack.rest("GET", "/openapi.json");
  expect(res.status).toBe(200);
  doc = res.body;
  client = await compileClient(doc);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** Every `$ref` in the document, with where it was found. */
function refsOf(value: unknown, at = "#"): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsOf(v, `${at}/${i}`));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => (k === "$ref" && typeof v === "string" ? [{ ref: v, at }] : refsOf(v, `${at}/${k}`)));
}

function resolve(ref: string): unknown {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<any>((node, key) => node?.[key], doc);
}

const operations = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe("/openapi.json as a document", () => {
  it("is OpenAPI 3.1 with servers, a licence and every route of the table", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.license).toEqual({ name: "Proprietary" });
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/" })]);
    for (const r of ROUTES) expect(doc.paths[r.path]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toMatchObject({ operationId: r.operation });
    for (const path of ["/healthz", "/readyz", "/metrics", "/graphql", "/schema.graphql", "/openapi.json", "/webhooks/notifications/{provider}"]) expect(doc.paths).toHaveProperty([path]);
  });

  it("resolves every $ref, names each operation once and declares each path parameter", () => {
    const unresolved = refsOf(doc).filter(({ ref }) => !ref.startsWith("#/") || resolve(ref) === undefined);
    expect(unresolved).toEqual([]);
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const { path, method, op } of operations()) {
      const declared = (op.parameters ?? []).filter((p: any) => p.in === "path").map((p: any) => p.name).sort();
      expect(declared, `${method} ${path}`).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
    }
  });

  it("declares value lists as enums, free-form objects as open, dates, UUIDs and page bounds", () => {
    const body = (path: string, method = "post") => doc.paths[path][method].requestBody.content["application/json"].schema;
    expect(body("/api/v1/pharmacy/sales/transactions/").properties.payment_method.enum).toEqual(["cash", "mobile_money", "card"]);
    expect(body("/api/v1/pharmacy/sales/transactions/").properties.pharmacy_id).toMatchObject({ type: "string", format: "uuid" });
    expect(body("/api/v1/uhid/").properties.sex.enum).toEqual(["female", "male", "other", "unknown"]);
    expect(body("/api/v1/clinical-audit/overrides/").properties.action.enum).toEqual(["accept", "reject", "modify"]);
    expect(body("/api/v1/clinical-audit/overrides/").properties.modified_output).toMatchObject({ type: "object", additionalProperties: true });
    expect(body("/api/v1/notifications/preferences/{patient_uhid}/", "put").properties.channels.items.enum).toEqual(["SMS", "EMAIL", "PUSH", "MESSAGING_APP"]);
    const patient = doc.paths["/api/v1/uhid/{uhid}/"].get.responses["200"].content["application/json"].schema;
    expect(patient.properties.birth_date).toMatchObject({ type: "string", format: "date" });
    expect(patient.properties.uhid).not.toHaveProperty("format");
    const list = doc.paths["/api/v1/notifications/"].get.parameters;
    expect(list.find((p: any) => p.name === "status").schema.enum).toContain("CANCELLED");
    expect(list.find((p: any) => p.name === "page").schema).toMatchObject({ minimum: 1 });
    expect(list.find((p: any) => p.name === "page_size").schema).toMatchObject({ minimum: 1, maximum: 100 });
    expect(doc.paths["/api/v1/pharmacy/sales/products/{product_id}/"].get.parameters[0].schema).toMatchObject({ format: "uuid" });
  });

  it("lists the error statuses each operation can answer, with their headers", () => {
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses).filter((s) => s >= "400");
    expect(statuses("/api/v1/pharmacy/sales/transactions/{transaction_id}/complete/", "post")).toEqual(["400", "401", "403", "404", "409", "429", "502", "503"]);
    expect(statuses("/api/v1/pharmacy/sales/products/", "post")).toEqual(expect.arrayContaining(["413", "415"]));
    expect(statuses("/api/v1/pharmacy/sales/products/", "get")).not.toContain("413");
    expect(statuses("/api/v1/pharmacy/sales/products/", "get")).not.toContain("415");
    expect(doc.components.responses.TooManyRequests.headers).toHaveProperty(["Retry-After"]);
    expect(Object.keys(doc.components.responses.TooManyRequests.headers)).toEqual(["Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]);
    expect(doc.components.responses.Unauthorized.headers).toHaveProperty(["WWW-Authenticate"]);
    const idempotent = operations().filter(({ op }) => (op.parameters ?? []).some((p: any) => p.$ref === "#/components/parameters/IdempotencyKey"));
    expect(idempotent.map(({ op }) => op.operationId)).toEqual(expect.arrayContaining(["CreateSalesTransaction", "CompleteSalesTransaction", "CreateCharge", "CreatePayment", "CreateStockMovement", "CheckCriticalValue", "AssessSepsisRisk", "SendNotification"]));
    const receipt = doc.paths["/api/v1/pharmacy/sales/transactions/{transaction_id}/receipt/"].get.responses["200"].content;
    expect(receipt["application/pdf"].schema).toEqual({ type: "string", format: "binary" });
  });
});

describe("a typed client generated from /openapi.json", () => {
  it("compiles a program using it under strict with no errors", () => {
    expect(client.diagnostics).toEqual([]);
  });

  it("runs the program's calls against the server", async () => {
    type Run = (o: typeof options) => Promise<Record<string, any>>;
    const program = (await import(client.moduleUrl)) as { runOtcSale: Run; runClinicalAndNotifications: Run };
    const options: { baseUrl: string; cashier: string; admin: string; pharmacyId: string; idempotencyKey: string } = {
      baseUrl: stack.url,
      cashier: await stack.token("cashier", { pharmacy: KAMPALA }),
      admin: await stack.token("admin"),
      pharmacyId: KAMPALA,
      idempotencyKey: `typed-client-${Date.now()}`,
    };
    const sale = await program.runOtcSale(options);
    expect(sale).toMatchObject({ label: "Mobile money", status: "pending", completedStatus: "completed", receiptStatus: 200, pdfType: "application/pdf" });
    expect(sale.receiptNumber).toMatch(/^[A-Z0-9-]+-\d{8}-\d+$/);
    expect(sale.pdfSize).toBeGreaterThan(500);

    const other = await program.runClinicalAndNotifications(options);
    expect(other).toMatchObject({
      criticalStatus: 200,
      urgency: "high",
      overrideStatus: 404, // the program names an audit record that does not exist
      channels: ["Text message", "E-mail"],
      consentToPayment: false,
      sendStatus: 200,
    });
    expect(other.statuses.every((s: string) => s === "PENDING")).toBe(true);
  });
});
