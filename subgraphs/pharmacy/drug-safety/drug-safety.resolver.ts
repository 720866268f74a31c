import { Arg, Args, Authorized, Ctx, ID, Query, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { badRequest, fieldError } from "../../../lib/errors.js";
import { PageArgs, pageWindow, toPage } from "../../../lib/pagination.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { findMedications } from "../inventory/medications/catalog.js";
import { checkSchedule, toMedication } from "../inventory/medications/medication.resolver.js";
import { MedicationPage } from "../inventory/medications/medication.type.js";
import { patientAllergies } from "./allergies.service.js";
import { PatientAllergies } from "./allergies.type.js";
import { checkInteractions } from "./interactions.service.js";
import { InteractionCheck } from "./interactions.type.js";

/** `uhid` or `patient_uhid`, the same patient (400 when neither, or both and different). */
function oneUhid(uhid: string | null, patientUhid: string | null): string {
  const a = uhid?.trim() || null;
  const b = patientUhid?.trim() || null;
  if (a && b && a !== b) throw badRequest("uhid and patient_uhid name different patients; send one", { uhid: ["differs from patient_uhid"], patientUhid: ["differs from uhid"] });
  const one = a ?? b;
  if (!one) throw fieldError("uhid", "is required (or patient_uhid)");
  return one;
}

@Resolver()
@UseMiddleware(RateLimit("pharmacy"))
export class DrugSafetyQueriesResolver {
  @Authorized("cds:drug-safety")
  @Query(() => InteractionCheck, { description: "Drug interaction query (pharmacy): every pair of the medication codes (at most 20), by the clinical knowledge base; with patientUhid also the patient's active medications, conditions and allergies." })
  drugInteractions(
    @Arg("items", () => String, { description: "Comma-separated medication codes (as the REST query parameter)." }) items: string,
    @Arg("patientUhid", () => ID, { nullable: true, description: "Also check each item against this patient's active medications, conditions and recorded allergies (404 for a UHID the registry does not hold)." }) patientUhid: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<InteractionCheck> {
    return checkInteractions(ctx, [items], { patientUhid });
  }

  @Authorized("cds:drug-safety")
  @Query(() => PatientAllergies, { description: "A patient's recorded drug allergies with allergen classes (404 for an unknown UHID); each read is audited." })
  patientAllergies(
    @Arg("uhid", () => ID, { nullable: true, description: "The patient's UHID (or patientUhid)." }) uhid: string | null,
    @Ctx() ctx: SubgraphContext,
    @Arg("patientUhid", () => ID, { nullable: true, description: "The patient's UHID under the name drugInteractions uses (the spec names identity `uhid` / `patient_uhid`); both given and different is 400." }) patientUhid?: string | null,
  ): Promise<PatientAllergies> {
    return patientAllergies(ctx, oneUhid(uhid, patientUhid ?? null));
  }

  @Authorized("medications:read")
  @Query(() => MedicationPage, { description: "Controlled medicines of the catalog with schedule, per-prescription limit and witness rule." })
  controlledSubstances(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("schedule", () => String, { nullable: true, description: "1961-I, 1961-II, 1971-IV or platform." }) schedule: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the generic name or a synonym (any case), or an exact code." }) search: string | null,
  ): MedicationPage {
    const w = pageWindow(page);
    checkSchedule(schedule);
    const all = findMedications({ controlled: true, schedule, search });
    return toPage(all.slice(w.offset, w.offset + w.limit).map(toMedication), all.length, w);
  }
}
