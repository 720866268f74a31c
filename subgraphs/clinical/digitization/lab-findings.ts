import { oneEditApart } from "../../../lib/spelling.js";

/**
 * Word-only results of a lab report ("findings"): the organism a culture grew, "No growth after 48 hours",
 * a Gram stain, a malaria species or stage, a blood group, a crossmatch, a specimen's appearance, and
 * microscopy findings written in words ("Hookworm ova seen"). They have no number and no rank, so they are
 * not `tests` (whose value is numeric, as the spec's tests[].value is): they are a list of their own, and
 * FHIR Observations with valueString. A line is a finding only under a label that names one of these kinds
 * (or, for cultures and Gram stains, in the words only a result uses: "Heavy growth of …", "… isolated",
 * "Gram negative rods"), so headers, comments, signatures and "Specimen: urine" never become findings.
 * docs/decisions/clinical.md, "word-only results (digitization)".
 */
export const FINDING_KINDS = ["organism", "no_growth", "gram_stain", "morphology", "species", "blood_group", "crossmatch", "appearance", "other"] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export interface LabFinding {
  /** The label as printed ("Organism isolated", "Blood group", "Crossmatch (unit KNBTS-26-118834)"). */
  name: string;
  /** The result as printed, spacing normalised ("Heavy growth of Streptococcus agalactiae (GBS)", "O Rh D positive"). */
  valueText: string;
  kind: FindingKind;
  /** The printed normal ("Not seen", "Formed") when the report prints one beside the result; null otherwise. */
  reference: string | null;
  /** HL7 v2 Table 0078 "A" when a printed normal differs from the result, "N" when it is the result; null without one. */
  abnormalFlag: "A" | "N" | null;
  /** The specimen the report names before the result ("Mid-stream urine", "Pus swab (wound)"); null when none. */
  specimen: string | null;
  /** The report's section heading above the result ("MICROBIOLOGY SECTION", "STOOL ANALYSIS"); null when none. */
  section: string | null;
  /** For an organism: its isolate number when the report numbers isolates ("Isolate 2: …"); null otherwise. */
  isolate: number | null;
}

/** Labels and what they announce; a label is matched whole (after a trailing colon is removed). */
const ORGANISM_LABEL = /^(?:(?:aerobic|anaerobic|blood|urine|stool|sputum|pus|swab|wound|csf|fungal|hvs|throat|ear|eye)\s)?(?:culture(?:\s(?:result|report|findings?))?|organisms?(?:\s(?:isolated|identified|grown))?(?:\s\d)?|isolates?(?:\s\d)?|isolated|identified|growth|identification|pathogens?(?:\s(?:isolated|identified))?)(?:\s\((?:vitek(?:\s?2)?|maldi-tof(?:\sms)?|api(?:\s?20\s?e)?|biochemical(?:\stests)?)\))?$/i;
const GRAM_LABEL = /^gram(?:'?s)?(?:\s(?:stain(?:ing)?|reaction|film|smear))?(?:\s\((?:direct|smear|film)\))?$/i;
const SPECIES_LABEL = /^(?:(?:malaria|parasite|plasmodium)\s)?(?:species|spp\.?)(?:\s(?:identified|seen))?$/i;
const MORPHOLOGY_LABEL = /^(?:(?:parasite\s)?stages?(?:\s(?:seen|identified))?|(?:rbc|red cell|wbc|white cell|platelet|cell)?\s?morphology|forms seen)$/i;
const BLOOD_GROUP_LABEL = /^(?:(?:blood\s?group(?:ing)?|abo(?:\s(?:group(?:ing)?|type))?|blood\stype|group(?:ing)?)(?:\s?(?:&|and|\/)\s?rh(?:esus)?(?:\s?\(?d\)?)?)?(?:\s(?:group(?:ing)?|type))?(?:\s\((?:abo|abo\s?(?:&|and|\/)\s?rh(?:esus|d)?)\))?|rh(?:esus)?(?:\s?\(?d\)?)?(?:\s(?:factor|type|group|status))?)$/i;
const CROSSMATCH_LABEL = /^(?:cross\s?-?\s?match(?:ing)?|x\s?-?\s?match|compatibility(?:\stest)?)(?:\s(?:result|test))?$/i;
const APPEARANCE_LABEL = /^(?:(?:urine|stool|csf|fluid|semen|sample|specimen|sputum|pus|gross|macroscopic|physical)\s)?(?:appearance|colou?r|consistency|turbidity|clarity|macroscopy|viscosity|odou?r|aspect)$/i;
/** Microscopy labels whose result is a finding in words when it names something seen ("Ova: Hookworm ova seen", "India ink: No capsulated yeast cells seen"). */
const MICROSCOPY_LABEL = /^(?:ova|cysts?|trophozoites?|larvae|parasites?|malaria parasites|(?:haemo|hemo|blood\s)parasites?|mps?|b\/?s(?:\sfor\smps?)?|crystals|casts|(?:[a-z]+\s){0,2}cells|bacteria|yeasts?|(?:fungal\s)?hyphae|spores|trichomonads?|india ink|wet (?:prep|mount)|koh(?:\s(?:mount|prep))?|(?:[a-z]+\s)?(?:film|smear)|microscopy|findings?)$/i;

/** Words of a result that says what was seen ("… seen", "… present", "… observed"). */
const SEEN = /\b(?:seen|present|observed|found|identified|isolated)\b/i;
/**
 * An organism's name: a genus and a species epithet ("Klebsiella pneumoniae", "E. coli", "P.falciparum",
 * "Candida spp."). An epithet is Latin: it ends as Latin adjectives and genitives do (-us, -is, -ae, -ii,
 * -i, -um, -a, -ans, -ens, -es, -ix, -ax, -e, -ei), which English words after a capital ("Sample
 * rejected", "Pending results", "Ring forms") mostly do not; words that begin a note are not a genus.
 */
const ORGANISM = /\b(?!(?:Repeat|Sample|Specimen|Please|Pending|Result|Results|Report|Not|No|See|Send|Kindly|Insufficient)\b)(?:[A-Z][a-z]{2,}|[A-Z]\.)\s?(?:[a-z]{2,}(?:us|is|ae|ii|i|um|a|ans|ens|es|ix|ax|e|ei)|spp?\.?|species)\b/;
/** "No growth", "No bacterial growth after 48 hours", "No significant growth", "Sterile after 5 days". */
const NO_GROWTH = /^(?:no\s(?:(?:bacterial|significant|pathogenic|aerobic|anaerobic|fungal)\s)?growth|no\sorganisms?\s(?:isolated|grown|seen)|sterile)\b/i;
/** A growth in words without a label: "Heavy growth of Escherichia coli", "Staphylococcus aureus isolated". */
const GROWTH_OF = /^(?:(?:heavy|moderate|light|scanty|profuse|pure|significant|mixed)\s)?growth\sof\s/i;
const ISOLATED = new RegExp(String.raw`^${ORGANISM.source}(?:\s\([A-Za-z]{2,6}\))?\s(?:was\s)?(?:isolated|grown|cultured)\b`);
/** A Gram stain written without a label: "Gram positive cocci in clusters", "Gram -ve rods". */
const GRAM_VALUE = /^gram(?:'?s)?\s(?:positive|negative|variable|\+\s?ve|-\s?ve|\+|-)\s/i;
/** ABO group with or without the Rh(D) type; the Rh type alone. */
const BLOOD_GROUP_VALUE = /^(?:(?:A|B|AB|O)(?:\s?(?:Rh\s?\(?D\)?|RhD|Rhesus|Rh)?\s?(?:pos(?:itive)?|neg(?:ative)?|\+\s?ve|-\s?ve|\+|-))?|(?:Rh\s?\(?D\)?\s?|Rhesus\s|D\s)?(?:pos(?:itive)?|neg(?:ative)?))$/i;
const CROSSMATCH_VALUE = /^(?:compatible|incompatible|not compatible)\b/i;
/** Results that are not results yet. */
const PENDING = /^(?:to follow|pending|awaited|in progress|not done|n\/?a|-+|_+|\.+)$/i;
/** A printed normal after a finding ("Hookworm ova seen  Not seen"): a word a report prints in its Normal column. */
const NORMAL_AFTER = /\s(not seen|nil(?: seen)?|none seen|negative|absent|no growth|formed|clear)$/i;
/** Descriptive words of a specimen's appearance (to tell "Loose  Formed" from "Pale yellow" when the gap is lost). */
const APPEARANCE_WORD = /^(?:loose|watery|soft|hard|formed|semi-?formed|mucoid|bloody|blood-?stained|clear|turbid|cloudy|hazy|yellow|amber|brown|green|red|black|straw|colourless|colorless|purulent|opalescent)$/i;
/** A heading: capitals and spaces, a few words, no colon or digit ("URINE MICROSCOPY", "CULTURE"). */
const HEADING = /^[A-Z][A-Z&/()\- ]{2,60}$/;
/** "Specimen: Mid-stream urine   Collected: …": the specimen, up to the next label. */
const SPECIMEN_LINE = /^(?:specimen|sample)(?:\s(?:type|source))?\s?[:=]\s?(?<specimen>.+)$/i;
const NEXT_LABEL = /\s(?:[A-Z][A-Za-z./ ]{1,24}\s?:|(?:[A-Z][a-z]+\s)?\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}).*$/;
/** Capitals that are not a section: a facility's name, a table's column header ("TEST  RESULT  NORMAL"). */
const NOT_SECTION = /\b(?:HOSPITAL|CLINIC|CENTRE|CENTER|DISPENSARY|MINISTRY|REPUBLIC|LABORATORIES|RESULTS?|UNITS?|REFERENCE|NORMAL)\b/;
/** A results table's header with a column of normals ("Test  Result  Normal", "Result  Reference"). */
const NORMAL_COLUMN_HEADER = /\bresults?\b.*\b(?:normal|reference|ref\.?|expected)\b/i;
/** A crossmatch row under a crossmatch heading: "KNBTS-26-118834  O Pos  Compatible" (the shortest cells before the result, so "Not compatible" is read whole). */
const UNIT_ROW = /^(?<unit>(?:[A-Z][A-Z-]{1,9}\s)?[A-Z0-9][A-Z0-9/-]*\d[A-Z0-9/-]*)\s(?:.*?\s)?(?<value>(?:in)?compatible|not compatible)(?:\s\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4})?$/i;
/**
 * A crossmatch table's header: a donor unit column first ("Donor unit no.  Donor group  Crossmatch (IAT)  Expiry",
 * "Unit  Group  Method  Result", "Bag no.  Group  Compatibility"), or a crossmatch column beside a unit column.
 */
const CROSSMATCH_HEADER = /^(?:(?:donor|blood)\s)?(?:unit|bag|pack)s?(?:\s(?:no\.?|number|#|id))?\s.*\b(?:cross\s?-?\s?match\w*|compatib\w*|results?)\b|\bcross\s?-?\s?match\w*\b.*\b(?:donor\s)?(?:unit|bag|pack)\s(?:no\.?|number|#|id)\b/i;

/** What the lines above a result say about it: specimen, section, a normals column, a crossmatch part. */
export interface FindingContext {
  specimen: string | null;
  section: string | null;
  normalColumn: boolean;
  crossmatch: boolean;
}
export const newFindingContext = (): FindingContext => ({ specimen: null, section: null, normalColumn: false, crossmatch: false });

/** Updates the context with a line that is not a result (a heading, "Specimen: …", a table header). */
export function noteFindingContext(ctx: FindingContext, line: string): void {
  const specimen = SPECIMEN_LINE.exec(line)?.groups?.specimen.replace(NEXT_LABEL, "").trim();
  if (specimen) ctx.specimen = specimen;
  if (NORMAL_COLUMN_HEADER.test(line)) ctx.normalColumn = true;
  if (CROSSMATCH_HEADER.test(line)) ctx.crossmatch = true;
  if (HEADING.test(line) && line.split(" ").length <= 6 && !NOT_SECTION.test(line)) {
    ctx.section = line;
    ctx.crossmatch = /cross\s?-?\s?match/i.test(line);
  }
}

type Label = { kind: FindingKind; test: (label: string) => boolean };
const LABELS: Label[] = [
  { kind: "organism", test: (l) => ORGANISM_LABEL.test(l) },
  { kind: "gram_stain", test: (l) => GRAM_LABEL.test(l) },
  // "Specis - P.falciparum": a label copied one letter off.
  { kind: "species", test: (l) => SPECIES_LABEL.test(l) || (l.length >= 6 && oneEditApart(l.toLowerCase(), "species")) },
  { kind: "morphology", test: (l) => MORPHOLOGY_LABEL.test(l) },
  { kind: "blood_group", test: (l) => BLOOD_GROUP_LABEL.test(l) },
  { kind: "crossmatch", test: (l) => CROSSMATCH_LABEL.test(l) },
  { kind: "appearance", test: (l) => APPEARANCE_LABEL.test(l) },
  { kind: "other", test: (l) => MICROSCOPY_LABEL.test(l) || MICROSCOPY_LABEL.test(l.split(/\s-\s/).pop() ?? "") },
];
const labelKind = (label: string): FindingKind | null => LABELS.find((l) => l.test(label))?.kind ?? null;

/**
 * The label and value of a line: split at its first ":" or "=", else at " - ", else after the longest
 * run of its first words (at most five) that is a known label ("Blood group O Rh D positive").
 */
function splitLabel(line: string): { label: string; value: string; kind: FindingKind | null } | null {
  const sep = /^(?<label>[A-Za-z(][^:=]{0,60}?)\s?[:=]\s?(?<value>\S.*)$/.exec(line) ?? /^(?<label>[A-Za-z(].{0,60}?)\s-\s(?<value>\S.*)$/.exec(line);
  if (sep?.groups) {
    const label = sep.groups.label.trim();
    return { label, value: sep.groups.value.trim(), kind: labelKind(label) };
  }
  const words = line.split(" ");
  for (let n = Math.min(5, words.length - 1); n >= 1; n--) {
    const label = words.slice(0, n).join(" ");
    const kind = labelKind(label);
    if (kind) return { label, value: words.slice(n).join(" "), kind };
  }
  return null;
}

/** The value and the printed normal after it, when the report prints one ("Hookworm ova seen Not seen", "Loose Formed"). */
function splitNormal(value: string, kind: FindingKind, ctx: FindingContext): { value: string; reference: string | null } {
  const m = NORMAL_AFTER.exec(value);
  const before = m ? value.slice(0, m.index).trim() : "";
  if (!m || !before) return { value, reference: null };
  // "Hookworm ova seen  Not seen": a finding, then the normal; "Not seen" alone is no finding here.
  if (SEEN.test(before) || ORGANISM.test(before)) return { value: before, reference: m[1] };
  // "Loose  Formed": two appearance words are a result and its normal only under a Normal column.
  if (kind === "appearance" && ctx.normalColumn && before.split(" ").length === 1 && APPEARANCE_WORD.test(before)) return { value: before, reference: m[1] };
  return { value, reference: null };
}

/** Is value a result of this kind (not a comment, a date, a pending note)? */
function fitsKind(kind: FindingKind, value: string): boolean {
  const words = value.split(" ");
  if (PENDING.test(value) || /^\d/.test(value)) return false;
  switch (kind) {
    case "organism":
      return NO_GROWTH.test(value) || ORGANISM.test(value) || GROWTH_OF.test(value);
    case "gram_stain":
      return /\bgram\b|cocci|bacilli|rods|diplococci|coccobacilli|yeasts?|no organisms|no bacteria/i.test(value) && words.length <= 14;
    case "species":
      return ORGANISM.test(value) || /^mixed\b/i.test(value);
    case "morphology":
      return /[a-z]{3}/i.test(value) && words.length <= 10;
    case "blood_group":
      return BLOOD_GROUP_VALUE.test(value.replace(/\s+/g, " "));
    case "crossmatch":
      return CROSSMATCH_VALUE.test(value);
    case "appearance":
      return words.length <= 6 && /^[A-Za-z][A-Za-z ,/()-]*$/.test(value);
    case "other":
      return SEEN.test(value) && words.length <= 12;
    case "no_growth":
      return NO_GROWTH.test(value);
  }
}

/** The kind a labelled organism line really is: "No growth …" is no_growth. */
const refineKind = (kind: FindingKind, value: string): FindingKind => (kind === "organism" && NO_GROWTH.test(value) ? "no_growth" : kind);
const isolateOf = (label: string) => Number(/\b(?:isolate|organism)\s(\d)\b/i.exec(label)?.[1]) || null;
const flagOf = (value: string, reference: string | null): "A" | "N" | null => {
  if (!reference) return null;
  const norm = (s: string) => s.toLowerCase().replace(/[\s-]+/g, " ").trim();
  return norm(value) === norm(reference) ? "N" : "A";
};

/**
 * A word-only result on a line that gave no numeric or ordinal result, or null. `line` has single spaces;
 * `spaced` keeps the report's wide gaps, which separate a result from its printed normal when present.
 */
export function readFinding(line: string, spaced: string, ctx: FindingContext): LabFinding | null {
  const base = { specimen: ctx.specimen, section: ctx.section };
  const unitRow = ctx.crossmatch ? UNIT_ROW.exec(line) : null;
  if (unitRow?.groups) {
    return { ...base, name: `Crossmatch (unit ${unitRow.groups.unit})`, valueText: capitalise(unitRow.groups.value), kind: "crossmatch", reference: null, abnormalFlag: null, isolate: null };
  }
  const unlabelled = unlabelledFinding(line);
  if (unlabelled) return { ...base, name: unlabelled.name, valueText: line, kind: unlabelled.kind, reference: null, abnormalFlag: null, isolate: null };
  const split = splitLabel(line);
  if (!split?.kind || split.label.split(" ").length > 6) return null;
  const cells = spaced.split(/\s{2,}/);
  // With its gaps kept ("Consistency   Loose   Formed"), the third cell is the printed normal.
  const gapped = cells.length === 3 && labelKind(cells[0].replace(/\s?[:=]$/, "")) === split.kind ? { value: cells[1], reference: cells[2] } : null;
  const { value, reference } = gapped ?? splitNormal(split.value, split.kind, ctx);
  if (!fitsKind(split.kind, value)) return null;
  const kind = refineKind(split.kind, value);
  return { ...base, name: split.label, valueText: value, kind, reference, abnormalFlag: flagOf(value, reference), isolate: kind === "organism" ? isolateOf(split.label) : null };
}

/** A culture or Gram stain result written without a label ("Heavy growth of E. coli", "No growth after 48 h", "Gram positive cocci in clusters"). */
function unlabelledFinding(line: string): { name: string; kind: FindingKind } | null {
  if (NO_GROWTH.test(line) && !/[:=]/.test(line)) return { name: "Culture", kind: "no_growth" };
  if (/[:=]/.test(line)) return null;
  if ((GROWTH_OF.test(line) && ORGANISM.test(line)) || ISOLATED.test(line)) return { name: "Culture", kind: "organism" };
  if (GRAM_VALUE.test(line) && line.split(" ").length <= 14) return { name: "Gram stain", kind: "gram_stain" };
  return null;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

