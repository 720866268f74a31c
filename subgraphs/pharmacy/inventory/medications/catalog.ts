/**
 * The pharmacy's medication catalog: reference data in `medications.json` (versioned, a source per
 * entry), keyed by `code` — the `medication_code` every pharmacy record uses. Other areas look a
 * medicine up with `medicationByCode` (dispensing: controlled schedule, per-prescription limit, witness).
 * See docs/decisions/pharmacy.md, "Medication catalog".
 */
import { readFileSync } from "node:fs";
import { rankByName } from "./name-search.js";

/** Schedules a controlled medicine may carry: UN 1961 Single Convention I/II, UN 1971 Convention IV, or platform policy. */
export const CONTROLLED_SCHEDULES = ["1961-I", "1961-II", "1971-IV", "platform"] as const;
export type ControlledSchedule = (typeof CONTROLLED_SCHEDULES)[number];

export interface CatalogMedication {
  /** The `medication_code`: RxNorm ingredient RxCUI when confirmed, else a `local:` code. */
  code: string;
  rxcui: string | null;
  codeSystem: "RxNorm" | "local";
  genericName: string;
  synonyms: string[];
  dosageForm: string;
  strength: string;
  atcCode: string;
  atcClass: string;
  atcSource: string;
  controlled: boolean;
  schedule: ControlledSchedule | null;
  scheduleSource: string | null;
  /** Most units one prescription may order (controlled medicines). */
  maxQuantityPerPrescription: number | null;
  /** A second member of staff must witness each register entry. */
  witnessRequired: boolean;
  limitSource: string | null;
  coldChain: boolean;
  storageMinC: number | null;
  storageMaxC: number | null;
  storageSource: string | null;
  /** On the WHO Model List of Essential Medicines 2023; null when unconfirmed. */
  whoEml2023: boolean | null;
  whoEmlSource: string;
  /** Uganda EMHSLU level, when sourced (null: not sourced). */
  emhslu: string | null;
  /** Where the code comes from. */
  source: string;
}

interface CatalogFile {
  name: "medications";
  version: string;
  medications: Record<string, unknown>[];
}

const snakeToCamel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function loadCatalog(): { version: string; medications: CatalogMedication[]; byCode: Map<string, CatalogMedication> } {
  const file = JSON.parse(readFileSync(new URL("./medications.json", import.meta.url), "utf8")) as CatalogFile;
  const medications = file.medications.map((raw) => Object.fromEntries(Object.entries(raw).map(([k, v]) => [snakeToCamel(k), v])) as unknown as CatalogMedication);
  return { version: file.version, medications, byCode: new Map(medications.map((m) => [m.code, m])) };
}

const catalog = loadCatalog();

/** Version of the catalog file (cite it with any decision taken from it). */
export const MEDICATION_CATALOG_VERSION = catalog.version;

/** Every catalog medicine, in file order. */
export function allMedications(): readonly CatalogMedication[] {
  return catalog.medications;
}

/** One medicine by its `medication_code`, or undefined when the catalog does not list it. */
export function medicationByCode(code: string): CatalogMedication | undefined {
  return catalog.byCode.get(code.trim());
}

export interface MedicationFilter {
  search?: string | null;
  atc?: string | null;
  controlled?: boolean | null;
  schedule?: string | null;
  coldChain?: boolean | null;
  essential?: boolean | null;
  form?: string | null;
}

const norm = (s: string) => s.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, " ").trim();

/**
 * Catalog medicines matching every given filter, by generic name: `search` matches name, synonyms, brands
 * and abbreviations, misspellings, or an exact code, best match first (name-search.ts); `atc` is a prefix of the ATC code (C03 → every diuretic); `form` a dosage form word.
 */
export function findMedications(f: MedicationFilter): CatalogMedication[] {
  const atc = f.atc?.trim().toUpperCase();
  const form = f.form ? norm(f.form) : "";
  const filtered = catalog.medications
    .filter((m) => !atc || m.atcCode.toUpperCase().startsWith(atc))
    .filter((m) => f.controlled == null || m.controlled === f.controlled)
    .filter((m) => !f.schedule || m.schedule === f.schedule)
    .filter((m) => f.coldChain == null || m.coldChain === f.coldChain)
    .filter((m) => f.essential == null || (m.whoEml2023 === true) === f.essential)
    .filter((m) => !form || norm(m.dosageForm).includes(form))
    .sort((a, b) => a.genericName.localeCompare(b.genericName) || a.code.localeCompare(b.code));
  const q = f.search?.trim();
  if (!q) return filtered;
  // Best match first (name-search.ts); a code typed whole comes first.
  return rankByName(q, filtered, (m) => [m.genericName, ...m.synonyms], (m, typed) => m.code === typed.trim()).map((r) => r.item);
}
