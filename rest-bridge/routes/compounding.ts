import type { RouteDef } from "../route.js";

const formulas = "/api/v1/compounding/formulas/";
const ingredients = "/api/v1/compounding/ingredients/";
const preparations = "/api/v1/compounding/preparations/";

/** Spec workflow 5: select formula, check ingredients, verify stock, record preparation. docs/decisions/pharmacy.md, "Compounding". */
export const compoundingRoutes: RouteDef[] = [
  { method: "GET", path: formulas, operation: "ListCompoundFormulas", result: "compoundFormulas", paginated: true, query: { status: "status", search: "search", dosage_form: "dosageForm", stock_code: "stockCode" }, tag: "compounding", summary: "Compound formulas by code (filters: status, dosage_form, stock_code of an ingredient; search: code or name)" },
  { method: "POST", path: formulas, operation: "CreateCompoundFormula", result: "createCompoundFormula", body: { variable: "input" }, status: 201, tag: "compounding", summary: "Write a compound formula (draft; 409 when the code is taken)", errors: [409] },
  { method: "GET", path: `${formulas}{formula_id}/`, operation: "GetCompoundFormula", result: "compoundFormula", params: { formula_id: "id" }, tag: "compounding", summary: "One formula with its ingredients" },
  { method: "POST", path: `${formulas}{formula_id}/approve/`, operation: "ApproveCompoundFormula", result: "approveCompoundFormula", params: { formula_id: "id" }, tag: "compounding", summary: "Approve a draft formula (a pharmacist other than its author; 409 from another state)", errors: [409] },
  { method: "POST", path: `${formulas}{formula_id}/retire/`, operation: "RetireCompoundFormula", result: "retireCompoundFormula", params: { formula_id: "id" }, tag: "compounding", summary: "Retire a formula (no new preparations or prescriptions): a draft by its author, an approved formula by its author or approver, or an admin (403 otherwise)", errors: [409] },
  { method: "GET", path: ingredients, operation: "ListCompoundFormulaIngredients", result: "compoundFormulaIngredients", paginated: true, query: { formula: "formulaId", kind: "kind", stock_code: "stockCode", search: "search" }, tag: "compounding", summary: "Formula ingredients (filters: formula, kind, stock_code; search: name or code)" },
  { method: "POST", path: preparations, operation: "CreateCompoundPreparation", result: "createCompoundPreparation", body: { variable: "input" }, status: 201, tag: "compounding", summary: "Record a preparation: ingredients checked against the formula (409 missing or out of tolerance) and stock (409), drawn FEFO, and the batch put into stock with its beyond-use date, in one transaction. Honours Idempotency-Key", idempotent: true, errors: [409] },
  { method: "GET", path: preparations, operation: "ListCompoundPreparations", result: "compoundPreparations", paginated: true, query: { pharmacy: "pharmacyId", formula: "formulaId", date_from: "dateFrom", date_to: "dateTo", search: "search" }, tag: "compounding", summary: "Preparations of your pharmacy, newest first (filters: formula, date_from, date_to; search: lot number)" },
  { method: "GET", path: `${preparations}{preparation_id}/`, operation: "GetCompoundPreparation", result: "compoundPreparation", params: { preparation_id: "id" }, tag: "compounding", summary: "One preparation with the ingredients used" },
];
