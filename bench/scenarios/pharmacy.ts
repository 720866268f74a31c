import { KAMPALA } from "../../test/support/stack.js";
import type { BenchScenario } from "../scenario.js";

const TRANSACTIONS = "/api/v1/pharmacy/sales/transactions/";
const MOVEMENTS = "/api/v1/pharmacy/inventory/movements/";

interface SaleContext {
  transactionId?: string;
}

export const pharmacyScenarios: BenchScenario[] = [
  {
    name: "REST sale create + complete",
    description: "POST transactions/ then POST transactions/{id}/complete/ (pharmacy → billing charge and payment over HTTP through the bridge); one pair per connection in turn",
    async prepare(stack) {
      // Restock generously first: a product with far more units than any run sells.
      const pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "bench-pharmacist" });
      const product = await stack.rest("POST", "/api/v1/pharmacy/sales/products/", {
        token: pharmacist,
        body: { name: "Bench syrup 100 ml", sku: `BENCH-${Date.now()}`, category: "bench", retail_price: "333.00", stock_quantity: 1_000_000 },
      });
      if (product.status !== 201) throw new Error(`bench product: ${product.status} ${JSON.stringify(product.body)}`);
      const cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "bench-cashier" });
      const body = JSON.stringify({ pharmacy_id: KAMPALA, cashier: "bench-till", items: [{ product_id: product.body.id, quantity: 3 }], payment_method: "cash" });
      return {
        headers: { authorization: `Bearer ${cashier}`, "content-type": "application/json" },
        requests: [
          {
            method: "POST",
            path: TRANSACTIONS,
            body,
            onResponse: (status, responseBody, context: SaleContext) => {
              context.transactionId = status === 201 ? (JSON.parse(responseBody) as { id: string }).id : undefined;
            },
          },
          {
            method: "POST",
            path: TRANSACTIONS,
            // Without a created transaction (a failed create), complete a path that answers 404 rather than skip.
            setupRequest: (req, context: SaleContext) => ({ ...req, path: `${TRANSACTIONS}${context.transactionId ?? "00000000-0000-4000-8000-000000000000"}/complete/` }),
          },
        ],
      };
    },
  },
  {
    name: "REST stock movement",
    description:
      "POST inventory/movements/ alternating a receipt of 2 (one lot) and an adjustment of -1 (FEFO over two batches; sales are the till's) on one inventory item: every request locks the same item row, so this measures the ledger's serialised write path; stock only grows, so it never runs out",
    async prepare(stack) {
      const pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "bench-pharmacist" });
      const expiry = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
      const item = await stack.rest("POST", "/api/v1/pharmacy/inventory/stock/", {
        token: pharmacist,
        body: { name: `Bench ledger item ${Date.now()}`, quantity: 1000, lot_number: "BENCH-OPEN", expiry_date: expiry },
      });
      if (item.status !== 201) throw new Error(`bench inventory item: ${item.status} ${JSON.stringify(item.body)}`);
      const later = new Date(Date.now() + 730 * 86_400_000).toISOString().slice(0, 10);
      return {
        headers: { authorization: `Bearer ${pharmacist}`, "content-type": "application/json" },
        requests: [
          { method: "POST", path: MOVEMENTS, body: JSON.stringify({ inventory_item: item.body.id, movement_type: "receipt", quantity: 2, lot_number: "BENCH-LOT", expiry_date: later, reference_type: "bench", reference_id: "receipt" }) },
          { method: "POST", path: MOVEMENTS, body: JSON.stringify({ inventory_item: item.body.id, movement_type: "adjustment", quantity: -1, reference_type: "bench", reference_id: "adjustment" }) },
        ],
      };
    },
  },
];
