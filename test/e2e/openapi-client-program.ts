import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";

/**
 * A program a client team would write against the generated types: it leans on what the document
 * declares (enums as unions, free-form objects, header parameters, the PDF answer, error bodies), so
 * each gap in the document is a compile error under `strict`.
 */
export const CLIENT_PROGRAM = `
import createClient from "openapi-fetch";
import type { components, paths } from "./api";

type PaymentMethod = "cash" | "mobile_money" | "card";
type Channel = "SMS" | "EMAIL" | "PUSH" | "MESSAGING_APP";
type ErrorBody = components["schemas"]["Error"];

/** Exhaustive over the document's enum: a plain string would leave the function without a return. */
function tillLabel(method: PaymentMethod): string {
  switch (method) {
    case "cash": return "Cash";
    case "mobile_money": return "Mobile money";
    case "card": return "Card";
  }
}

function channelLabel(channel: Channel): string {
  switch (channel) {
    case "SMS": return "Text message";
    case "EMAIL": return "E-mail";
    case "PUSH": return "Push";
    case "MESSAGING_APP": return "WhatsApp";
  }
}

export interface RunOptions { baseUrl: string; cashier: string; admin: string; pharmacyId: string; idempotencyKey: string }

export async function runOtcSale(o: RunOptions) {
  const pos = createClient<paths>({ baseUrl: o.baseUrl, headers: { authorization: "Bearer " + o.cashier } });

  const products = await pos.GET("/api/v1/pharmacy/sales/products/", {
    params: { query: { search: "paracetamol", is_active: true, page: 1, page_size: 5 } },
  });
  if (!products.data) throw new Error("product search failed: " + JSON.stringify(products.error satisfies ErrorBody | undefined));
  const product = products.data.results[0];

  const created = await pos.POST("/api/v1/pharmacy/sales/transactions/", {
    params: { header: { "Idempotency-Key": o.idempotencyKey } },
    body: { pharmacy_id: o.pharmacyId, cashier: "till-1", payment_method: "mobile_money", items: [{ product_id: product.id, quantity: 1 }] },
  });
  if (!created.data) throw new Error("sale failed: " + created.error.error.message);
  const method: PaymentMethod = created.data.payment_method;
  const status: "pending" | "processing" | "completed" | "cancelled" = created.data.status;

  const completed = await pos.POST("/api/v1/pharmacy/sales/transactions/{transaction_id}/complete/", {
    params: { path: { transaction_id: created.data.id }, header: { "Idempotency-Key": o.idempotencyKey + "-complete" } },
  });
  // 502/503 are declared answers of complete (billing refused or down): the error is the Error body.
  const billingTrouble = completed.response.status === 502 || completed.response.status === 503 ? completed.error?.error.code : undefined;

  // The receipt path answers JSON or (?format=pdf) a PDF: a JSON-only view of the client reads the JSON.
  const posJson = createClient<paths, "application/json">({ baseUrl: o.baseUrl, headers: { authorization: "Bearer " + o.cashier } });
  const receipt = await posJson.GET("/api/v1/pharmacy/sales/transactions/{transaction_id}/receipt/", {
    params: { path: { transaction_id: created.data.id } },
  });
  const pdf = await pos.GET("/api/v1/pharmacy/sales/transactions/{transaction_id}/receipt/", {
    params: { path: { transaction_id: created.data.id }, query: { format: "pdf" } },
    parseAs: "blob",
  });
  const pdfBytes: Blob | undefined = pdf.data;

  return {
    productName: product.name,
    label: tillLabel(method),
    status,
    completedStatus: completed.data?.status,
    billingTrouble,
    receiptNumber: receipt.data?.transaction_number,
    receiptStatus: receipt.response.status,
    pdfType: pdf.response.headers.get("content-type"),
    pdfSize: pdfBytes?.size ?? 0,
  };
}

export async function runClinicalAndNotifications(o: RunOptions) {
  const api = createClient<paths>({ baseUrl: o.baseUrl, headers: { authorization: "Bearer " + o.admin } });

  const critical = await api.POST("/api/v1/clinical-decision-support/critical-values/", {
    params: { header: { "Idempotency-Key": o.idempotencyKey + "-lab" } },
    body: { patient_uhid: "UG-2024-000001", observation: { code: "2823-3", value: 6.9, unit: "mmol/L" } },
  });
  const override = await api.POST("/api/v1/clinical-audit/overrides/", {
    body: { audit_id: "00000000-0000-4000-8000-000000000000", action: "modify", reason: "dose adjusted", modified_output: { dose: "500 mg", every_hours: 8 } },
  });
  const overrideAction: "accept" | "reject" | "modify" | undefined = override.data?.action;

  const prefs = await api.PUT("/api/v1/notifications/preferences/{patient_uhid}/", {
    params: { path: { patient_uhid: "UG-2024-000001" } },
    body: { channels: ["SMS", "EMAIL"], consent: { payment: false, appointment: true }, language: "en" },
  });
  const preferred: Channel[] = prefs.data?.channels ?? [];
  const consentToPayment: unknown = prefs.data?.consent["payment"];

  const sent = await api.POST("/api/v1/notifications/send/", {
    body: { recipient: "+256772123456", template: "pickup_ready", parameters: { pharmacy_name: "Kampala Central", medication_name: "Amoxicillin 500 mg" }, channel: "SMS" },
  });
  const listed = await api.GET("/api/v1/notifications/", {
    params: { query: { status: "PENDING", channel: "SMS", recipient_type: "recipient", date_from: "2020-01-01", page_size: 100 } },
  });
  const statuses: ("PENDING" | "PROCESSING" | "SENT" | "DELIVERED" | "FAILED" | "CANCELLED")[] = (listed.data?.results ?? []).map((n) => n.status);

  return {
    criticalStatus: critical.response.status,
    urgency: critical.data?.urgency,
    overrideStatus: override.response.status,
    overrideAction,
    channels: preferred.map(channelLabel),
    consentToPayment,
    sendStatus: sent.response.status,
    statuses,
  };
}
`;

const fetchDir = dirname(createRequire(import.meta.url).resolve("openapi-fetch/package.json"));

export interface CompiledClient {
  dir: string;
  /** `file:` URL of the program transpiled to JavaScript, ready for `import()`. */
  moduleUrl: string;
  diagnostics: string[];
}

/**
 * Generates `api.d.ts` from an OpenAPI document with openapi-typescript's Node API, writes the
 * client program beside it and type-checks both with the TypeScript compiler under `strict`.
 */
export async function compileClient(document: object): Promise<CompiledClient> {
  const dir = mkdtempSync(join(tmpdir(), "openapi-client-"));
  writeFileSync(join(dir, "api.d.ts"), astToString(await openapiTS(document as never)));
  writeFileSync(join(dir, "client.ts"), CLIENT_PROGRAM);

  const fetchTypes = join(fetchDir, "dist/index.d.mts");
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: [],
    skipLibCheck: false,
    paths: { "openapi-fetch": [fetchTypes] },
  };
  const program = ts.createProgram([join(dir, "client.ts")], options);
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1} ` : "";
    return where + ts.flattenDiagnosticMessageText(d.messageText, "\n");
  });

  // The same program, run for real: transpiled, with its one import pointed at the installed package.
  const js = ts
    .transpileModule(CLIENT_PROGRAM, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } })
    .outputText.replace(/from "openapi-fetch"/, `from ${JSON.stringify(pathToFileURL(join(fetchDir, "dist/index.mjs")).href)}`);
  writeFileSync(join(dir, "client.mjs"), js);
  return { dir, moduleUrl: pathToFileURL(join(dir, "client.mjs")).href, diagnostics };
}
