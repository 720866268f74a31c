import type { RouteDef } from "../route.js";

/**
 * Role assistants (issue 12): /api/v1/multi-role/<role>/<task>/, each a clinical-subgraph mutation that
 * reuses the clinical engines; role-gated (lib/access.ts "assistant:*"), 60/min per credential
 * (multi_role_assistants), every call audited. docs/decisions/clinical.md, "Role assistants".
 */
export const multiRoleRoutes: RouteDef[] = [
  { method: "POST", path: "/api/v1/multi-role/nurse/assessment/", operation: "NurseAssessment", result: "nurseAssessment", body: { variable: "input" }, tag: "multi-role", summary: "NEWS2 (RCP 2017) from vitals, or the patient's latest observations: per-parameter scores, risk band, monitoring and escalation", errors: [404] },
  { method: "POST", path: "/api/v1/multi-role/nurse/medication-schedule/", operation: "NurseMedicationSchedule", result: "nurseMedicationSchedule", body: { variable: "input" }, tag: "multi-role", summary: "The day's administration times (Africa/Kampala) of the patient's active medications; PRN apart; unreadable frequencies reported", errors: [404] },
  { method: "POST", path: "/api/v1/multi-role/nurse/handoff-summary/", operation: "NurseHandoffSummary", result: "nurseHandoffSummary", body: { variable: "input" }, tag: "multi-role", summary: "SBAR handoff from the record: situation, background, assessment (vitals, NEWS2, abnormal labs), recommendation", errors: [404] },
  { method: "POST", path: "/api/v1/multi-role/lab/interpret/", operation: "LabInterpretResult", result: "labInterpretResult", body: { variable: "input" }, tag: "multi-role", summary: "A result against LOINC reference ranges and critical limits (flag N/L/H/LL/HH), with the trend and delta checks against the patient's prior results", errors: [404] },
  { method: "POST", path: "/api/v1/multi-role/lab/critical-values/", operation: "LabCheckCriticalValue", result: "labCheckCriticalValue", body: { variable: "input" }, tag: "multi-role", summary: "The critical-values check from the lab assistant: assess, store on the timeline, alert when critical", idempotent: true, errors: [404] },
  { method: "POST", path: "/api/v1/multi-role/lab/qc-evaluation/", operation: "LabQcEvaluation", result: "labQcEvaluation", body: { variable: "input" }, tag: "multi-role", summary: "Westgard multirule QC on control runs: violated rules with run indices, accept or reject" },
  { method: "POST", path: "/api/v1/multi-role/pharmacist/drug-interactions/", operation: "PharmacistCheckDrugInteractions", result: "pharmacistCheckDrugInteractions", body: { variable: "input" }, tag: "multi-role", summary: "The drug-interaction check (drug-drug, drug-condition, drug-allergy) from the pharmacist assistant", errors: [404] },
  { method: "POST", path: "/api/v1/multi-role/pharmacist/verify-prescription/", operation: "PharmacistVerifyPrescription", result: "pharmacistVerifyPrescription", body: { variable: "input" }, tag: "multi-role", summary: "Verify a prescription's items: known medicines, dose and frequency, interactions, allergies, contraindications, duplicate therapy", errors: [404] },
  { method: "POST", path: "/api/v1/multi-role/pharmacist/counseling-points/", operation: "PharmacistCounselingPoints", result: "pharmacistCounselingPoints", body: { variable: "input" }, tag: "multi-role", summary: "Counseling points per medicine (how to take, common side effects, warnings), from sourced data only", errors: [404] },
];
