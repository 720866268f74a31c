import { readFileSync } from "node:fs";
import { normaliseUnit } from "../critical-values/critical-values.engine.js";
import { phraseKeys } from "../extraction/text.js";

/** A LOINC code's property as its long name states it: [Moles/volume] or [Mass/volume]. */
type Property = "molar" | "mass";

interface Coding {
  loinc: string;
  display: string;
}

interface Analyte {
  id: string;
  names: string[];
  molar: Coding | null;
  mass: Coding | null;
  source: string;
}

interface LoincUnits {
  name: string;
  version: string;
  units: Record<Property, string[]>;
  analytes: Analyte[];
}

/** The molar/mass code pairs and unit properties (knowledge/lab-loinc-units.json, with their sources), read once. */
const LOINC_UNITS = JSON.parse(readFileSync(new URL("../knowledge/lab-loinc-units.json", import.meta.url), "utf8")) as LoincUnits;
export const LOINC_UNITS_VERSION = `${LOINC_UNITS.name}@${LOINC_UNITS.version}`;

const nameKey = (name: string) => phraseKeys(name).join(" ");
const analyteByName = new Map(LOINC_UNITS.analytes.flatMap((a) => a.names.map((n) => [nameKey(n), a] as const)));
const analyteByCode = new Map(LOINC_UNITS.analytes.flatMap((a) => [a.molar, a.mass].flatMap((c) => (c ? [[c.loinc, a] as const] : []))));
const propertyByUnit = new Map((["molar", "mass"] as const).flatMap((p) => LOINC_UNITS.units[p].map((u) => [u, p] as const)));

/** The property of a unit as written ("mmol/L", "µmol/L", "mg%"), or null when it is neither molar nor mass. */
function unitProperty(unit: string | null): Property | null {
  return unit ? (propertyByUnit.get(normaliseUnit(unit)) ?? null) : null;
}

/** The property a LOINC long name states; null for other kinds (counts, ratios, activities), which a concentration unit cannot contradict. */
function codeProperty(display: string): Property | null {
  return /\[Moles\/volume\]/i.test(display) ? "molar" : /\[Mass\/volume\]/i.test(display) ? "mass" : null;
}

export interface LoincChoice {
  code: string | null;
  display: string | null;
  /** Why no code was given although the test is known (missing unit, unit of the other property, no sourced code). */
  warning: string | null;
}

const none = (warning: string | null): LoincChoice => ({ code: null, display: null, warning });

/**
 * The LOINC code of a result line that agrees with its unit: a molar unit takes the analyte's
 * [Moles/volume] code, a mass unit its [Mass/volume] code. The analyte is found by the line's names
 * (knowledge/lab-loinc-units.json: "urea" is urea, never urea nitrogen), else by the code the vocabulary
 * gave the name. A code with a molar or mass property and a unit that is missing, of neither property or of
 * the other property without a sourced partner code gives no code and a warning: never a guess.
 */
export function loincForUnit(line: string, names: string[], vocabularyHit: { code: string; display: string } | null, unit: string | null): LoincChoice {
  const analyte = names.map((n) => analyteByName.get(nameKey(n))).find(Boolean) ?? (vocabularyHit ? analyteByCode.get(vocabularyHit.code) : undefined);
  const property = unitProperty(unit);
  const written = `"${line}" ${unit ? `in ${unit}` : "without a unit"}`;
  if (analyte) {
    const coding = property && analyte[property];
    if (coding) return { code: coding.loinc, display: coding.display, warning: null };
    const codes = [analyte.molar && `molar units ${analyte.molar.loinc}`, analyte.mass && `mass units ${analyte.mass.loinc}`].filter(Boolean).join(", ");
    return none(`${written}: LOINC left empty, the code depends on the unit (${codes})${property ? `; no ${property} code is sourced` : ""}`);
  }
  if (!vocabularyHit) return none(null);
  const needed = codeProperty(vocabularyHit.display);
  if (!needed || needed === property) return { ...vocabularyHit, warning: null };
  return none(`${written}: LOINC left empty, ${vocabularyHit.code} (${vocabularyHit.display}) needs a ${needed} unit and no code of the unit's kind is sourced`);
}
