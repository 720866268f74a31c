import type { RouteDef } from "../route.js";

const drugSafety = "/api/v1/drug-safety/";
const register = `${drugSafety}controlled-register/`;

/** Drug safety (issue 10): the pharmacy's interaction, allergy and controlled-substance paths. */
export const drugSafetyRoutes: RouteDef[] = [
  // One knowledge base: the pharmacy asks the clinical engine through the gateway (503 when it cannot be reached).
  { method: "GET", path: `${drugSafety}interactions/`, operation: "DrugInteractions", result: "drugInteractions", query: { items: "items", patient_uhid: "patientUhid" }, tag: "drug-safety", summary: "Interaction check of every pair of `items` (comma-separated medication codes, at most 20); `patient_uhid` adds the patient's active medications, conditions and allergies; unknown codes are listed in `unrecognized`", errors: [404, 503] },
  { method: "GET", path: `${drugSafety}allergies/`, operation: "PatientAllergies", result: "patientAllergies", query: { uhid: "uhid" }, tag: "drug-safety", summary: "A patient's recorded drug allergies with allergen classes (404 for an unknown uhid); every read is audited", errors: [404, 503] },
  { method: "GET", path: `${drugSafety}controlled-substances/`, operation: "ListControlledSubstances", result: "controlledSubstances", paginated: true, query: { schedule: "schedule", search: "search" }, tag: "drug-safety", summary: "Controlled medicines of the catalog: schedule, per-prescription limit, witness rule (filters: schedule, search)" },
  { method: "POST", path: register, operation: "RecordControlledTransaction", result: "recordControlledTransaction", body: { variable: "input" }, status: 201, tag: "drug-safety", summary: "Record a controlled substance transaction (append-only; balance before/after; 409 when the balance would go below zero)", errors: [409] },
  { method: "GET", path: register, operation: "ListControlledRegister", result: "controlledRegister", paginated: true, query: { pharmacy: "pharmacyId", medication_code: "medicationCode", transaction_type: "transactionType", date_from: "dateFrom", date_to: "dateTo" }, tag: "drug-safety", summary: "The controlled-drug register, newest first (filters: pharmacy, medication_code, transaction_type, date_from, date_to)" },
];
