import { index, integer, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";

/** Prescriptions are a marketplace: any participating pharmacy may dispense one, exactly once. */
export const prescriptions = pharmacy.table(
  "prescriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientUhid: text("patient_uhid").notNull(),
    prescriber: text("prescriber").notNull(),
    medicationCode: text("medication_code"),
    medicationName: text("medication_name").notNull(),
    dose: text("dose").notNull(),
    frequency: text("frequency").notNull(),
    quantity: integer("quantity").notNull(),
    /** pending | dispensed | cancelled */
    status: text("status").notNull().default("pending"),
    dispensedBy: uuid("dispensed_by_pharmacy"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("prescriptions_patient_idx").on(t.patientUhid, t.issuedAt)],
);
