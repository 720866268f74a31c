/**
 * Drug interaction query (pharmacy). The facts live in ONE place, the clinical knowledge base: this
 * asks the clinical subgraph's `drugInteractionsAmong` through the gateway (federation) and maps the
 * answer back to medication codes. Dispensing calls `checkInteractions` before a dispense.
 */
import { fieldError } from "../../../lib/errors.js";
import { queryGateway, type GatewayCaller } from "../../../lib/gateway-client.js";
import { medicationByCode } from "../inventory/medications/catalog.js";
import type { InteractionCheck, InteractionFinding } from "./interactions.type.js";

/** Most codes one query takes (20 codes are 190 pairs). */
export const MAX_INTERACTION_ITEMS = 20;

const AMONG = /* GraphQL */ `
  query PharmacyDrugInteractionsAmong($medications: [MedicationRefInput!]!, $patientUhid: ID) {
    drugInteractionsAmong(medications: $medications, patientUhid: $patientUhid) {
      safe checkedPairs patientMedications warnings processingTimeMs requiresReview auditId rulesetVersion
      interactions { type severity drugs description recommendation mechanism source ruleId }
      unidentifiedMedications { code name }
    }
  }
`;

interface AmongAnswer {
  drugInteractionsAmong: {
    safe: boolean;
    checkedPairs: number;
    patientMedications: string[];
    warnings: string[];
    processingTimeMs: number;
    requiresReview: boolean;
    auditId: string;
    rulesetVersion: string;
    interactions: { type: string; severity: string; drugs: string[]; description: string; recommendation: string; mechanism: string | null; source: string; ruleId: string }[];
    unidentifiedMedications: { code: string | null; name: string }[];
  };
}

/** Splits and checks the `items` list: codes trimmed, duplicates dropped, 1–20 codes (400 otherwise). */
export function parseInteractionItems(items: string[]): string[] {
  const codes = [...new Set(items.flatMap((i) => i.split(",")).map((c) => c.trim()).filter(Boolean))];
  if (!codes.length) throw fieldError("items", "name at least one medication code");
  if (codes.length > MAX_INTERACTION_ITEMS) throw fieldError("items", `at most ${MAX_INTERACTION_ITEMS} medication codes`);
  const tooLong = codes.find((c) => c.length > 32);
  if (tooLong) throw fieldError("items", "a medication code is at most 32 characters");
  return codes;
}

/**
 * Checks every pair of the medications (catalog codes) and, with a patient, each against the patient's
 * active medications, conditions and recorded allergies, as the clinical engine does. A code the
 * catalog does not list is still asked about by code; one the knowledge base does not recognise is
 * returned in `unrecognized` (never silently dropped). Fewer than two recognised codes is an answer.
 */
export async function checkInteractions(ctx: GatewayCaller, codes: string[], opts: { patientUhid?: string | null; bearer?: string } = {}): Promise<InteractionCheck> {
  const unique = parseInteractionItems(codes);
  const items = unique.map((code) => {
    const med = medicationByCode(code);
    // The engine identifies by RxCUI, then by name: a local code travels by its generic name only.
    return { code, med, ref: { code: med?.rxcui ?? (med ? "" : code), name: med?.genericName ?? code } };
  });
  const data = await queryGateway<AmongAnswer>(ctx, AMONG, { medications: items.map((i) => i.ref), patientUhid: opts.patientUhid ?? null }, { bearer: opts.bearer });
  const r = data.drugInteractionsAmong;
  const unrecognizedKeys = new Set(r.unidentifiedMedications.map((m) => `${m.code ?? ""}|${m.name}`));
  const isUnrecognized = (i: (typeof items)[number]) => unrecognizedKeys.has(`${i.ref.code}|${i.ref.name}`);
  const codeOfName = new Map(items.map((i) => [i.ref.name, i.code]));
  const interactions: InteractionFinding[] = r.interactions.map((f) => ({
    type: f.type,
    severity: f.severity,
    drugs: f.drugs,
    codes: f.drugs.map((d) => codeOfName.get(d)).filter((c): c is string => Boolean(c)),
    description: f.description,
    mechanism: f.mechanism,
    management: f.recommendation,
    source: f.source,
    ruleId: f.ruleId,
  }));
  return {
    safe: r.safe,
    items: items.map((i) => ({ code: i.code, name: i.med?.genericName ?? null, inCatalog: Boolean(i.med), recognized: !isUnrecognized(i) })),
    interactions,
    unrecognized: items.filter(isUnrecognized).map((i) => i.code),
    checkedPairs: r.checkedPairs,
    patientUhid: opts.patientUhid ?? null,
    patientMedications: r.patientMedications,
    warnings: r.warnings,
    processingTimeMs: r.processingTimeMs,
    requiresReview: r.requiresReview,
    auditId: r.auditId,
    rulesetVersion: r.rulesetVersion,
  };
}
