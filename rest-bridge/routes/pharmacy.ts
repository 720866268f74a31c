import type { RouteDef } from "../route.js";

const products = "/api/v1/pharmacy/sales/products/";
const pharmacies = "/api/v1/pharmacy/inventory/pharmacies/";
const transactions = "/api/v1/pharmacy/sales/transactions/";
const consultations = "/api/v1/pharmacy/sales/consultations/";
const followUps = "/api/v1/pharmacy/sales/follow-ups/";
const loyaltyPrograms = "/api/v1/pharmacy/sales/loyalty-programs/";
const loyaltyAccounts = "/api/v1/pharmacy/sales/loyalty-accounts/";
const analytics = "/api/v1/pharmacy/sales/analytics/";
const stock = "/api/v1/pharmacy/inventory/stock/";
const movements = "/api/v1/pharmacy/inventory/movements/";

export const pharmacyRoutes: RouteDef[] = [
  { method: "GET", path: products, operation: "ListProducts", result: "products", paginated: true, query: { search: "search", category: "category", is_active: "isActive", pharmacy: "pharmacyId" }, tag: "pharmacy-sales", summary: "List OTC products; `search` matches name, SKU or category" },
  { method: "POST", path: products, operation: "CreateProduct", result: "createProduct", body: { variable: "input" }, status: 201, tag: "pharmacy-sales", summary: "Create a product", errors: [409] },
  { method: "GET", path: `${products}{product_id}/`, operation: "GetProduct", result: "product", params: { product_id: "id" }, tag: "pharmacy-sales", summary: "Product details" },
  { method: "GET", path: pharmacies, operation: "ListPharmacies", result: "pharmacies", paginated: true, query: { district: "district" }, tag: "pharmacy-inventory", summary: "Pharmacy locations", unlimited: true },
  { method: "GET", path: `${pharmacies}{pharmacy_id}/`, operation: "GetPharmacy", result: "pharmacy", params: { pharmacy_id: "id" }, tag: "pharmacy-inventory", summary: "One pharmacy location", unlimited: true },
  { method: "POST", path: transactions, operation: "CreateSalesTransaction", result: "createSalesTransaction", body: { variable: "input" }, status: 201, tag: "pharmacy-sales", summary: "Create a sales transaction (pending; validated and priced). Honours Idempotency-Key", idempotent: true, errors: [404] },
  { method: "GET", path: transactions, operation: "ListSalesTransactions", result: "salesTransactions", paginated: true, query: { status: "status", cashier: "cashier", date_from: "dateFrom", date_to: "dateTo", pharmacy: "pharmacyId" }, tag: "pharmacy-sales", summary: "List transactions of your pharmacy (filters: status, cashier, date_from, date_to)" },
  { method: "GET", path: `${transactions}{transaction_id}/`, operation: "GetSalesTransaction", result: "salesTransaction", params: { transaction_id: "id" }, tag: "pharmacy-sales", summary: "Transaction details" },
  { method: "POST", path: `${transactions}{transaction_id}/complete/`, operation: "CompleteSalesTransaction", result: "completeSalesTransaction", params: { transaction_id: "id" }, tag: "pharmacy-sales", summary: "Complete a transaction: billing charge, payment, stock and loyalty (503 when billing is down). Honours Idempotency-Key", idempotent: true, errors: [409, 502, 503] },
  { method: "POST", path: `${transactions}{transaction_id}/cancel/`, operation: "CancelSalesTransaction", result: "cancelSalesTransaction", params: { transaction_id: "id" }, tag: "pharmacy-sales", summary: "Cancel a pending transaction (409 once completed)", errors: [409, 502, 503] },
  // ?format=pdf answers the PDF; ?email= also e-mails the receipt (email_queued says whether it was).
  { method: "GET", path: `${transactions}{transaction_id}/receipt/`, operation: "TransactionReceipt", result: "transactionReceipt", params: { transaction_id: "id" }, query: { email: "email" }, variants: [{ query: "format", equals: "pdf", operation: "TransactionReceiptPdf", result: "transactionReceiptPdf", contentType: "application/pdf" }], tag: "pharmacy-sales", summary: "Receipt as JSON, or PDF with ?format=pdf; ?email= e-mails it", errors: [409] },
  { method: "POST", path: consultations, operation: "CreateConsultation", result: "createConsultation", body: { variable: "input" }, status: 201, tag: "pharmacy-sales", summary: "Create a customer consultation" },
  { method: "GET", path: consultations, operation: "ListConsultations", result: "consultations", paginated: true, tag: "pharmacy-sales", summary: "List consultations of your pharmacy" },
  { method: "GET", path: `${consultations}{consultation_id}/`, operation: "GetConsultation", result: "consultation", params: { consultation_id: "id" }, tag: "pharmacy-sales", summary: "Consultation details" },
  { method: "POST", path: followUps, operation: "ScheduleFollowUp", result: "scheduleFollowUp", body: { variable: "input" }, status: 201, tag: "pharmacy-sales", summary: "Schedule a follow-up and send the reminder (reminder_sent)" },
  { method: "GET", path: followUps, operation: "ListFollowUps", result: "followUps", paginated: true, tag: "pharmacy-sales", summary: "List follow-ups of your pharmacy" },
  { method: "GET", path: `${followUps}{follow_up_id}/`, operation: "GetFollowUp", result: "followUp", params: { follow_up_id: "id" }, tag: "pharmacy-sales", summary: "Follow-up details" },
  { method: "POST", path: `${followUps}{follow_up_id}/complete/`, operation: "CompleteFollowUp", result: "completeFollowUp", params: { follow_up_id: "id" }, tag: "pharmacy-sales", summary: "Complete a follow-up" },
  { method: "GET", path: loyaltyPrograms, operation: "ListLoyaltyPrograms", result: "loyaltyPrograms", paginated: true, tag: "pharmacy-sales", summary: "List loyalty programs of your pharmacy" },
  { method: "POST", path: loyaltyPrograms, operation: "CreateLoyaltyProgram", result: "createLoyaltyProgram", body: { variable: "input" }, status: 201, tag: "pharmacy-sales", summary: "Create a loyalty program (earn rate and point value)" },
  { method: "POST", path: loyaltyAccounts, operation: "CreateLoyaltyAccount", result: "createLoyaltyAccount", body: { variable: "input" }, status: 201, tag: "pharmacy-sales", summary: "Create a loyalty account", errors: [409] },
  { method: "GET", path: loyaltyAccounts, operation: "ListLoyaltyAccounts", result: "loyaltyAccounts", paginated: true, query: { phone: "phone", search: "search" }, tag: "pharmacy-sales", summary: "Find loyalty accounts by phone or name" },
  { method: "GET", path: `${loyaltyAccounts}{account_id}/`, operation: "GetLoyaltyAccount", result: "loyaltyAccount", params: { account_id: "id" }, tag: "pharmacy-sales", summary: "Loyalty account: balance and history" },
  { method: "GET", path: "/api/v1/pharmacy/sales/ai-recommendations/", operation: "ProductRecommendations", result: "productRecommendations", query: { product_id: "productId", basket: "basket", limit: "limit", window_days: "windowDays", min_count: "minCount", pharmacy: "pharmacyId" }, tag: "pharmacy-sales", summary: "Products frequently bought with product_id (or a comma-separated basket), else category best sellers; each with a reason" },
  { method: "GET", path: `${analytics}summary/`, operation: "SalesSummary", result: "salesSummary", query: { date_from: "dateFrom", date_to: "dateTo", top: "top", pharmacy: "pharmacyId" }, tag: "pharmacy-analytics", summary: "Revenue, transactions, average basket, top products, by payment method (default last 30 days)" },
  { method: "GET", path: `${analytics}basket/`, operation: "BasketAnalysis", result: "basketAnalysis", query: { date_from: "dateFrom", date_to: "dateTo", min_count: "minCount", limit: "limit", pharmacy: "pharmacyId" }, tag: "pharmacy-analytics", summary: "Products bought together: support, confidence, lift" },
  { method: "GET", path: `${analytics}forecast/`, operation: "ListSalesForecasts", result: "salesForecasts", paginated: true, query: { product_id: "productId", pharmacy: "pharmacyId" }, tag: "pharmacy-analytics", summary: "Persisted demand forecasts, newest first" },
  { method: "POST", path: `${analytics}forecast/`, operation: "CreateSalesForecasts", result: "createSalesForecasts", body: { variable: "input" }, status: 201, tag: "pharmacy-analytics", summary: "Fit and persist per-product demand forecasts (Holt's linear smoothing on daily sales)" },
  { method: "GET", path: stock, operation: "ListInventoryItems", result: "inventoryItems", paginated: true, query: { pharmacy: "pharmacyId" }, tag: "pharmacy-inventory", summary: "Inventory items and quantities; `pharmacy` filters" },
  { method: "POST", path: stock, operation: "CreateInventoryItem", result: "createInventoryItem", body: { variable: "input" }, status: 201, tag: "pharmacy-inventory", summary: "Create an inventory item (products may sell from it)" },
  { method: "POST", path: movements, operation: "CreateStockMovement", result: "createStockMovement", body: { variable: "input" }, status: 201, tag: "pharmacy-inventory", summary: "Record a stock movement (by inventory_item, by pharmacy_id + medication_code, or by product_id). Honours Idempotency-Key", idempotent: true, errors: [404, 409] },
  { method: "GET", path: movements, operation: "ListStockMovements", result: "stockMovements", paginated: true, query: { pharmacy: "pharmacyId", reference_type: "referenceType", reference_id: "referenceId", product: "productId", inventory_item: "inventoryItem" }, tag: "pharmacy-inventory", summary: "Stock movements, newest first" },
];
