import type { RouteDef } from "../route.js";

const charges = "/api/v1/charges/";
const payments = "/api/v1/payments/";
const services = "/api/v1/billing/services/";
const refunds = "/api/v1/refunds/";

/** The spec's {billing_url} calls, served by the billing subgraph (the pharmacy calls them over HTTP). */
export const billingRoutes: RouteDef[] = [
  { method: "POST", path: charges, operation: "CreateCharge", result: "createCharge", body: { variable: "input" }, status: 201, tag: "billing", summary: "Create a billing charge, priced by billing (price list, or the referenced sale's total); idempotent per pharmacy, reference_type and reference_id and per Idempotency-Key", idempotent: true, errors: [409] },
  { method: "GET", path: charges, operation: "ListCharges", result: "charges", paginated: true, query: { reference_type: "referenceType", reference_id: "referenceId", status: "status" }, tag: "billing", summary: "List billing charges" },
  { method: "GET", path: `${charges}{charge_id}/`, operation: "GetCharge", result: "charge", params: { charge_id: "id" }, tag: "billing", summary: "One billing charge with its payments" },
  { method: "GET", path: services, operation: "ListServicePrices", result: "servicePrices", paginated: true, query: { pharmacy_id: "pharmacyId", service_code: "serviceCode", search: "search" }, tag: "billing", summary: "Billing's service price list: what a charge for each service code costs (per pharmacy where it differs)" },
  { method: "POST", path: payments, operation: "CreatePayment", result: "createPayment", body: { variable: "input" }, status: 201, tag: "billing", summary: "Process a payment for a charge (cash, mobile_money, card); never more than the balance due", idempotent: true, errors: [404, 409] },
  { method: "GET", path: `${payments}{payment_id}/`, operation: "GetPayment", result: "payment", params: { payment_id: "id" }, tag: "billing", summary: "One payment" },
  // Our design (customer returns, issue 11): money back against a charge, never more than was paid.
  { method: "POST", path: refunds, operation: "CreateRefund", result: "createRefund", body: { variable: "input" }, status: 201, tag: "billing", summary: "Refund against a charge (never more than paid, over all refunds) for a customer return (reference_type customer_return): the returns flow (service) or a pharmacist, never a cashier; one per charge and reference, idempotent per Idempotency-Key", idempotent: true, errors: [404, 409] },
  { method: "GET", path: refunds, operation: "ListRefunds", result: "refunds", paginated: true, query: { charge_id: "chargeId", reference_type: "referenceType", reference_id: "referenceId" }, tag: "billing", summary: "List refunds (filters: charge_id, reference_type, reference_id)" },
  { method: "GET", path: `${refunds}{refund_id}/`, operation: "GetRefund", result: "refund", params: { refund_id: "id" }, tag: "billing", summary: "One refund" },
];
