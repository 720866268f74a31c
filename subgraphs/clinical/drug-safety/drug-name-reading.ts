import { componentsKey } from "../knowledge/drug-safety-index.js";
import { normaliseName, type Knowledge } from "../knowledge/knowledge.js";
import type { DrugEntry } from "../knowledge/knowledge.types.js";

// How a medication name as written is read as a drug of the knowledge base: strength, form, route, schedule,
// directions and salt words taken out, brand and generic in brackets, combinations written as their components.
// The drug check (drug-safety.engine.ts) identifies by these; prescription verification reads local preparations.

/**
 * Words of a medication's name that say its strength, form, route or schedule, not which drug it is:
 * "Warfarin 5mg tablets", "Septrin 960 mg", "Amoxicillin 250mg/5ml suspension", "Ceftriaxone 1g inj IV
 * od". A strength is a number, glued to its unit or not ("5mg", "80/480", "1.5"); a unit word counts as
 * strength only right after a number ("Penicillin G 5 MU": the G stays). Release and form marks count as form
 * ("Tegretol CR", "Nifedipine XL", "Epilim Chrono", "Septrin DS", "Aspirin EC", "Amoxicillin DT" for dispersible,
 * "Paracetamol supp"), a route written out ("GTN 0.5mg sublingual", "50 mL intravenous"), and "1 drop" as a dose. Liquid and children's presentations are form too ("Amoxyl syr",
 * "Septrin paediatric suspension", "Calpol infant"), and a fixed-dose combination's count of drugs ("RHZE 4FDC").
 */
const STRENGTH = /^\d+(\.\d+)?(mg|g|gm|mcg|ug|µg|mls?|l|iu|mu|miu|units?|mmol|meq|mega)?$/;
/** Words that belong to the strength when they follow a number: units (also written out: "50 micrograms"), a weight-based dose ("5mg/kg"), a count of puffs, of implant sets or rods ("Jadelle 1 set"). */
const UNITS = new Set(["mg", "g", "gm", "mcg", "ug", "µg", "microgram", "micrograms", "milligram", "milligrams", "gram", "grams", "ml", "l", "iu", "mu", "miu", "unit", "units", "mmol", "meq", "mega", "million", "per", "w", "v", "kg", "puff", "puffs", "set", "sets", "rod", "rods"]);
const FORM_ROUTE_SCHEDULE = new Set(
  (
    "tab tabs tablet tablets pill pills cap caps capsule capsules syrup syr syp elixir liquid paediatric pediatric paed ped infant fdc suspension susp injection inj infusion oral solution soln cream ointment drops " +
    "gel inhaler pessary pessaries suppository suppositories supp supps sachet sachets powder vial vials ampoule ampoules amp amps dispersible dt chewable " +
    "film coated sr er xr mr cr xl ec ds chrono retard drop spray po iv im sc sl intravenous intravenously intramuscular subcutaneous sublingual buccal pr pv neb nebs nebulised nebulized od bd bid tds tid qid qds daily nocte mane prn stat once twice weekly"
  ).split(" "),
);
/**
 * Words of the directions written after a drug on East African prescriptions: duration ("x7/7", "x 5 days", "for
 * 2 weeks"), interval ("8hrly", "4 hourly", "q8h", "stat, 12hrs, 24hrs", "3-monthly"), "then", "ED" (every day: "Microgynon 30 ED"),
 * "after each loose stool" (ORS), "as directed", "as required", the implant form ("Jadelle implant"), an implant or IUS
 * "insertion", "inserted" or "in situ", "alternate days", a pill "cycle", how a ward dose is given ("loading dose",
 * "IV slowly over 20 mins", "bolus", "in 500ml drip", "5g IM in each buttock"), how a local preparation is used
 * ("Tetracycline eye ointment apply bd", "instil 1 drop"), a repeat ("Hydralazine 5mg IV slowly, repeat after 20 min",
 * "when needed"), a count in words ("Triumeq one tablet daily", "half tab"), a "single dose", an interval in words ("1 hour before"), and when and with what it is taken ("Metformin 500mg bd
 * with meals", "Amitriptyline 25mg at night", "nightly", "at onset" of a migraine, an antacid "chewed after meals", "Omeprazole 20mg od on empty stomach", "GTN spray under the tongue"). Only trailing words are
 * taken off, so "with" still joins a combination written out ("Amoxicillin with clavulanic acid").
 */
const DIRECTIONS = new Set(
  ("x then for days day week weeks wk wks month months monthly hr hrs hrly hourly h a times thrice three four regular regularly after before each every meals food loose stool stools as directed required ed implant implants loading maintenance dose bolus slowly slow over min mins minutes drip in buttock buttocks apply instil instill " +
    "insertion inserted insert situ today alternate cycle cycles repeat repeated needed when one two half single hour hours " +
    "with without milk water breakfast lunch supper dinner bedtime night nights nightly morning mornings evening evenings empty stomach at on under the tongue onset chew chewed " +
    // Intermittent regimens ("Bedaquiline 200mg Mon/Wed/Fri", "Monday, Wednesday and Friday", "thrice weekly", "TIW", "3x/week") and the dose level ("Isoniazid high dose").
    "mon monday tue tues tuesday wed wednesday thu thur thurs thursday fri friday sat saturday sun sunday and tiw biw tw weekly week wkly high low").split(" "),
);
/**
 * Words that open a clause after the drug saying what it is for or when: the indication ("Aspirin 300mg for fever"),
 * a procedure ("Codeine 15mg post tonsillectomy", "pre-op", "after extraction"), where a local preparation goes ("both eyes at birth",
 * "apply to the wound"), since when ("Jadelle in situ since 2023"), and the reason after "prn" ("Haloperidol 5mg IM prn
 * agitation", "Paracetamol 1g prn pain": as needed for it), and what it is taken before ("Tadalafil 10mg 30 min before intercourse").
 * The name is also read without the clause; never as the first word.
 */
const CLAUSE_OPENERS = new Set(["for", "post", "pre", "prior", "to", "both", "since", "prn", "after", "before"]);
/** A duration glued to its unit ("x7", "x5d", "x3days", "x2wks", "5d"), an interval ("8hrly", "q8h"), an FDC count ("4fdc"), a count per week ("3x/week"). */
const DIRECTION_PATTERN = /^(x\d+(d|dy|dys|day|days|w|wk|wks|week|weeks|m|mo|mth|mths|months?)?|\d+(d|dys|hr|hrs|hrly|hourly|h)|q\d+h|\d(fdc)|\dx)$/;
/**
 * The fluids a drug is given in ("in 500 ml RL", "in N/S", "in 5% dextrose", "in water for injection"): the
 * vehicle, never a second drug. Lower case, as normaliseName leaves them ("N/S" → "n", "s").
 */
const VEHICLES = new Set("rl ringer ringers hartmann hartmanns ns n nss saline normal dextrose d5 d5w d10 d50 glucose water wfi sterile".split(" "));
/**
 * Words of a local preparation, for the eye or ear or the skin: a preparation for the eye, ear or skin is local, never
 * the systemic drug ("Dexa eye drops" is not systemic dexamethasone, "Diclofenac gel" is not oral diclofenac: their
 * dose, age and interaction rules do not apply). A name with one of them is only identified as an entry whose own
 * name or synonym carries such a word (knowledge/drugs.json's eye, ear and skin entries: "Hydrocortisone cream").
 */
const LOCAL_PREPARATION = /\b(eye|eyes|ear|ears|ophthalmic|otic|eyedrops|eardrops|ophth|aural|occular|ocular|gel|gels|cream|creams|ointment|ointments|lotion|lotions|topical)\b/;
/** The name says a local preparation (eye, ear or skin: LOCAL_PREPARATION), whatever it is identified as. */
export const isLocalPreparationName = (name: string): boolean => LOCAL_PREPARATION.test(normaliseName(name));
/** Salt words dropped when the name with them is unknown ("Warfarin sodium", "Amlodipine besylate"), and the base a dose is written as ("Chloroquine 600mg base"). */
const SALTS = new Set("sodium potassium calcium hydrochloride hcl sulfate sulphate phosphate maleate citrate besylate besilate mesylate mesilate tartrate succinate fumarate acetate dihydrate trihydrate monohydrate base".split(" "));

/**
 * The names a medication may be known by once its strength is taken out: then without its last word
 * while that says form, route, schedule or salt ("Warfarin sodium 3 mg tablets" → "warfarin"), each also
 * without such words in front ("IV ceftriaxone", "Sodium valproate"). Longest first, so "Oral
 * rehydration salts sachet" is ORS before "rehydration salts" is tried.
 */
export function nameCandidates(normalised: string): string[] {
  const words: string[] = [];
  let afterNumber = false;
  const all = normalised.split(" ");
  for (const [i, w] of all.entries()) {
    // "Oxytocin 20 IU in 500 ml RL", "Quinine 600 mg in 5% dextrose": what follows "in" is the vehicle, not the drug.
    if (w === "in" && i > 0 && (STRENGTH.test(all[i + 1] ?? "") || VEHICLES.has(all[i + 1] ?? ""))) break;
    if (STRENGTH.test(w)) afterNumber = true;
    else if (!(afterNumber && UNITS.has(w))) {
      afterNumber = false;
      words.push(w);
    }
  }
  const clause = words.findIndex((w, i) => i > 0 && CLAUSE_OPENERS.has(w));
  const out = trailingCandidates(words);
  return clause > 0 ? [...out, ...trailingCandidates(words.slice(0, clause)).filter((c) => !out.includes(c))] : out;
}

const notTheDrug = (w: string) => FORM_ROUTE_SCHEDULE.has(w) || SALTS.has(w) || DIRECTIONS.has(w) || DIRECTION_PATTERN.test(w);

/** The words, then without their last word while it says form, route, schedule, salt or directions, each also without such words in front. */
function trailingCandidates(words: string[]): string[] {
  const out: string[] = [];
  for (let end = words.length; end >= 1; end--) {
    const head = words.slice(0, end);
    out.push(head.join(" "));
    let start = 0;
    while (start < end - 1 && notTheDrug(head[start])) start++;
    if (start) out.push(head.slice(start).join(" "));
    if (!notTheDrug(words[end - 1])) break;
  }
  return out;
}

/**
 * A regimen written one letter (or two) a drug, joined by slashes, dots or hyphens ("R/H/Z/E", "H-R", "RH/ZE", "A/L"),
 * as the abbreviation written without them ("rhze", "hr", "al"); undefined when a part is longer.
 */
function gluedLetters(candidate: string): string | undefined {
  const words = candidate.split(" ");
  return words.length > 1 && words.every((w) => /^[a-z]{1,2}$/.test(w)) ? words.join("") : undefined;
}

function lookupSingleName(k: Knowledge, name: string): DrugEntry | undefined {
  const n = normaliseName(name);
  const local = LOCAL_PREPARATION.test(n);
  for (const candidate of [n, ...nameCandidates(n)]) {
    // An eye, ear or skin preparation is never read as the systemic drug once the local word is gone.
    if (local && !LOCAL_PREPARATION.test(candidate)) continue;
    const glued = gluedLetters(candidate);
    const found = k.drugs.byName.get(candidate) ?? (glued === undefined ? undefined : k.drugs.byName.get(glued));
    if (found) return found;
  }
  return undefined;
}

/** What joins the ingredients of a combination written out: "Ampicillin + Cloxacillin", "TDF/3TC/DTG", "rifampicin and isoniazid". */
const COMBINATION_JOIN = /\s*(?:\+|\/|&|,|\bplus\b|\band\b|\bwith\b)\s*|(?<=[a-z])-(?=[a-z])/i;
/** A part that is only a strength or a count ("150", "75mg", "400 mg") once the name is split. */
const STRENGTH_PART = /^\s*\d+(\.\d+)?\s*(mg|g|mcg|ug|µg|ml)?\s*$/i;

/**
 * A name, or else a combination product written as its components in any order ("Ampicillin +
 * Cloxacillin 500mg", "Cloxacillin/ampicillin", "TDF + 3TC + DTG"): every part must name a known drug,
 * and together exactly the components of one product. Drugs joined that make no known product stay unknown.
 */
export function lookupName(k: Knowledge, name: string): DrugEntry | undefined {
  const found = lookupSingleName(k, name);
  if (found) return found;
  // "Brand (generic)" or "Generic (brand)": either part names the drug; two parts naming different drugs name none,
  // unless one is a component of the other ("Rifampicin 600mg (RHZE)": the drug written, given as part of the regimen).
  const inBrackets = /\(([^()]*)\)/.exec(name);
  if (inBrackets) {
    const outside = lookupName(k, name.replace(/\([^()]*\)/g, " ").trim());
    // "(with isoniazid)", "(plus pyridoxine)": the brackets name a drug given alongside, not this one.
    const inside = /^\s*(with|plus|and|\+)\b/i.test(inBrackets[1]) ? undefined : lookupName(k, inBrackets[1]);
    if (outside && inside && outside.id !== inside.id) return oneContainsTheOther(outside, inside) ? outside : undefined;
    return outside ?? inside;
  }
  // "Label: contents" ("ORS/Zinc co-pack: zinc 20mg od", "Antacid: aluminium hydroxide/magnesium hydroxide"): the label
  // names the product, else the contents do; two parts naming different drugs name none.
  const colon = name.indexOf(":");
  if (colon > 0) {
    const label = lookupName(k, name.slice(0, colon));
    const contents = lookupName(k, name.slice(colon + 1));
    if (label && contents && label.id !== contents.id) return oneContainsTheOther(label, contents) ? label : undefined;
    return label ?? contents;
  }
  if (!COMBINATION_JOIN.test(name)) return found;
  // A part that is only a strength with directions ("Efavirenz/Lamivudine/Tenofovir 600/300/300 od": "300 od") names no drug.
  const parts = name.split(COMBINATION_JOIN).filter((p) => p.trim() && !STRENGTH_PART.test(p) && !strengthWithDirections(p));
  if (parts.length < 2) return undefined;
  const ids: string[] = [];
  for (const part of parts) {
    const drug = lookupSingleName(k, part);
    if (!drug) return undefined;
    ids.push(...(drug.components && drug.components.length > 1 ? drug.components : [drug.id]));
  }
  return k.drugSafety.combinationByComponents.get(componentsKey(ids));
}

/** A part of a combination written out that is a number followed only by form, schedule or direction words ("300 od", "300mg tabs daily"). */
function strengthWithDirections(part: string): boolean {
  const words = normaliseName(part).split(" ").filter(Boolean);
  return words.length > 1 && STRENGTH.test(words[0]) && words.slice(1).every((w) => UNITS.has(w) || notTheDrug(w) || STRENGTH.test(w));
}

/** One entry is a combination product with the other among its components. */
const oneContainsTheOther = (a: DrugEntry, b: DrugEntry) => (a.components ?? []).includes(b.id) || (b.components ?? []).includes(a.id);

/** The kinds of local preparation a name's words say: for the eye, the ear, or the skin (gel, cream, ointment, lotion). */
const LOCAL_KINDS: [kind: string, words: RegExp][] = [
  ["eye", /\b(eye|eyes|ophthalmic|eyedrops|ophth|occular|ocular)\b/],
  ["ear", /\b(ear|ears|otic|eardrops|aural)\b/],
  ["skin", /\b(gel|gels|cream|creams|ointment|ointments|lotion|lotions|topical)\b/],
];
const localKinds = (name: string): string[] => LOCAL_KINDS.filter(([, words]) => words.test(normaliseName(name))).map(([kind]) => kind);
/** What a written name is for: the eye or the ear when it says so ("eye ointment" is for the eye), else the skin. */
const writtenFor = (name: string): string[] => {
  const kinds = localKinds(name);
  const organ = kinds.filter((kind) => kind !== "skin");
  return organ.length ? organ : kinds;
};

/**
 * An eye, ear or skin preparation ("... eye drops", "... gel") is only ever an entry one of whose own names says the
 * same kind of preparation (`writtenFor`), however the name was split: "... eye drops" or "... eye ointment" is never an
 * entry only a gel names (the antacid "Relcer gel" is no eye preparation).
 */
export function localAware(name: string, found: DrugEntry | undefined): DrugEntry | undefined {
  if (!found || !isLocalPreparationName(name)) return found;
  const written = writtenFor(name);
  return [found.name, ...found.synonyms].some((n) => localKinds(n).some((kind) => written.includes(kind))) ? found : undefined;
}
