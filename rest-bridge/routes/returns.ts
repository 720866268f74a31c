import type { RouteDef } from "../route.js";

const customer = "/api/v1/returns/customer/";
const supplier = "/api/v1/returns/supplier/";
const destruction = "/api/v1/returns/destruction/";

/** Spec workflow 4: customer return and inspection, supplier return, destruction. docs/decisions/pharmacy.md, "Returns and destruction". */
export const returnsRoutes: RouteDef[] = [
  { method: "POST", path: customer, operation: "CreateCustomerReturn", result: "createCustomerReturn", body: { variable: "input" }, status: 201, tag: "returns", summary: "Return items of a completed sale (409 beyond what was sold less returned): inspected, refunded through billing, restocked or quarantined. Honours Idempotency-Key", idempotent: true, errors: [404, 409, 503] },
  { method: "GET", path: customer, operation: "ListCustomerReturns", result: "customerReturns", paginated: true, query: { pharmacy: "pharmacyId", transaction: "transactionId", status: "status", date_from: "dateFrom", date_to: "dateTo", search: "search" }, tag: "returns", summary: "Customer returns of your pharmacy, newest first (filters: transaction, status, date_from, date_to; search: return number)" },
  { method: "GET", path: `${customer}{return_id}/`, operation: "GetCustomerReturn", result: "customerReturn", params: { return_id: "id" }, tag: "returns", summary: "One customer return" },
  { method: "POST", path: `${customer}{return_id}/complete/`, operation: "CompleteCustomerReturn", result: "completeCustomerReturn", params: { return_id: "id" }, tag: "returns", summary: "Finish a processing return (billing was out of reach): refund once, restock or quarantine", errors: [409, 503] },
  { method: "POST", path: `${customer}{return_id}/cancel/`, operation: "CancelCustomerReturn", result: "cancelCustomerReturn", params: { return_id: "id" }, tag: "returns", summary: "Give up a processing return billing did not refund (409 once completed)", errors: [409, 503] },
  { method: "GET", path: "/api/v1/returns/quarantine/", operation: "ListQuarantineRecords", result: "quarantineRecords", paginated: true, query: { pharmacy: "pharmacyId", status: "status", medication_code: "medicationCode" }, tag: "returns", summary: "Returned units held in quarantine, outside stock, until destroyed (filters: status, medication_code)" },
  { method: "POST", path: supplier, operation: "CreateSupplierReturn", result: "createSupplierReturn", body: { variable: "input" }, status: 201, tag: "returns", summary: "Send units of one batch back to the supplier (supplier_return movement; 409 beyond what the batch holds). Honours Idempotency-Key", idempotent: true, errors: [409] },
  { method: "GET", path: supplier, operation: "ListSupplierReturns", result: "supplierReturns", paginated: true, query: { pharmacy: "pharmacyId", supplier: "supplier", purchase_order: "purchaseOrder", medication_code: "medicationCode", date_from: "dateFrom", date_to: "dateTo" }, tag: "returns", summary: "Supplier returns of your pharmacy, newest first (filters: supplier, purchase_order, medication_code, date_from, date_to)" },
  { method: "GET", path: `${supplier}{return_id}/`, operation: "GetSupplierReturn", result: "supplierReturn", params: { return_id: "id" }, tag: "returns", summary: "One supplier return" },
  { method: "POST", path: destruction, operation: "CreateDestruction", result: "createDestruction", body: { variable: "input" }, status: 201, tag: "returns", summary: "Record a witnessed destruction of a batch's units or a quarantine record (destruction movement; controlled register entry for a controlled medicine). Honours Idempotency-Key", idempotent: true, errors: [409] },
  { method: "GET", path: destruction, operation: "ListDestructions", result: "destructions", paginated: true, query: { pharmacy: "pharmacyId", medication_code: "medicationCode", source: "source", date_from: "dateFrom", date_to: "dateTo" }, tag: "returns", summary: "Destructions of your pharmacy, newest first (filters: medication_code, source, date_from, date_to)" },
  { method: "GET", path: `${destruction}{destruction_id}/`, operation: "GetDestruction", result: "destruction", params: { destruction_id: "id" }, tag: "returns", summary: "One destruction" },
];
