import { fileURLToPath } from "node:url";
import type { GraphQLSchema } from "graphql";
import { buildFederatedSchema } from "../../lib/federation.js";
import type { SubgraphModule } from "../../lib/subgraph.js";
import { ClinicalAuditResolver } from "./audit/audit.resolver.js";
import { CopilotResolver } from "./copilot/copilot.resolver.js";
import { CriticalValuesResolver } from "./critical-values/critical-values.resolver.js";
import { seedClinicalDemo } from "./db/seed.js";
import { SoapNoteResolver } from "./documentation/soap-note.resolver.js";
import { DigitizationResolver } from "./digitization/digitization.resolver.js";
import { DrugSafetyResolver } from "./drug-safety/drug-safety.resolver.js";
import { EntityExtractionResolver } from "./extraction/extraction.resolver.js";
import { LabAssistantResolver } from "./lab-assistant/lab-assistant.resolver.js";
import { NurseAssistantResolver } from "./nurse-assistant/nurse-assistant.resolver.js";
import { PharmacistAssistantResolver } from "./pharmacist-assistant/pharmacist-assistant.resolver.js";
import { PatientMessageResolver } from "./patient-messages/patient-message.resolver.js";
import { patientReference } from "./patient/patient.reference.js";
import { PatientFieldsResolver } from "./patient/patient.fields.resolver.js";
import { PatientContactResolver } from "./patient/patient-contact.resolver.js";
import { PatientExistsResolver } from "./patient/patient-exists.resolver.js";
import { PreferencesReadAuditResolver } from "./patient/preferences-read.resolver.js";
import { PatientResolver } from "./patient/patient.resolver.js";
import { ResearcherAssistantResolver } from "./researcher-assistant/researcher-assistant.resolver.js";
import { RiskScoresResolver } from "./risk-scores/risk-scores.resolver.js";
import { SepsisResolver } from "./sepsis/sepsis.resolver.js";
import { TimelineResolver } from "./timeline/timeline.resolver.js";

let schema: Promise<GraphQLSchema> | undefined;

export const clinicalSubgraph: SubgraphModule = {
  name: "clinical",
  schema: () =>
    (schema ??= buildFederatedSchema(
      [PatientResolver, PatientFieldsResolver, PatientExistsResolver, PatientContactResolver, PreferencesReadAuditResolver, TimelineResolver, DrugSafetyResolver, CriticalValuesResolver, SepsisResolver, RiskScoresResolver, CopilotResolver, EntityExtractionResolver, ClinicalAuditResolver, NurseAssistantResolver, LabAssistantResolver, PharmacistAssistantResolver, ResearcherAssistantResolver, SoapNoteResolver, PatientMessageResolver, DigitizationResolver],
      patientReference,
    )),
  migrationsFolder: fileURLToPath(new URL("../../drizzle/clinical", import.meta.url)),
  seedDemo: seedClinicalDemo,
};
