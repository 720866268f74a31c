import type { RouteDef } from "../route.js";

export const clinicalRoutes: RouteDef[] = [
  { method: "GET", path: "/api/v1/uhid/", operation: "ListPatients", result: "patients", paginated: true, envelopeExtras: ["source"], query: { search: "search" }, tag: "patients", summary: "List patients (registry), paginated; `source` names the data origin" },
  { method: "POST", path: "/api/v1/uhid/", operation: "RegisterPatient", result: "registerPatient", body: { variable: "input" }, status: 201, tag: "patients", summary: "Register a patient; the UHID is minted when not given" },
  { method: "GET", path: "/api/v1/uhid/{uhid}/", operation: "GetPatient", result: "patient", tag: "patients", summary: "One patient by UHID" },
  { method: "GET", path: "/api/v1/patient-timeline/timeline/{uhid}/", operation: "PatientTimeline", result: "patientTimeline", query: { days: "days" }, tag: "clinical-ai", summary: "Patient timeline for retrieval-augmented context (`days` sets the window, default 365)" },
  // Clinical AI (issue 4): advisory, audited, rate-limited per category.
  { method: "POST", path: "/api/v1/clinical-decision-support/drug-interactions/", operation: "CheckDrugInteractions", result: "checkDrugInteractions", body: { variable: "input" }, tag: "clinical-ai", summary: "Check a new medication for drug-drug, drug-condition and drug-allergy problems" },
  { method: "POST", path: "/api/v1/clinical-decision-support/critical-values/", operation: "CheckCriticalValue", result: "checkCriticalValue", body: { variable: "input" }, tag: "clinical-ai", summary: "Assess a lab value against LOINC critical limits; store it; alert when critical" },
  { method: "POST", path: "/api/v1/predictive-analytics/sepsis-risk/", operation: "AssessSepsisRisk", result: "assessSepsisRisk", body: { variable: "input" }, tag: "clinical-ai", summary: "Sepsis screen (qSOFA, SIRS, lactate); a high result alerts the care team" },
  { method: "POST", path: "/api/v1/predictive-analytics/risk-scores/", operation: "CalculateRiskScores", result: "calculateRiskScores", body: { variable: "input" }, tag: "clinical-ai", summary: "Cardiovascular (Framingham 2008), 30-day readmission (LACE) and 1-year mortality (Charlson) from the stored record" },
  { method: "POST", path: "/api/v1/copilot/encounter/start/", operation: "StartCopilotEncounter", result: "startCopilotEncounter", body: { variable: "input" }, tag: "clinical-ai", summary: "Start an encounter copilot session (patient context and alerts)" },
  { method: "POST", path: "/api/v1/copilot/encounter/analyze-symptoms/", operation: "AnalyzeCopilotSymptoms", result: "analyzeCopilotSymptoms", body: { variable: "input" }, tag: "clinical-ai", summary: "Rank a differential diagnosis for the session's patient, with urgency, tests and red flags" },
  { method: "GET", path: "/api/v1/clinical-audit/records/", operation: "ListClinicalAuditRecords", result: "clinicalAuditRecords", paginated: true, query: { operation: "operation", patient_uhid: "patientUhid" }, tag: "clinical-audit", summary: "Clinical AI audit log, newest first (auditors)" },
  { method: "GET", path: "/api/v1/clinical-audit/verify/", operation: "VerifyClinicalAuditChain", result: "verifyClinicalAuditChain", tag: "clinical-audit", summary: "Recompute the audit hash chain and report the first broken record" },
  { method: "POST", path: "/api/v1/clinical-audit/overrides/", operation: "RecordClinicalOverride", result: "recordClinicalOverride", body: { variable: "input" }, status: 201, tag: "clinical-audit", summary: "Accept, reject or modify (with a reason) an audited AI output" },
];
