import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { createProduct, saleBody } from "./pharmacy-pos-helpers.js";

// Query parameters on the REST paths (docs/decisions/rest-contract.md): a required one left out is a
// field error like a body field's; field errors name the parameter the client sends (?pharmacy=, not
// the GraphQL pharmacyId); a variant's value is matched without case and any other value is a 400;
// HEAD answers what GET would without the GET's effect (?email= sends nothing).
let stack: Stack;
let admin: string;
let pharmacist: string;
let cashier: string;

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.token("admin");
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA });
  cashier = await stack.token("cashier", { pharmacy: KAMPALA });
});
afterAll(() => stack?.stop());

describe("required query parameters", () => {
  it.each([
    ["/api/v1/drug-safety/interactions/", "items"],
    ["/api/v1/drug-safety/allergies/", "uhid"],
  ])("GET %s without ?%s → 400 naming it", async (path, param) => {
    const res = await stack.rest("GET", path, { token: pharmacist });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("BAD_USER_INPUT");
    expect(Object.keys(res.body.error.fields)).toEqual([param]);
    // allergies/ also takes patient_uhid (session 21), and says so: "is required (or patient_uhid)".
    expect(res.body.error.fields[param]).toEqual([expect.stringMatching(/^is required/)]);
  });
});

describe("field errors name the parameter the client sent", () => {
  it.each(["/api/v1/pharmacy/sales/analytics/summary/", "/api/v1/pharmacy/dispensing/queue/", "/api/v1/procurement/reorder-suggestions/"])(
    "GET %s as a caller bound to no pharmacy asks for ?pharmacy=, the name the route accepts",
    async (path) => {
      const res = await stack.rest("GET", path, { token: admin });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(["pharmacy"]);
      const followed = await stack.rest("GET", `${path}?pharmacy=${KAMPALA}`, { token: admin });
      expect(followed.status).toBe(200);
    },
  );

  it.each(["/api/v1/pharmacy/sales/transactions/?pharmacy=xyz", "/api/v1/pharmacy/inventory/stock/?pharmacy=xyz"])("GET %s → 400 on pharmacy", async (path) => {
    const res = await stack.rest("GET", path, { token: admin });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(["pharmacy"]);
  });
});

describe("the receipt's format and e-mail", () => {
  let receipt: string;
  beforeAll(async () => {
    const product = await createProduct(stack, { name: "Receipt probe", retail_price: "1000.00", stock_quantity: 10 });
    const sale = (await stack.rest("POST", "/api/v1/pharmacy/sales/transactions/", { token: cashier, body: saleBody([{ product_id: product, quantity: 1 }]) })).body;
    expect((await stack.rest("POST", `/api/v1/pharmacy/sales/transactions/${sale.id}/complete/`, { token: cashier })).status).toBe(200);
    receipt = `/api/v1/pharmacy/sales/transactions/${sale.id}/receipt/`;
  });
  /** Receipt e-mails queued to `address` (newest notifications first; this file sends few). */
  const sentTo = async (address: string) =>
    ((await stack.rest("GET", "/api/v1/notifications/?page_size=100", { token: admin })).body.results as { recipient: string; template: string }[]).filter((n) => n.recipient === address && n.template === "receipt_email").length;

  it.each(["pdf", "PDF", "Pdf"])("?format=%s answers the PDF", async (format) => {
    const res = await fetch(`${stack.url}${receipt}?format=${format}`, { headers: { authorization: `Bearer ${cashier}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
  });

  it.each(["xml", "html", "pdfx", ""])("?format=%j is a 400 naming format (a client saving a PDF never gets JSON)", async (format) => {
    const res = await stack.rest("GET", `${receipt}?format=${format}`, { token: cashier });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.format[0]).toMatch(/must be pdf, or left out for JSON/);
  });

  it("?format=json and no format answer JSON", async () => {
    for (const q of ["?format=json", ""]) {
      const res = await stack.rest("GET", `${receipt}${q}`, { token: cashier });
      expect(res.status).toBe(200);
      expect(res.body.transaction_number).toEqual(expect.any(String));
    }
  });

  it("e-mails a receipt once per address: a repeated GET answers with the first notification", async () => {
    const first = await stack.rest("GET", `${receipt}?email=Grace@Example.org`, { token: cashier });
    expect(first.body).toMatchObject({ email: "grace@example.org", email_queued: true, email_notification_id: expect.any(String) });
    for (const address of ["grace@example.org", "GRACE@EXAMPLE.ORG"]) {
      const again = await stack.rest("GET", `${receipt}?email=${encodeURIComponent(address)}`, { token: cashier });
      expect(again.body).toMatchObject({ email_queued: true, email_notification_id: first.body.email_notification_id });
    }
    const pdf = await fetch(`${stack.url}${receipt}?format=pdf&email=grace@example.org`, { headers: { authorization: `Bearer ${cashier}` } });
    expect(pdf.status).toBe(200);
    expect(await sentTo("grace@example.org")).toBe(1);
    const other = await stack.rest("GET", `${receipt}?email=peter@example.org`, { token: cashier });
    expect(other.body.email_notification_id).not.toBe(first.body.email_notification_id);
    expect(await sentTo("peter@example.org")).toBe(1);
  });

  it("HEAD with ?email= answers like GET and sends nothing", async () => {
    const head = await fetch(`${stack.url}${receipt}?email=head@example.org`, { method: "HEAD", headers: { authorization: `Bearer ${cashier}` } });
    expect(head.status).toBe(200);
    expect(await sentTo("head@example.org")).toBe(0);
    await stack.rest("GET", `${receipt}?email=head@example.org`, { token: cashier });
    expect(await sentTo("head@example.org")).toBe(1);
  });
});
