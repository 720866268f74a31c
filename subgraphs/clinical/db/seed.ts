import { count } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import type { Logger } from "../../../lib/logger.js";
import { isoDateDaysAgo, readDemoFile } from "../../../lib/seed.js";
import { getKnowledge } from "../knowledge/knowledge.js";
import { loadLiteratureCorpus } from "../researcher-assistant/literature-corpus.js";
import { allergies, diagnoses, encounters, medications, observations, patients } from "./tables.js";

interface DemoPatient {
  uhid: string;
  given_name: string;
  family_name: string;
  sex: string;
  birth_date: string;
  phone: string | null;
  email: string | null;
  district: string;
  encounters: { id: string; days_ago: number; type: string; chief_complaint: string; facility: string; los_days: number | null }[];
  diagnoses: { code: string; display: string; days_ago: number; status: string; encounter_id?: string }[];
  medications: { name: string; rxnorm: string | null; dose: string; frequency: string; status: string; days_ago: number }[];
  observations: { code: string; display: string; value: string; unit: string; days_ago: number }[];
  allergies: { substance: string; reaction: string; severity: string; days_ago: number }[];
}

/**
 * Loads and indexes the clinical knowledge base and loads the literature corpus (idempotent, every
 * start, so the first request finds the index built; the engines and the literature search also load
 * them on first use when SEED_DEMO is off), then the demo patients when the registry is empty; all or nothing.
 */
export async function seedClinicalDemo(db: Db, logger: Logger): Promise<boolean> {
  await getKnowledge(db);
  if (await loadLiteratureCorpus(db)) logger.info("literature corpus loaded");
  const [{ n }] = await db.select({ n: count() }).from(patients);
  if (n > 0) return false;
  const { patients: demo } = readDemoFile<{ patients: DemoPatient[] }>("clinical.json");
  await db.transaction(async (tx) => {
    await tx.insert(patients).values(
      demo.map((p) => ({
        uhid: p.uhid,
        givenName: p.given_name,
        familyName: p.family_name,
        sex: p.sex,
        birthDate: p.birth_date,
        phone: p.phone,
        email: p.email,
        district: p.district,
      })),
    );
    const enc = demo.flatMap((p) =>
      p.encounters.map((e) => ({
        id: e.id,
        patientUhid: p.uhid,
        date: isoDateDaysAgo(e.days_ago),
        type: e.type,
        chiefComplaint: e.chief_complaint,
        facility: e.facility,
        dischargeDate: e.los_days === null ? null : isoDateDaysAgo(e.days_ago - e.los_days),
      })),
    );
    const dx = demo.flatMap((p) =>
      p.diagnoses.map((d) => ({
        patientUhid: p.uhid,
        encounterId: d.encounter_id ?? null,
        code: d.code,
        display: d.display,
        date: isoDateDaysAgo(d.days_ago),
        status: d.status,
      })),
    );
    const meds = demo.flatMap((p) =>
      p.medications.map((m) => ({
        patientUhid: p.uhid,
        rxnormCode: m.rxnorm,
        name: m.name,
        dose: m.dose,
        frequency: m.frequency,
        status: m.status,
        startDate: isoDateDaysAgo(m.days_ago),
      })),
    );
    const obs = demo.flatMap((p) =>
      p.observations.map((o) => ({ patientUhid: p.uhid, code: o.code, display: o.display, value: o.value, unit: o.unit, date: isoDateDaysAgo(o.days_ago) })),
    );
    const alg = demo.flatMap((p) =>
      p.allergies.map((a) => ({ patientUhid: p.uhid, substance: a.substance, reaction: a.reaction, severity: a.severity, recordedOn: isoDateDaysAgo(a.days_ago) })),
    );
    if (enc.length) await tx.insert(encounters).values(enc);
    if (dx.length) await tx.insert(diagnoses).values(dx);
    if (meds.length) await tx.insert(medications).values(meds);
    if (obs.length) await tx.insert(observations).values(obs);
    if (alg.length) await tx.insert(allergies).values(alg);
  });
  logger.info({ patients: demo.length }, "clinical demo data loaded");
  return true;
}
