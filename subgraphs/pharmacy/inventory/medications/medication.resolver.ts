import { Arg, Args, Authorized, Query, Resolver, UseMiddleware } from "type-graphql";
import { fieldError, notFound } from "../../../../lib/errors.js";
import { PageArgs, pageWindow, toPage } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { CONTROLLED_SCHEDULES, findMedications, medicationByCode, MEDICATION_CATALOG_VERSION, type CatalogMedication } from "./catalog.js";
import { Medication, MedicationPage } from "./medication.type.js";

export const toMedication = (m: CatalogMedication): Medication => ({ ...m, catalogVersion: MEDICATION_CATALOG_VERSION });

/** Checks a `schedule` filter against the allowed set (400 naming the values). */
export function checkSchedule(schedule: string | null | undefined): void {
  if (schedule && !(CONTROLLED_SCHEDULES as readonly string[]).includes(schedule)) throw fieldError("schedule", `must be one of ${CONTROLLED_SCHEDULES.join(", ")}`);
}

@Resolver()
@UseMiddleware(RateLimit("pharmacy"))
export class MedicationResolver {
  @Authorized("medications:read")
  @Query(() => MedicationPage, { description: "The medication catalog, by generic name; search matches names, synonyms and codes." })
  medications(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("search", () => String, { nullable: true, description: "Words of the generic name or a synonym (any case, accents ignored; brands, abbreviations and misspellings matched, best match first), or an exact code." }) search: string | null,
    @Arg("atc", () => String, { nullable: true, description: "ATC code prefix (C03: diuretics)." }) atc: string | null,
    @Arg("controlled", () => Boolean, { nullable: true, description: "Only controlled (true) or uncontrolled (false) medicines." }) controlled: boolean | null,
    @Arg("schedule", () => String, { nullable: true, description: "1961-I, 1961-II, 1971-IV or platform." }) schedule: string | null,
    @Arg("coldChain", () => Boolean, { nullable: true, description: "Only medicines kept in the cold chain (true) or not (false)." }) coldChain: boolean | null,
    @Arg("essential", () => Boolean, { nullable: true, description: "On the WHO Model List 2023 (true), or not confirmed on it (false)." }) essential: boolean | null,
    @Arg("form", () => String, { nullable: true, description: "Dosage form word (tablet, injection, ...)." }) form: string | null,
  ): MedicationPage {
    const w = pageWindow(page);
    checkSchedule(schedule);
    if (atc && !/^[A-Za-z0-9]{1,7}$/.test(atc.trim())) throw fieldError("atc", "must be an ATC code or prefix such as C03 or N02AA01");
    const all = findMedications({ search, atc, controlled, schedule, coldChain, essential, form });
    return toPage(all.slice(w.offset, w.offset + w.limit).map(toMedication), all.length, w);
  }

  @Authorized("medications:read")
  @Query(() => Medication, { description: "One catalog medicine by medication_code (404 when not listed)." })
  medication(@Arg("code", () => String, { description: "medication_code: an RxCUI or a local: code (exact match)." }) code: string): Medication {
    const m = medicationByCode(code);
    if (!m) throw notFound("Medication", code);
    return toMedication(m);
  }
}
