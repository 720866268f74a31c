import type { RouteDef } from "../route.js";

export const clinicalRoutes: RouteDef[] = [
  { method: "GET", path: "/api/v1/uhid/", operation: "ListPatients", result: "patients", paginated: true, envelopeExtras: ["source"], query: { search: "search" }, tag: "patients", summary: "List patients (registry), paginated; `source` names the data origin" },
  { method: "POST", path: "/api/v1/uhid/", operation: "RegisterPatient", result: "registerPatient", body: { variable: "input" }, status: 201, tag: "patients", summary: "Register a patient; the UHID is minted when not given" },
  { method: "GET", path: "/api/v1/uhid/{uhid}/", operation: "GetPatient", result: "patient", tag: "patients", summary: "One patient by UHID" },
  { method: "GET", path: "/api/v1/patient-timeline/timeline/{uhid}/", operation: "PatientTimeline", result: "patientTimeline", query: { days: "days" }, tag: "clinical-ai", summary: "Patient timeline for retrieval-augmented context (`days` sets the window, default 365)" },
];
