import { inflateSync } from "node:zlib";
import { pharmacies } from "../../subgraphs/pharmacy/db/tables.js";
import { KAMPALA, type Stack } from "../support/stack.js";

/** A pharmacy pricing in KES (ISO 4217: 2 minor-unit digits, cents), added by `addPharmacy`; the demo pharmacies all price in UGX (whole shillings). */
export const NAIROBI = "6a0c1d1e-0000-4000-8000-0000000000fe";

/**
 * Adds a pharmacy in a currency of its own to a stack's database (KES for NAIROBI). No route creates
 * pharmacies (they come from the seed), so the test writes the row; everything after goes through REST.
 */
export async function addPharmacy(stack: Stack, p: { id?: string; code?: string; currency?: string } = {}): Promise<string> {
  const id = p.id ?? NAIROBI;
  const code = p.code ?? "NBO-01";
  await stack.server.database!.db.insert(pharmacies).values({ id, code, name: `${code} Pharmacy`, district: "Nairobi", taxRate: "0.18", currency: p.currency ?? "KES" });
  return id;
}

/** Creates a product in a pharmacy through REST (as that pharmacy's pharmacist) and returns its id. */
export async function createProduct(
  stack: Stack,
  p: { name: string; retail_price: string; stock_quantity: number; tax_exempt?: boolean; category?: string; is_active?: boolean; pharmacy?: string },
): Promise<string> {
  const token = await stack.token("pharmacist", { pharmacy: p.pharmacy ?? KAMPALA, sub: "helper-pharmacist" });
  const { pharmacy: _p, ...body } = p;
  const res = await stack.rest("POST", "/api/v1/pharmacy/sales/products/", { token, body: { category: "test", tax_exempt: false, ...body } });
  if (res.status !== 201) throw new Error(`product create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export async function stockOf(stack: Stack, token: string, productId: string): Promise<number> {
  const res = await stack.rest("GET", `/api/v1/pharmacy/sales/products/${productId}/`, { token });
  return res.body.stock_quantity;
}

export const saleBody = (items: { product_id: string; quantity: number }[], extra: Record<string, unknown> = {}) => ({
  pharmacy_id: KAMPALA,
  cashier: "cashier-01",
  items,
  payment_method: "cash",
  ...extra,
});

/** The text a pdfkit PDF shows: its Flate streams inflated and their hex-encoded strings decoded. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  let text = "";
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], "latin1")).toString("latin1");
    } catch {
      content = m[1];
    }
    for (const h of content.matchAll(/<([0-9a-fA-F]+)>/g)) text += Buffer.from(h[1], "hex").toString("latin1");
    for (const s of content.matchAll(/\((.*?)\)\s*Tj/g)) text += s[1];
    text += "\n";
  }
  return text;
}
