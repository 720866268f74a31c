import type { RouteDef } from "../route.js";

const products = "/api/v1/pharmacy/sales/products/";
const pharmacies = "/api/v1/pharmacy/inventory/pharmacies/";
const transactions = "/api/v1/pharmacy/sales/transactions/";

export const pharmacyRoutes: RouteDef[] = [
  { method: "GET", path: products, operation: "ListProducts", result: "products", paginated: true, query: { search: "search", category: "category", is_active: "isActive", pharmacy: "pharmacyId" }, tag: "pharmacy-sales", summary: "List OTC products; `search` matches name, SKU or category" },
  { method: "POST", path: products, operation: "CreateProduct", result: "createProduct", body: { variable: "input" }, status: 201, tag: "pharmacy-sales", summary: "Create a product" },
  { method: "GET", path: `${products}{product_id}/`, operation: "GetProduct", result: "product", params: { product_id: "id" }, tag: "pharmacy-sales", summary: "Product details" },
  { method: "GET", path: pharmacies, operation: "ListPharmacies", result: "pharmacies", paginated: true, query: { district: "district" }, tag: "pharmacy-inventory", summary: "Pharmacy locations" },
  { method: "GET", path: `${pharmacies}{pharmacy_id}/`, operation: "GetPharmacy", result: "pharmacy", params: { pharmacy_id: "id" }, tag: "pharmacy-inventory", summary: "One pharmacy location" },
  { method: "POST", path: transactions, operation: "CreateSalesTransaction", result: "createSalesTransaction", body: { variable: "input" }, status: 201, tag: "pharmacy-sales", summary: "Create a sales transaction (pending; validated and priced). Honours Idempotency-Key" },
  { method: "GET", path: transactions, operation: "ListSalesTransactions", result: "salesTransactions", paginated: true, query: { status: "status", cashier: "cashier", date_from: "dateFrom", date_to: "dateTo", pharmacy: "pharmacyId" }, tag: "pharmacy-sales", summary: "List transactions of your pharmacy (filters: status, cashier, date_from, date_to)" },
  { method: "GET", path: `${transactions}{transaction_id}/`, operation: "GetSalesTransaction", result: "salesTransaction", params: { transaction_id: "id" }, tag: "pharmacy-sales", summary: "Transaction details" },
  { method: "POST", path: `${transactions}{transaction_id}/complete/`, operation: "CompleteSalesTransaction", result: "completeSalesTransaction", params: { transaction_id: "id" }, tag: "pharmacy-sales", summary: "Complete a transaction: billing charge, payment, stock and loyalty (503 when billing is down). Honours Idempotency-Key" },
  { method: "POST", path: `${transactions}{transaction_id}/cancel/`, operation: "CancelSalesTransaction", result: "cancelSalesTransaction", params: { transaction_id: "id" }, tag: "pharmacy-sales", summary: "Cancel a pending transaction (409 once completed)" },
  // ?format=pdf answers the PDF; ?email= also e-mails the receipt (email_queued says whether it was).
  { method: "GET", path: `${transactions}{transaction_id}/receipt/`, operation: "TransactionReceipt", result: "transactionReceipt", params: { transaction_id: "id" }, query: { email: "email" }, variants: [{ query: "format", equals: "pdf", operation: "TransactionReceiptPdf", result: "transactionReceiptPdf", contentType: "application/pdf" }], tag: "pharmacy-sales", summary: "Receipt as JSON, or PDF with ?format=pdf; ?email= e-mails it" },
];
