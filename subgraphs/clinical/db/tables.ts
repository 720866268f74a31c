import { date, index, pgSchema, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The clinical subgraph owns the `clinical` Postgres schema; no other subgraph reads it. */
export const clinical = pgSchema("clinical");

export const patients = clinical.table(
  "patients",
  {
    uhid: text("uhid").primaryKey(),
    givenName: text("given_name").notNull(),
    familyName: text("family_name").notNull(),
    sex: text("sex").notNull(), // administrative gender: female | male | other | unknown (FHIR)
    birthDate: date("birth_date").notNull(),
    phone: text("phone"),
    email: text("email"),
    district: text("district"),
    /** Where the record came from (the spec's `source` on the patient list). */
    source: text("source").notNull().default("local_registry"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("patients_family_name_idx").on(t.familyName, t.givenName)],
);

export const encounters = clinical.table(
  "encounters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientUhid: text("patient_uhid").notNull().references(() => patients.uhid),
    date: date("date").notNull(),
    /** outpatient | inpatient | emergency | telehealth */
    type: text("type").notNull(),
    chiefComplaint: text("chief_complaint").notNull(),
    facility: text("facility"),
    /** Inpatient stays: discharge date, for length of stay. */
    dischargeDate: date("discharge_date"),
  },
  (t) => [index("encounters_patient_date_idx").on(t.patientUhid, t.date)],
);

export const diagnoses = clinical.table(
  "diagnoses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientUhid: text("patient_uhid").notNull().references(() => patients.uhid),
    encounterId: uuid("encounter_id").references(() => encounters.id),
    /** ICD-10 code. */
    code: text("code").notNull(),
    display: text("display").notNull(),
    date: date("date").notNull(),
    /** chronic | acute | resolved */
    status: text("status").notNull().default("acute"),
  },
  (t) => [index("diagnoses_patient_date_idx").on(t.patientUhid, t.date)],
);

export const medications = clinical.table(
  "medications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientUhid: text("patient_uhid").notNull().references(() => patients.uhid),
    /** RxNorm ingredient RxCUI when known (never guessed). */
    rxnormCode: text("rxnorm_code"),
    name: text("name").notNull(),
    dose: text("dose").notNull(),
    frequency: text("frequency").notNull(),
    /** active | completed | stopped */
    status: text("status").notNull(),
    startDate: date("start_date").notNull(),
  },
  (t) => [index("medications_patient_idx").on(t.patientUhid, t.startDate)],
);

export const observations = clinical.table(
  "observations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientUhid: text("patient_uhid").notNull().references(() => patients.uhid),
    /** LOINC code. */
    code: text("code").notNull(),
    display: text("display").notNull(),
    value: text("value").notNull(),
    unit: text("unit"),
    date: date("date").notNull(),
  },
  (t) => [index("observations_patient_date_idx").on(t.patientUhid, t.date)],
);

export const allergies = clinical.table("allergies", {
  id: uuid("id").primaryKey().defaultRandom(),
  patientUhid: text("patient_uhid").notNull().references(() => patients.uhid),
  substance: text("substance").notNull(),
  reaction: text("reaction"),
  /** mild | moderate | severe */
  severity: text("severity"),
  recordedOn: date("recorded_on").notNull(),
});

