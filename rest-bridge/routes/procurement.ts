import type { RouteDef } from "../route.js";

const suppliers = "/api/v1/procurement/suppliers/";
const supplierMedications = "/api/v1/procurement/supplier-medications/";
const purchaseOrders = "/api/v1/procurement/purchase-orders/";
const grn = "/api/v1/procurement/grn/";

/** Spec workflow 3: find suppliers and their catalog, order, receive. docs/decisions/pharmacy.md, "Procurement". */
export const procurementRoutes: RouteDef[] = [
  { method: "GET", path: suppliers, operation: "ListSuppliers", result: "suppliers", paginated: true, query: { search: "search", is_active: "isActive", district: "district" }, tag: "procurement", summary: "List suppliers by name (filters: is_active, district; search: name or code)" },
  { method: "POST", path: suppliers, operation: "CreateSupplier", result: "createSupplier", body: { variable: "input" }, status: 201, tag: "procurement", summary: "Create a supplier (409 when the code is taken)", errors: [409] },
  { method: "GET", path: `${suppliers}{supplier_id}/`, operation: "GetSupplier", result: "supplier", params: { supplier_id: "id" }, tag: "procurement", summary: "Supplier details" },
  { method: "GET", path: supplierMedications, operation: "ListSupplierMedications", result: "supplierMedications", paginated: true, query: { supplier: "supplier", medication_code: "medicationCode", search: "search", is_active: "isActive" }, tag: "procurement", summary: "Supplier medication catalog, cheapest first per medication (filters: supplier, medication_code, is_active; search: product or supplier name)" },
  { method: "POST", path: supplierMedications, operation: "CreateSupplierMedication", result: "createSupplierMedication", body: { variable: "input" }, status: 201, tag: "procurement", summary: "Add a medication to a supplier's catalog: price, pack size, lead time, minimum order (409 when already listed)", errors: [409] },
  { method: "GET", path: `${supplierMedications}{supplier_medication_id}/`, operation: "GetSupplierMedication", result: "supplierMedication", params: { supplier_medication_id: "id" }, tag: "procurement", summary: "One supplier catalog entry" },
  { method: "POST", path: purchaseOrders, operation: "CreatePurchaseOrder", result: "createPurchaseOrder", body: { variable: "input" }, status: 201, tag: "procurement", summary: "Create a purchase order (status created; exact totals). Honours Idempotency-Key", idempotent: true },
  { method: "GET", path: purchaseOrders, operation: "ListPurchaseOrders", result: "purchaseOrders", paginated: true, query: { status: "status", supplier: "supplier", pharmacy: "pharmacyId", date_from: "dateFrom", date_to: "dateTo", medication_code: "medicationCode", search: "search" }, tag: "procurement", summary: "List purchase orders of your pharmacy, newest first (filters: status, supplier, date_from, date_to, medication_code; search: PO number)" },
  { method: "GET", path: `${purchaseOrders}{purchase_order_id}/`, operation: "GetPurchaseOrder", result: "purchaseOrder", params: { purchase_order_id: "id" }, tag: "procurement", summary: "Purchase order details with received quantities" },
  { method: "POST", path: `${purchaseOrders}{purchase_order_id}/submit/`, operation: "SubmitPurchaseOrder", result: "submitPurchaseOrder", params: { purchase_order_id: "id" }, tag: "procurement", summary: "Submit a created purchase order to the supplier (409 from another state)", errors: [409] },
  { method: "POST", path: `${purchaseOrders}{purchase_order_id}/cancel/`, operation: "CancelPurchaseOrder", result: "cancelPurchaseOrder", params: { purchase_order_id: "id" }, tag: "procurement", summary: "Cancel a created or submitted purchase order (409 once goods were received)", errors: [409] },
  { method: "POST", path: grn, operation: "CreateGoodsReceivedNote", result: "createGoodsReceivedNote", body: { variable: "input" }, status: 201, tag: "procurement", summary: "Receive goods against a submitted purchase order: lots into stock (receipt movements), received quantities and status in one transaction. Honours Idempotency-Key", idempotent: true, errors: [404, 409] },
  { method: "GET", path: grn, operation: "ListGoodsReceivedNotes", result: "goodsReceivedNotes", paginated: true, query: { purchase_order: "purchaseOrder", supplier: "supplier", pharmacy: "pharmacyId", date_from: "dateFrom", date_to: "dateTo" }, tag: "procurement", summary: "List goods received notes of your pharmacy, newest first (filters: purchase_order, supplier, date_from, date_to)" },
  { method: "GET", path: `${grn}{grn_id}/`, operation: "GetGoodsReceivedNote", result: "goodsReceivedNote", params: { grn_id: "id" }, tag: "procurement", summary: "Goods received note details" },
  { method: "GET", path: "/api/v1/procurement/reorder-suggestions/", operation: "ReorderSuggestions", result: "reorderSuggestions", paginated: true, query: { pharmacy: "pharmacyId" }, tag: "procurement", summary: "Medications at or below their reorder level with draft order lines from the cheapest active supplier" },
];
