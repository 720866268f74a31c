import type { DrugEntry } from "../knowledge/knowledge.types.js";

type InjectionRoute = "im" | "sc" | "iv";

/** Injection routes as written in a name, dose or frequency ("2.4MU IV", "IM stat", "s/c", "by IV infusion"). */
const WRITTEN: [InjectionRoute, RegExp][] = [
  ["iv", /(?:^|[^a-z])(?:iv|ivi|i\/v|intravenous(?:ly)?)(?![a-z])/i],
  ["im", /(?:^|[^a-z])(?:im|i\/m|intramuscular(?:ly)?)(?![a-z])/i],
  ["sc", /(?:^|[^a-z])(?:sc|s\/c|subcut|subcutaneous(?:ly)?)(?![a-z])/i],
];
const SAID: Record<InjectionRoute, string> = { iv: "intravenous (IV)", im: "intramuscular (IM)", sc: "subcutaneous (SC)" };

/** The injection routes written anywhere on the line (full stops taken out: "i.v." is IV). */
export function writtenInjectionRoutes(...texts: (string | null | undefined)[]): InjectionRoute[] {
  const line = texts.filter(Boolean).join(" ").replace(/\./g, "");
  return WRITTEN.filter(([, re]) => re.test(line)).map(([route]) => route);
}

/**
 * A product that may only be given by some injection routes (`injection_routes` in drugs.json: benzathine
 * benzylpenicillin deep IM only, DMPA IM or SC) written for another: the message, or null. No route written, nothing said.
 */
export function checkInjectionRoute(drug: DrugEntry | undefined, name: string, dose: string | null, frequency: string | null): string | null {
  const only = drug?.injection_routes;
  if (!only) return null;
  const wrong = writtenInjectionRoutes(name, dose, frequency).filter((r) => !only.allowed.includes(r));
  if (!wrong.length) return null;
  return `${name}: written for the ${wrong.map((r) => SAID[r]).join(" and ")} route, but ${drug!.name} is given by the ${only.allowed.map((r) => SAID[r]).join(" or ")} route only (${only.source})`;
}
