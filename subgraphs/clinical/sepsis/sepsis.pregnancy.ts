import { eq } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { diagnoses } from "../db/tables.js";
import type { Knowledge } from "../knowledge/knowledge.js";
import { news2Applicability } from "../nurse-assistant/news2.engine.js";
import type { SepsisRiskInput } from "./sepsis.type.js";

/**
 * Why the obstetric criteria apply, or null. The request decides when it says pregnant or postpartum
 * (either flag given); otherwise a current pregnancy diagnosis on the record does, found as NEWS2 finds it
 * (news2Applicability over knowledge/news2.json population: O00-O9A, Z33, Z34, Z3A, not resolved, within
 * the window of a pregnancy and its puerperium). NEWS2's own age gate (16) is not this screen's: the
 * look-up is asked at that age so a pregnant 12- to 15-year-old is found too.
 */
export async function obstetricReason(db: Db, k: Knowledge, input: SepsisRiskInput, uhid: string, ageYears: number, today: string): Promise<string | null> {
  if (input.pregnant) return "pregnant (stated in the request)";
  if (input.postpartum) return "pregnant in the past 6 weeks (stated in the request)";
  if (input.pregnant === false || input.postpartum === false) return null;
  const dx = await db.select({ code: diagnoses.code, status: diagnoses.status, date: diagnoses.date }).from(diagnoses).where(eq(diagnoses.patientUhid, uhid));
  const population = k.news2.population;
  const { note } = news2Applicability(population, Math.max(ageYears, population.min_age_years), dx, today);
  return note ? `pregnancy on the record: ${note}` : null;
}
