import type { RouteDef } from "../route.js";

/** Document digitization (issue 12): multipart upload in, digitized document (with FHIR R4 resources) out. */
export const documentDigitizationRoutes: RouteDef[] = [
  { method: "POST", path: "/api/v1/document-digitization/process/", operation: "ProcessDocument", result: "digitizeDocument", multipart: { variable: "input", files: ["document"] }, tag: "clinical-ai", summary: "OCR, classify and convert a document (PDF, PNG, JPEG, TIFF) into lab results and FHIR R4 resources; stored and linked to the patient", errors: [404] },
  { method: "GET", path: "/api/v1/document-digitization/documents/{document_id}/", operation: "GetDigitizedDocument", result: "digitizedDocument", tag: "clinical-ai", summary: "A digitized document: its results and FHIR resources", unlimited: true },
];
