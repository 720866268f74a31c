import { phraseKeys, sentenceOf, type Token } from "./text.js";

/**
 * Assertion status in the manner of NegEx and ConText (Chapman et al., J Biomed Inform 2001 and
 * 2009; trigger lists as in chapmanbe/negex NegExTerms): a trigger opens a scope that runs forward
 * (pre) or back (post) over the entities of its sentence, and a terminator ("but", "however", …)
 * closes it. Section headings ("PMH:", "Family history:", "Allergies:") set a default.
 */
export type Assertion = "present" | "absent" | "possible" | "historical" | "family" | "hypothetical" | "allergy";

export type TriggerKind = Exclude<Assertion, "present"> | "pseudo" | "terminate";
interface TriggerDef {
  keys: string[];
  kind: TriggerKind;
  direction: "pre" | "post";
}

// Spouses and partners too: discordant couples and household contacts are everyday entries in East
// African notes ("Partner is HIV positive", "Co-wife died of TB"), and their conditions are not the patient's.
/** "NGT on free drainage", "catheter draining freely", "free flow of urine": a tube's flow, not "free of" the finding. */
const FREE_FLOW = ["free drainage", "on free drainage", "free flow", "free flowing", "flowing freely", "draining freely"];
/**
 * "monitor vitals & PV bleeding", "monitoring of urine output and bleeding": a finding the plan watches for is not one the
 * patient has (as "monitor for", "watch for"). A test or medicine monitored ("monitor RBS", "monitor INR on warfarin") is
 * planned or given: the scope ends there.
 */
const WATCHING = ["monitor", "monitoring", "monitoring of", "monitor closely", "keep monitoring"];
const WATCHING_KEYS = new Set(WATCHING.map((p) => phraseKeys(p).join(" ")));
/**
 * People who share the patient's room, school or work, named with their own illness ("roommates have similar itch",
 * "two classmates with red eyes"): another experiencer than the patient (ConText's experiencer "other", Harkema 2009).
 */
const SHARED_EXPOSURE = ["roommate", "roommates", "room mate", "room mates", "classmate", "classmates", "schoolmate", "schoolmates", "housemate", "housemates", "dormmate", "dormmates", "workmate", "workmates", "co worker", "co workers", "coworker", "coworkers", "colleague", "colleagues", "neighbour", "neighbours", "neighbor", "neighbors"];
const RELATIVES = ["mother", "father", "mum", "mom", "dad", "sister", "brother", "sibling", "siblings", "aunt", "uncle", "grandmother", "grandfather", "grandparent", "grandma", "granny", "grandpa", "grandchild", "niece", "nephew", "stepmother", "stepfather", "cousin", "parents", "parent", "son", "daughter", "twin", "husband", "wife", "spouse", "partner", "co wife", "cowife", ...SHARED_EXPOSURE];
/**
 * Who brought or came with the patient ("brought by father with R ear discharge", "accompanied by her aunt with
 * fever"): the relative is the escort, and the "with" after is the patient's complaint, not the relative's.
 */
const ESCORTS = ["father", "mother", "parents", "parent", "aunt", "uncle", "grandmother", "grandfather", "grandma", "granny", "grandpa", "sister", "brother", "husband", "wife", "relatives", "relative", "guardian", "caretaker", "caregiver"];
const BROUGHT_BY = ESCORTS.flatMap((r) => ["brought by", "brought in by", "accompanied by", "escorted by"].flatMap((v) => [`${v} ${r}`, `${v} her ${r}`, `${v} his ${r}`, `${v} the ${r}`]));
/**
 * "Wife says he is talking nonsense", "per the guardian", "according to his brother": what an escort reports is the
 * patient's, so the relative's name is no trigger of another person's experience there (as "mother says" was).
 */
const REPORTING_VERBS = ["says", "said", "reports", "reported", "states", "stated", "noticed", "has noticed", "notes", "noted", "complains", "is concerned", "is worried", "brings", "brought", "gives a history of"];
const REPORTED_BY = ESCORTS.flatMap((r) => [...REPORTING_VERBS.map((v) => `${r} ${v}`), `per ${r}`, `per the ${r}`, `according to ${r}`, `according to the ${r}`, `according to her ${r}`, `according to his ${r}`]);
const FAMILY_VERBS = ["had", "has", "have", "also have", "with", "died of", "died from", "passed away from", "is", "was", "suffered from", "suffers from", "diagnosed with", "also has", "also had", "on", "treated for", "was treated for", "is on treatment for", "tested positive for", "is positive for"];

/**
 * A change of medicine stops the one it names first: "Switch carbamazepine to valproate", "Change from
 * furosemide to spironolactone" (the second is the new one, present). It applies only when "to", "with" or
 * "for" and another entity follow: "change metformin dose to 1g" changes a dose and stops nothing.
 */
const SWITCH_PHRASES = ["switch", "switched", "switching", "switch from", "switched from", "switching from", "change", "changed", "changing", "change from", "changed from", "changing from", "convert from", "converted from", "replace", "replaced", "swap", "swapped", "substitute", "substituted"];
/**
 * A refusal: "insulin offered - patient declined", "Declined HIV testing", "refused admission". After the
 * entity it negates only a medicine, test or procedure: "appetite declined" or "vision declined" is a worsening.
 */
const REFUSALS = ["declined", "declines", "refused", "refuses", "refusal of"];
const REFUSAL_KEYS = new Set(REFUSALS.map((p) => phraseKeys(p).join(" ")));
const SWITCH_TARGET_WORDS = new Set(["to", "with", "for", "by"]);

const LISTS: Array<[TriggerKind, "pre" | "post", string[]]> = [
  ["pseudo", "pre", ["no change", "no increase", "no significant change", "not only", "without difficulty", "gram negative", "not ruled out", "cannot be ruled out", "can not be ruled out", "not been ruled out", "history of present illness", "hx of present illness", "not certain if", "not necessarily", "mother reports", "mother says", "mother states", "mother noticed", "mother has noticed", "mother brought", "brought by mother", "per mother", "according to mother", "mother complains", "mother is concerned", "brought by her mother", "brought by his mother", "brought in by mother", "brought in by her mother", "brought in by his mother", "brought by the mother", "accompanied by mother", "accompanied by her mother", "accompanied by his mother", "with her mother", "with his mother", "mother brings", "mother brought", "mother notes", "mother noted", "mother gives", "father brings", "father reports", "father says", "caretaker reports", ...BROUGHT_BY, ...REPORTED_BY, "no known drug allergy", "no known allergy", "nkda", "switch to", "switched to", "switching to", "change to", "changed to", "changing to", "convert to", "converted to", "omitted dose of", "omitted doses of", "omitted dose", "missed dose of", "missed doses of", "missed dose", "missing doses of", "skipped dose of", "skipped doses of", ...FREE_FLOW]],
  ["absent", "pre", ["no known allergy to", "no known allergies to", "no known drug allergy to", "no known drug allergies to", "no", "not", "without", "denies", "denied", "deny", "denying", "negative for", "neg for", "free of", "absence of", "absent", "no evidence of", "no signs of", "no sign of", "no symptoms of", "no history of", "no hx of", "no h/o", "no complaints of", "never had", "never", "no previous", "no prior", "no past", "no known", "stop", "hold", "held", "withhold", "withheld", "avoid", "avoided", "ruled out", "fails to reveal", "failed to reveal", "nil", "none", "neither", "nor", "non", "resolved", "not on", "stopped", "discontinued", "no longer", "no longer has", "no longer have", "no longer complains of", "no longer complaining of", "no longer reports", "no more", "no further", "no new", "unremarkable for", "did not have", "does not have", "doesn't have", "didn't have", "not have", "not had", "d/c", "discontinue", "discontinuing", "cease", "ceased", "ceasing", "omit", "omitted", "omitting", "stopping", "not yet", "not yet on", "not yet started", "not yet started on", "not currently on", "never been on", "never started", "never started on", "yet to start", "yet to start on", "yet to be started on", "hana", "hakuna", "bila", ...REFUSALS, ...SWITCH_PHRASES]],
  ["absent", "post", ["nr", "-", "no", "non reactive", "nonreactive", "not reactive", "ruled out", "was ruled out", "is ruled out", "has been ruled out", "been excluded", "excluded", "unlikely", "negative", "neg", "absent", "not seen", "not present", "denied", "none", "nil", "free", "not detected", "not found", "stopped", "discontinued", "not required", "not needed", "not indicated", "not due", "not yet due", "haihitajiki", "hazihitajiki", "hasi", "not given", "not done", "not started", "not taken", "not available", "withheld", "held", "ceased", "omitted", "contraindicated", "contra indicated", "is contraindicated", "not recommended", "to be avoided", "should be avoided", "not for use", ...REFUSALS]],
  ["possible", "pre", ["rule out", "r/o", "ro", "to rule out", "?", "possible", "possibly", "probable", "probably", "suspected", "suspect", "suspicion of", "suspicious for", "query", "likely", "questionable", "concern for", "concerning for", "cannot exclude", "can not exclude", "to exclude", "exclude", "differential", "differentials", "ddx", "d/dx", "vs", "versus", "consider", "considering", "presumed", "presumptive", "impression of", "working diagnosis of", "may have", "might have", "could be", "may be", "suggestive of", "suggests", "in keeping with", "evaluate for", "evaluation for", "worried about", "features of", "risk of", "at risk of", "at risk for"]],
  ["possible", "post", ["to be excluded", "to be ruled out later", "to exclude", "is to be excluded", "?", "suspected", "likely", "possible", "is possible", "is likely", "to be ruled out", "not excluded", "not ruled out", "cannot be excluded", "cannot be ruled out", "can not be ruled out", "vs", "versus", "query"]],
  ["historical", "pre", ["history of", "hx of", "h/o", "hx", "past history of", "previous", "previously", "prior", "s/p", "status post", "treated for", "completed treatment for", "recovered from", "in childhood", "as a child"]],
  // "orthopnoea resolved", "fever has resolved", "cough settled": the patient had it and it is over, so historical, not
  // absent (pyConText's lexical KB, chapmanbe/pyConTextNLP lexical_kb_05042016.tsv: "resolved" HISTORICAL, backward).
  ["historical", "post", ["in the past", "years ago", "months ago", "in childhood", "as a child", "previously", "last year", "which resolved", "resolved", "has resolved", "have resolved", "had resolved", "now resolved", "since resolved", "settled", "has settled", "now settled", "subsided", "has subsided", "now subsided"]],
  ["family", "pre", ["family history of", "family history", "fhx of", "fhx", "fh of", "fh", "family hx of", "family hx", "runs in the family", "strong family history of", ...RELATIVES.flatMap((r) => FAMILY_VERBS.map((v) => `${r} ${v}`)), ...RELATIVES.flatMap((r) => [`${r}'s`, `maternal ${r}`, `paternal ${r}`])]],
  ["family", "pre", ["contact with a", "contact with", "contacts with", "close contact with", "exposure to", "exposed to", "household contact of", "neighbour has", "neighbor has", "friend has", "wife has", "husband has", "partner has", "wife had", "husband had", "partner had", "spouse has", "spouse had"]],
  // "start TPT for them", "IPT for the children": a medicine for the contacts or children the note has named.
  ["family", "post", ["for them", "for the children", "for children", "for contacts", "for the contacts", "for household contacts", "for the household", "for the family", "in the family", "in family", "in mother", "in father", "in sibling", "in siblings", "in his mother", "in her mother", "in his father", "in her father"]],
  ["hypothetical", "pre", ["if", "return if", "come back if", "in case of", "in case", "should he develop", "should she develop", "watch for", "warning signs", "danger signs", "monitor for", "monitoring for", ...WATCHING, "observe for", "look out for", "watch out for", "check for", "advised on", "counselled on", "counseled on", "educated on", "educated about", "prevention of", "to prevent", "prophylaxis against", "screening for", "screen for", "vaccine", "vaccination against", "immunization against", "prn for", "as needed for", "when needed for", "if needed for", "as required for", "when required for", "sos for"]],
  ["allergy", "pre", ["allergic to", "allergy to", "allergies to", "allergy:", "allergies:", "allergy", "allergies", "intolerant to", "intolerance to", "reaction to", "hypersensitivity to", "sensitive to"]],
  ["allergy", "post", ["allergy", "allergic", "hypersensitivity"]],
  ["hypothetical", "post", ["if", "if needed", "if required", "if necessary", "if indicated", "status unknown", "status not known", "unknown"]],
  ["terminate", "pre", ["but", "however", "although", "though", "except", "aside from", "apart from", "secondary to", "cause of", "source of", "due to", "because of", "which", "who", "presents", "presented", "presenting", "complains", "complaining", "reports", "reported", "c/o", "now", "currently", "today", "still", "yet", "also has", "has had", "started on", "was started", "given", "on treatment", "plan", "assessment", "impression", "diagnosis", "dx", "started", "continue", "continued", "admitted", "he has", "she has", "has"]],
];

/** Trigger phrases by kind and direction, as the lists above; a language adds its own (patient messages). */
export type TriggerLists = Array<[TriggerKind, "pre" | "post", string[]]>;

/** The triggers and list connectors `assertMentions` reads, indexed by first word. */
export interface TriggerIndex {
  byFirst: Map<string, TriggerDef[]>;
  connectors: Set<string>;
}

/** A pre-trigger's scope runs on through a list ("no fever, chills or cough") but not past other words. */
const LIST_CONNECTORS = [",", "or", "and", "nor", "/", "any", "no", "&", "+", "or any"];

/** English triggers plus `extra` (another language's), and the words that continue a list in either. */
export function triggerIndex(extra: TriggerLists = [], extraConnectors: string[] = []): TriggerIndex {
  const byFirst = new Map<string, TriggerDef[]>();
  for (const [kind, direction, phrases] of [...LISTS, ...extra]) {
    for (const p of phrases) {
      const keys = phraseKeys(p);
      if (!keys.length) continue;
      const l = byFirst.get(keys[0]) ?? [];
      l.push({ keys, kind, direction });
      byFirst.set(keys[0], l);
    }
  }
  for (const l of byFirst.values()) l.sort((a, b) => b.keys.length - a.keys.length);
  return { byFirst, connectors: new Set([...LIST_CONNECTORS, ...extraConnectors.flatMap((c) => phraseKeys(c).join(" "))]) };
}

const ENGLISH = triggerIndex();

interface TriggerHit {
  phrase: string;
  kind: TriggerKind;
  direction: "pre" | "post";
  from: number;
  to: number;
}

/** A Swahili negation that is also a given name (Hana): in a clinician's note, a trigger only in lower case. */
const LOWER_CASE_ONLY = new Set(["hana"]);
/** A Swahili verb with the she/he subject prefix and a tense marker (ana-, ame-, ali-, ata-, a-ki-): "anatetemeka", "amezimia". */
const THIRD_PERSON_VERB = /^a(?:na|me|li|ta|ki)\p{L}{3,}$/iu;
/** English verbs that follow a subject, never a Swahili negation's noun. */
const ENGLISH_VERB_AFTER_NAME = /^(?:is|was|has|had|have|can|cannot|cant|could|does|did|will|got|just|keeps|started|fainted|collapsed)$/i;

/**
 * "Exclude TB", "rule out DVT" plan a test (possible); "CT excludes haemorrhage", "echo rules out effusion" state
 * its result (absent). The words share their key ("excludes" reads as "exclude"), so the written form decides.
 */
const RESULT_VERBS = new Set(["exclude", "rule out"]);
const statesResult = (t: TriggerDef, first: Token) => t.kind === "possible" && t.direction === "pre" && RESULT_VERBS.has(t.keys.join(" ")) && /^(?:excludes|rules)$/i.test(first.raw);

/** Allergy post-triggers the vocabulary also reads as a condition ("allergy"). */
const ALLERGEN_WORDS = new Set(["allergy"]);

/** Triggers found in the token stream (longest first, pseudo-triggers consume their tokens). */
export function findTriggers(tokens: Token[], entityTokens: Set<number>, index: TriggerIndex = ENGLISH): TriggerHit[] {
  const hits: TriggerHit[] = [];
  for (let i = 0; i < tokens.length; ) {
    if (entityTokens.has(i)) {
      // "(penicillin allergy)", "sulfa allergy": the vocabulary reads "allergy" as a condition, yet written right after
      // another entity as the last word of its own it still names that entity an allergen (the post-trigger).
      if (ALLERGEN_WORDS.has(tokens[i].key) && entityTokens.has(i - 1) && !entityTokens.has(i + 1)) hits.push({ phrase: tokens[i].key, kind: "allergy", direction: "post", from: i, to: i + 1 });
      i++;
      continue;
    }
    // "hana homa" (has no fever), but "Hana, 25F, c/o fever" is a name: in lower case only.
    // Capitalised, it negates only right before a finding, as a sentence opens ("Hakuna kutapika. Hana kikohozi."):
    // a name is followed by a comma, an age or a verb ("Hana, 25F", "Hana 25 yrs c/o fever", "my wife Hana is
    // bleeding heavily"). In notes and in patients' messages alike: a message's "Hana is convulsing" must not
    // read as "has no convulsions".
    // "hana" negates a noun ("hana homa"); before a verb conjugated for she/he ("Hana anatetemeka mwili mzima",
    // "hana amezimia" in an SMS written without capitals) it can only be the name, in any case.
    // So is it before an English verb ("hana is bleeding", "hana has fits"): a negation needs a Swahili noun.
    const nextRaw = tokens[i + 1]?.raw ?? "";
    const nameLike = LOWER_CASE_ONLY.has(tokens[i].key) && ((tokens[i].raw !== tokens[i].key && !entityTokens.has(i + 1)) || THIRD_PERSON_VERB.test(nextRaw) || ENGLISH_VERB_AFTER_NAME.test(nextRaw));
    const cands = nameLike ? undefined : index.byFirst.get(tokens[i].key);
    let matched = 0;
    if (cands) {
      for (const t of cands) {
        if (t.keys.every((k, j) => tokens[i + j]?.key === k && !entityTokens.has(i + j))) {
          const sameLength = cands.filter((c) => c.keys.length === t.keys.length && c.keys.every((k, j) => k === t.keys[j]));
          for (const c of sameLength) hits.push({ phrase: c.keys.join(" "), kind: statesResult(c, tokens[i]) ? "absent" : c.kind, direction: c.direction, from: i, to: i + t.keys.length });
          matched = t.keys.length;
          break;
        }
      }
    }
    i += matched || 1;
  }
  return hits;
}

export interface Mention {
  from: number;
  to: number;
}

const PRE_MAX_DISTANCE = 6;
/** Hypothetical triggers naming what an as-needed dose is for ("PRN for pain", "as required for fever"). */
const INDICATIONS = new Set(["prn for", "as needed for", "when needed for", "if needed for", "as required for", "when required for", "sos for"].map((p) => phraseKeys(p).join(" ")));
/** Triggers that stop or withhold a medicine. */
const STOPS = new Set(["stop", "stopped", "stopping", "hold", "held", "withhold", "withheld", "avoid", "avoided", "discontinue", "discontinued", "discontinuing", "d/c", "cease", "ceased", "ceasing", "omit", "omitted", "omitting"].map((p) => phraseKeys(p).join(" ")));
/** Pronouns a stop verb may take as its object instead of an entity ("stop it", "held them"). */
const PRONOUN_OBJECTS = new Set(["it", "them", "this", "that", "these", "those"]);
/** A dose ("40mg", "1 g", "500") or a purpose ("for back pain") written right after a medicine. */
function ownInstructionAt(tokens: Token[], i: number): boolean {
  const t = tokens[i];
  return !!t && (/^\d/.test(t.raw) || t.key === "for" || t.key === "to");
}
/** "D/C" is also discharge ("D/C home on amoxicillin"): it stops a medicine only written right before it ("D/C warfarin"). */
const ADJACENT_PRE = new Set(["d/c"].map((p) => phraseKeys(p).join(" ")));
const SWITCHES = new Set(SWITCH_PHRASES.map((p) => phraseKeys(p).join(" ")));
const SWITCH_MAX_DISTANCE = 2;
const CHAIN_MAX_GAP = 3;
/** Words that report a test's result: "mRDT negative" is a test that was done, not an absent finding. */
// Swahili "hasi" (negative; TUKI, Kamusi ya Kiswahili-Kiingereza, 2001), as Tanzanian RCH cards write a result: "mRDT hasi".
const RESULT_WORDS = new Set(["negative", "neg", "nr", "-", "not detected", "not found", "nil", "none", "absent", "non reactive", "nonreactive", "not reactive", "hasi"]);
const POST_MAX_DISTANCE = 3;
/** What a test written in a condition would show: "if LP suggests meningitis", "if CXR shows pneumonia". */
const CONDITION_TEST_VERBS = new Set(["shows", "show", "suggests", "suggest", "confirms", "confirm", "reveals", "reveal", "positive for", "is positive for", "comes back positive for"]);
/**
 * Result marks that negate only right after the test or finding (a colon or "=" between at most): "HIV NR",
 * "HIV: NR" (non-reactive), "jaundice -". Elsewhere "NR" and a dash mean other things.
 */
/**
 * Post-triggers that reach only the finding right before them (":" or "=" at most between). "no" only as a form's
 * answer that ends its item ("DM - no.", "Smoker: No,"; the hyphen is not a token): "cough no fever" negates the fever.
 */
const ADJACENT_POST = new Set(["nr", "-", "no"]);
const RESULT_MARKS = new Set(["nr", "-"]);
/** Negation words that answer what is written before them ("premed none, IV cefazolin", "DM - no, smoker"). */
const ANSWER_WORDS = new Set(["no", "none", "nil"]);
const ADJACENT_GAP = new Set([":", "="]);
/** Words that answer an allergy question with "none" ("Allergies - NKDA", "allergy: nil", "allergies none known"). */
const DENIAL_ANSWERS = new Set(["none", "nil", "nkda", "no", "unknown"]);

/** Words a denial may carry before its clause ends ("nil known", "none reported", "Meds: none regular, occasional ibuprofen"). */
const DENIAL_TAIL = new Set(["known", "reported", "regular", "regularly"]);

/** Whether an allergy word is answered with a denial right after it (skipping ":", "-", "="), its clause ending there. */
function answeredWithDenial(tokens: Token[], h: TriggerHit): boolean {
  let j = h.to;
  while (j < tokens.length && (ADJACENT_GAP.has(tokens[j].raw) || tokens[j].raw === "-")) j++;
  if (!DENIAL_ANSWERS.has(tokens[j]?.key ?? "")) return false;
  j++;
  while (DENIAL_TAIL.has(tokens[j]?.key ?? "")) j++;
  return j >= tokens.length || /^[,;.]$/.test(tokens[j].raw);
}

/** Words allowed between a negation and the history or allergy trigger it runs over ("no known history of", "without any prior", "no known drug allergies"). */
const NEGATED_HISTORY_GAP = new Set(["known", "any", "past", "drug"]);
/** When two triggers reach one entity, the stronger statement wins. */
const PRECEDENCE: Assertion[] = ["absent", "family", "hypothetical", "allergy", "possible", "historical", "present"];

/**
 * The assertion of every mention (given in text order, as token ranges). `sectionOf` gives the
 * default from the section heading the mention sits under.
 */
export function assertMentions(tokens: Token[], mentions: Mention[], sentences: number[], sectionOf: (offset: number) => Assertion, isTest: (k: number) => boolean = () => false, index: TriggerIndex = ENGLISH, resultMarkApplies?: (k: number, mark: "nr" | "-") => boolean, isMedication?: (k: number) => boolean): Assertion[] {
  const entityTokens = new Set<number>();
  for (const m of mentions) for (let i = m.from; i < m.to; i++) entityTokens.add(i);
  const found0 = findTriggers(tokens, entityTokens, index);
  const hits = [...found0, ...familyAcrossWords(tokens, entityTokens, found0), ...familyWithoutVerb(tokens, entityTokens, found0, sentences)].sort((a, b) => a.from - b.from);
  const sentenceOfToken = (i: number) => sentenceOf(sentences, tokens[i].start);
  const terminators = hits.filter((h) => h.kind === "terminate");
  const result: Assertion[] = mentions.map((m) => sectionOf(tokens[m.from].start));
  const found: Assertion[][] = mentions.map(() => []);

  const blockedBetween = (a: number, b: number) => terminators.some((t) => t.from >= a && t.from < b);
  // "return if unable to drink or has blood in stool": "or" joins the condition's next item, and the "has" after it
  // goes on with the condition instead of starting a statement.
  // "if the child has convulsions", "return if she has difficulty breathing": the condition's own verb, right after
  // its subject, goes on with the condition.
  // "Neither the mother nor the child has fever", "neither my husband nor my son has chest pain": the "has" after the
  // last subject of a neither ... nor pair is the denied clause's own verb, not the start of a new statement.
  const blocked = (h: TriggerHit, a: number, b: number) => terminators.some((t) => t.from >= a && t.from < b && !(h.kind === "hypothetical" && (tokens[t.from - 1]?.key === "or" || conditionsOwnVerb(tokens, entityTokens, hits, h, t))) && !norSubjectsVerb(tokens, h, t));
  // A history or allergy trigger that comes right after a negation (at most "known", "any", "past" and other
  // history triggers between: "no known history of", "no hx of prior", "no history of allergy to") is part of
  // what is denied. Elsewhere it starts its own scope.
  const negations = hits.filter((h) => h.kind === "absent" && h.direction === "pre");
  const rightAfterNegation = (o: TriggerHit): boolean => {
    for (const n of negations) {
      if (n.to > o.from) continue;
      let j = n.to;
      while (j < o.from) {
        if (NEGATED_HISTORY_GAP.has(tokens[j].key)) j++;
        else {
          const next = hits.find((x) => x.kind === "historical" && x.direction === "pre" && x.from === j && x.to <= o.from);
          if (!next) break;
          j = next.to;
        }
      }
      if (j === o.from) return true;
    }
    return false;
  };
  // An allergy trigger naming its allergen ("allergic to", "allergy to") carries the negation on to it; a bare one
  // ("No known allergies, on amoxicillin") ends the denial there, and names no allergy either.
  const negationRunsOver = (o: TriggerHit) => o.direction === "pre" && (o.kind === "historical" || (o.kind === "allergy" && o.phrase.endsWith(" to"))) && rightAfterNegation(o);
  // "give paracetamol, if BP >160/110 call doctor for hydralazine": an "if" after a comma with a medicine or test
  // later in its sentence opens a conditional plan of its own. It conditions what follows it, not the item before.
  const opensConditionalPlan = (h: TriggerHit) =>
    h.phrase === "if" && tokens[h.from - 1]?.raw === "," && mentions.some((o, k) => o.from >= h.to && sentenceOfToken(o.from) === sentenceOfToken(h.from) && (isTest(k) || isMedication?.(k) === true));
  for (const h of hits) {
    if (h.kind === "pseudo" || h.kind === "terminate") continue;
    if (h.kind === "historical" && datesOngoingStart(tokens, h)) continue;
    if (h.direction === "post" && opensConditionalPlan(h)) continue;
    // "could not stop it, baby is fitting", "nothing stops them": a stop whose object is a pronoun stops no medicine.
    if (h.direction === "pre" && STOPS.has(h.phrase) && PRONOUN_OBJECTS.has(tokens[h.to]?.key ?? "")) continue;
    // "Not allergic to penicillin": a denied allergy is no allergy mention. "Allergies - NKDA, on amoxicillin",
    // "allergies none": an allergy word answered with a denial names no allergen either.
    if (h.kind === "allergy" && h.direction === "pre" && (rightAfterNegation(h) || answeredWithDenial(tokens, h))) continue;
    const s = sentenceOfToken(h.from);
    if (h.direction === "pre") {
      // "3 days history of cough": the present illness, told with its duration; not a past one.
      const generic = h.kind === "historical" && GENERIC_HISTORY.has(h.phrase);
      if (generic && durationEndsAt(tokens, h.from)) continue;
      const covered: number[] = [];
      let last = h.to;
      let first = true;
      let resultShown = false;
      const switching = SWITCHES.has(h.phrase);
      const listIntro = tokens[h.to]?.key === ":" && !switching;
      const reach = ADJACENT_PRE.has(h.phrase) ? 0 : switching ? SWITCH_MAX_DISTANCE : PRE_MAX_DISTANCE;
      // "If pus from the wound - open and send pus swab", "If no better, add ceftriaxone": a sentence that opens on
      // "if" is a conditional plan, and what it would do is as hypothetical as its condition.
      const wholeSentence = h.phrase === "if" && (h.from === 0 || sentenceOfToken(h.from - 1) !== s || opensConditionalPlan(h));
      for (let k = 0; k < mentions.length; k++) {
        const m = mentions[k];
        if (m.from < h.to) continue;
        if (sentenceOfToken(m.from) !== s) break;
        // "Akirudi na maumivu ya kifua (chest pain)", "denies homa (fever)": a bracket holding only an entity of the same
        // kind right after one in scope is its gloss, in the same scope.
        const prev = covered[covered.length - 1];
        if (prev !== undefined && last === m.from - 1 && tokens[last].raw === "(" && tokens[m.to]?.raw === ")" && isTest(prev) === isTest(k) && isMedication?.(prev) === isMedication?.(k)) {
          covered.push(k);
          last = m.to + 1;
          continue;
        }
        if (REFUSAL_KEYS.has(h.phrase) && !(isTest(k) || isMedication?.(k))) break;
        if (WATCHING_KEYS.has(h.phrase) && (isTest(k) || isMedication?.(k))) break;
        const gap = m.from - last;
        if (switching && !first) break;
        if (switching && !switchedTo(tokens, m.to, mentions[k + 1])) break;
        // "If severe headache, weakness of one side or chest pain - come at once": a condition's list runs on over
        // an item the dictionary does not know, between list joints. Only for a hypothetical: a negation's list
        // stops there ("No fever, passing urine well, vomiting x2" reports the vomiting).
        // Not for an "if" right after the item it conditions ("Blood transfusion if Hb drops, folic acid 5mg OD"): its
        // condition is a clause of its own, and the next item is the plan's.
        const conditionsBefore = h.phrase === "if" && mentions.some((o) => o.to === h.from);
        const unknownItem = !first && h.kind === "hypothetical" && !conditionsBefore && unknownListItem(tokens.slice(last, m.from), index.connectors);
        // "CTX stopped last year (VL suppressed)": an aside in brackets opened after the trigger is not in its scope.
        // In a conditional sentence, a query in brackets is the condition's feared diagnosis: "If swelling behind the ear
        // develops, return urgently (?mastoiditis)".
        if (opensAside(tokens, h.to, m.from) && !(wholeSentence && tokens[m.from - 1]?.raw === "?")) break;
        // "DKA (resolved), CKD stage 4": a trigger written inside brackets ends where they close.
        if (closesAside(tokens, h.to, m.from)) break;
        // "JVP not raised, mild pedal oedema", "CT head if GCS drops, wound debridement": the trigger's own words end at
        // the comma, and what follows is the next item. Only for "not" after what it denies and for an "if" right after
        // the entity it conditions: "no" and a leading "if" open lists ("no rigors, vomiting"; "if weak, convulsions").
        if (first && (h.phrase === "not" || conditionsBefore) && clauseClosed(tokens.slice(h.to, m.from))) break;
        // "Aspirin withheld pending CT brain", "metformin stopped, repeat creatinine": a stop written after the medicine
        // it stops (a post-trigger there) does not reach forward to what the plan does next.
        if (first && STOPS.has(h.phrase) && mentions.some((o) => o.to === h.from && isMedication?.(mentions.indexOf(o)))) break;
        // "premed none, IV cefazolin", "DM - no, on metformin": an answer written after what it answers ends at its comma.
        if (first && answersWordBefore(tokens, h, sentenceOfToken) && clauseEndsAfterAnswer(tokens, h.to)) break;
        if (wholeSentence) {
          if (blocked(h, last, m.from)) break;
          covered.push(k);
          last = m.to;
          first = false;
          continue;
        }
        if ((first && gap > reach) || (!first && !listIntro && !unknownItem && gap > CHAIN_MAX_GAP) || blocked(h, last, m.from)) break;
        // "Denies: fever, vomiting, headache", "Danger signs: fast breathing, inability to feed, convulsions":
        // a trigger that introduces a list with a colon covers the whole list.
        // "Mother known diabetic on metformin", "Father hypertensive on nifedipine": a relative's treatment, named right
        // after the relative's condition with "on", is the relative's too.
        const relativesTreatment = h.kind === "family" && !first && isMedication?.(k) === true && tokens.slice(last, m.from).map((t) => t.key).join(" ") === "on";
        // "switch to ceftriaxone if LP suggests meningitis", "if CXR shows pneumonia": the finding a conditional test would
        // show is as hypothetical as the test.
        const testsResult = h.kind === "hypothetical" && !first && isTest(covered[covered.length - 1]) && CONDITION_TEST_VERBS.has(tokens.slice(last, m.from).map((t) => t.key).join(" "));
        if (!first && !listIntro && !unknownItem && !relativesTreatment && !testsResult && tokens.slice(last, m.from).some((t) => !index.connectors.has(t.key))) break;
        // The result is the condition's last word: "…if LP suggests meningitis, NGT feeds" goes on with the plan.
        if (resultShown && tokens.slice(last, m.from).some((t) => t.key === ",")) break;
        resultShown ||= testsResult;
        // "Stop diclofenac, PCM for back pain", "hold warfarin, enoxaparin 40mg sc od": a stop reaches on through a
        // list of medicines ("Stop aspirin, clopidogrel and heparin") but not to one that comes with its own
        // dose or purpose, which is a new plan item.
        if (!first && STOPS.has(h.phrase) && isMedication?.(k) && ownInstructionAt(tokens, m.to)) break;
        // "stop HCTZ, FBC, U&Es", "hold metformin, serum sodium and creatinine": a stop reaches medicines only; a test
        // or finding listed after them is the plan's next item.
        if (!first && STOPS.has(h.phrase) && isMedication && !isMedication(k)) break;
        // "morphine PRN for dyspnoea, diazepam 2mg nocte, O2": what a PRN dose is for is its indication; a medicine or
        // test after it is the next item of the plan.
        if (!first && INDICATIONS.has(h.phrase) && (isTest(k) || isMedication?.(k))) break;
        // Another kind of trigger in between starts its own scope, except that a history trigger does not end a
        // negation's ("No known history of hypertension", "Denies previous TB treatment"): ConText, Harkema 2009.
        // Only right after the negation, though ("no (known) history of", "denies previous", "not previously"):
        // "No improvement after previous TB treatment" denies the improvement, not the past TB. A negated allergy
        // ("Not allergic to", "No history of allergy to") is no allergy: the negation runs on over it.
        // A condition's own negation or suggestion stays conditional: "if no progress in 4 hours consider oxytocin".
        const conditionWord = (o: TriggerHit) => h.phrase === "if" && (o.kind === "absent" || o.kind === "possible");
        if (hits.some((o) => o !== h && o.kind !== "pseudo" && o.kind !== "terminate" && o.kind !== h.kind && !(h.kind === "absent" && negationRunsOver(o)) && !conditionWord(o) && !inNorSubject(tokens, h, o) && o.direction === "pre" && o.from >= last && o.to <= m.from)) break;
        covered.push(k);
        last = m.to;
        first = false;
      }
      // "hx of diarrhoea and vomiting since yesterday", "h/o cough x 2/52": still going on, so present.
      if (generic && covered.some((k) => ongoingOrRecentAt(tokens, mentions[k].to))) continue;
      for (const k of covered) found[k].push(h.kind);
    } else {
      for (let k = mentions.length - 1; k >= 0; k--) {
        const m = mentions[k];
        if (m.to > h.from) continue;
        if (sentenceOfToken(m.from) !== s || h.from - m.to > POST_MAX_DISTANCE || blockedBetween(m.to, h.from)) break;
        if (ADJACENT_POST.has(h.phrase) && tokens.slice(m.to, h.from).some((t) => !ADJACENT_GAP.has(t.key))) break;
        // "?" after a finding queries it ("malaria?", "TB ?") only right after it, and not when it is glued to the
        // next word: "on ART, adm with ?cryptococcal meningitis" queries the meningitis, not the ART.
        // Nor when a finding follows it ("fever ? malaria" queries the malaria).
        if (h.phrase === "?" && (m.to !== h.from || gluedToNext(tokens, h.from) || mentions.some((o) => o.from === h.to))) break;
        if (h.phrase === "no" && tokens[h.to]?.word) break;
        if (RESULT_MARKS.has(h.phrase) && resultMarkApplies && !resultMarkApplies(k, h.phrase as "nr" | "-")) break;
        if (h.kind === "absent" && isTest(k) && RESULT_WORDS.has(h.phrase)) break;
        if (REFUSAL_KEYS.has(h.phrase) && (!(isTest(k) || isMedication?.(k)) || fallTo(tokens, h.to))) break;
        found[k].push(h.kind);
        break;
      }
    }
  }
  return result.map((fallback, k) => {
    const all = [...found[k], fallback];
    return PRECEDENCE.find((a) => all.includes(a)) ?? fallback;
  });
}

/** A "no", "none" or "nil" written after a word of its sentence (":" or "=" between at most): the answer to it. */
function answersWordBefore(tokens: Token[], h: TriggerHit, sentenceOfToken: (i: number) => number): boolean {
  if (!ANSWER_WORDS.has(h.phrase)) return false;
  let i = h.from - 1;
  while (i >= 0 && ADJACENT_GAP.has(tokens[i].key)) i--;
  return i >= 0 && tokens[i].word && sentenceOfToken(i) === sentenceOfToken(h.from);
}

/** The answer's clause ends at `at`, after any of "known", "reported" ("allergies: none known, on metformin"). */
function clauseEndsAfterAnswer(tokens: Token[], at: number): boolean {
  let j = at;
  while (DENIAL_TAIL.has(tokens[j]?.key ?? "")) j++;
  return tokens[j]?.raw === "," || tokens[j]?.raw === ";";
}

/** Words then a comma: the clause the trigger opened ends before what follows ("not raised, mild oedema"). */
function clauseClosed(gap: Token[]): boolean {
  return gap.some((t, i) => (t.raw === "," || t.raw === ";") && i > 0 && gap[i - 1].word);
}

/** A relative or partner named in the words ("brother's RBS"), as the family triggers name them. */
const RELATIVE_WORD = new RegExp(String.raw`\b(?:${RELATIVES.join("|")})(?:'s)?\b`, "i");
export const namesRelative = (words: string) => RELATIVE_WORD.test(words);

/** A bracket opened between two tokens and not closed before the second. */
function opensAside(tokens: Token[], from: number, to: number): boolean {
  let depth = 0;
  for (let i = from; i < to; i++) {
    if (tokens[i].raw === "(" || tokens[i].raw === "[") depth++;
    else if ((tokens[i].raw === ")" || tokens[i].raw === "]") && depth > 0) depth--;
  }
  return depth > 0;
}

/** Whether a bracket opened before `from` closes before `to`. */
function closesAside(tokens: Token[], from: number, to: number): boolean {
  let depth = 0;
  for (let i = from; i < to; i++) {
    if (tokens[i].raw === "(" || tokens[i].raw === "[") depth++;
    else if (tokens[i].raw === ")" || tokens[i].raw === "]") depth--;
    if (depth < 0) return true;
  }
  return false;
}

/** "Hb declined to 6.1", "eGFR declined from 60": a fall, not a refusal. */
function fallTo(tokens: Token[], i: number): boolean {
  const t = tokens[i];
  return !!t && (t.key === "to" || t.key === "from" || t.key === "by" || /^\d/.test(t.raw));
}

/**
 * Words after or up to a list joint that name one item, end the one before or name whose the next is (", weakness
 * of one side or ", "or child unable to drink"): at most four words.
 */
const UNKNOWN_ITEM_MAX = 4;
function unknownListItem(gap: Token[], connectors: Set<string>): boolean {
  if (gap.length < 2 || !(connectors.has(gap[0].key) || connectors.has(gap[gap.length - 1].key))) return false;
  const words = gap.filter((t) => !connectors.has(t.key));
  return words.length > 0 && words.length <= UNKNOWN_ITEM_MAX && words.every((t) => t.word);
}

function gluedToNext(tokens: Token[], i: number): boolean {
  const next = tokens[i + 1];
  return !!next && next.word && next.start === tokens[i].end;
}

/**
 * A relative or partner and what they have, a few words apart: "Two siblings at home with similar rash",
 * "His brother in Nairobi has TB", "Mother also on ART". At most three words between, none of them an
 * entity, a punctuation mark or another trigger (so "Mother at bedside with child who has fever" stops at
 * "who"). The relative right before the verb is in the trigger lists already.
 */
const RELATIVE_KEYS = new Set(RELATIVES.map((r) => phraseKeys(r).join(" ")).filter((k) => !k.includes(" ")));
const FAMILY_GAP_VERBS = ["with", "has", "have", "had", "is", "was", "also has", "also have", "also had", "died of", "died from", "diagnosed with", "treated for", "on", "tested positive for"].map((p) => phraseKeys(p));
const FAMILY_GAP_MAX = 3;

function familyAcrossWords(tokens: Token[], entityTokens: Set<number>, hits: TriggerHit[]): TriggerHit[] {
  const out: TriggerHit[] = [];
  const inHit = (i: number) => hits.some((h) => h.from <= i && i < h.to);
  for (let i = 0; i < tokens.length; i++) {
    if (!RELATIVE_KEYS.has(tokens[i].key) || entityTokens.has(i) || inHit(i)) continue;
    for (let j = i + 2; j <= i + 1 + FAMILY_GAP_MAX && j < tokens.length; j++) {
      const gap = tokens.slice(i + 1, j);
      // Words only: "Mother 19 years with severe anaemia" is the mother as the patient (antenatal notes), not a relative.
      if (gap.some((t, g) => !/^\p{L}+$/u.test(t.raw) || entityTokens.has(i + 1 + g) || RELATIVE_KEYS.has(t.key) || inHit(i + 1 + g))) break;
      const verb = FAMILY_GAP_VERBS.find((v) => v.every((k, n) => tokens[j + n]?.key === k && !entityTokens.has(j + n)));
      if (verb) {
        out.push({ phrase: `${tokens[i].key} … ${verb.join(" ")}`, kind: "family", direction: "pre", from: i, to: j + verb.length });
        break;
      }
    }
  }
  return out;
}

/**
 * A relative written right before a finding, without a verb: "Mother HIV positive", "Father diabetic", "sister:
 * asthma", "Baby's mother HIV+ve". The relative opens its clause (the sentence's first word, after a comma, colon,
 * semicolon or bracket, or after "his", "her", "the" or a possessive such as "baby's") and the finding follows at
 * once (a colon, "known" or "also" between at most). Not an escort ("brought by mother with fever" is a
 * pseudo-trigger) and not a child (son, daughter, twin: in a parent's message or a neonatal note the child is the
 * patient). A separate pass, not a trigger list: a bare relative in the lists would end other scopes and take the
 * words of the longer rules ("Two siblings at home with similar rash", "Wife also on ART").
 */
const RELATIVES_WITHOUT_VERB = new Set(["mother", "father", "mum", "mom", "dad", "sister", "brother", "sibling", "siblings", "aunt", "uncle", "grandmother", "grandfather", "grandparent", "grandma", "granny", "grandpa", "cousin", "parents", "parent", "husband", "wife", "spouse", "partner", "cowife", "stepmother", "stepfather"].map((r) => phraseKeys(r).join(" ")));
const CLAUSE_OPENERS = new Set([",", ";", ":", "(", "[", ".", "his", "her", "their", "the", "s"]);
const BETWEEN_RELATIVE_AND_FINDING = new Set([":", "=", "known", "also"]);
/** " - " is three characters: no two words of a note stand further apart with only spaces between. */
const SPACED_DASH_GAP = 3;

/** After a relative at i: "'s", at most three words, then "status" (and a colon or dash): the token after the field's label, or -1. */
const STATUS_FIELD_WORDS_MAX = 3;
function relativesStatusField(tokens: Token[], i: number): number {
  const s = tokens[i + 1];
  if (s?.key !== "s" || s.start === tokens[i].end) return -1;
  for (let j = i + 2; j <= i + 2 + STATUS_FIELD_WORDS_MAX && j < tokens.length; j++) {
    if (tokens[j].key === "status") return tokens[j + 1] && [":", "-", "="].includes(tokens[j + 1].key) ? j + 2 : j + 1;
    if (!tokens[j].word) return -1;
  }
  return -1;
}

function familyWithoutVerb(tokens: Token[], entityTokens: Set<number>, hits: TriggerHit[], sentences: number[]): TriggerHit[] {
  const out: TriggerHit[] = [];
  const inHit = (i: number) => hits.some((h) => h.from <= i && i < h.to);
  for (let i = 0; i < tokens.length; i++) {
    if (!RELATIVES_WITHOUT_VERB.has(tokens[i].key) || entityTokens.has(i)) continue;
    // "Mother's TT status: TT3 (Td)", "Mother's HIV status - on ART": a relative's status field (an ANC or child health
    // card records the mother's tetanus and HIV status on the child's card), its answers the relative's.
    const status = relativesStatusField(tokens, i);
    if (status > 0) {
      out.push({ phrase: `${tokens[i].key}'s … status`, kind: "family", direction: "pre", from: i, to: status });
      continue;
    }
    if (inHit(i)) continue;
    const prev = tokens[i - 1];
    // A dash between spaces ("?scabies - wife itching too") opens a clause too: the tokenizer drops it, leaving a gap.
    const spacedDash = !!prev && tokens[i].start - prev.end >= SPACED_DASH_GAP;
    const opens = !prev || sentenceOf(sentences, prev.start) !== sentenceOf(sentences, tokens[i].start) || CLAUSE_OPENERS.has(prev.key) || spacedDash;
    // "s" only as a possessive glued to its word by an apostrophe ("baby's mother"), not "Pts mother".
    if (!opens || (prev?.key === "s" && !(tokens[i - 2] && prev.start > tokens[i - 2].end))) continue;
    let j = i + 1;
    while (j < tokens.length && j <= i + 2 && BETWEEN_RELATIVE_AND_FINDING.has(tokens[j].key) && !entityTokens.has(j)) j++;
    if (!entityTokens.has(j) || inHit(j - 1) || sentenceOf(sentences, tokens[j].start) !== sentenceOf(sentences, tokens[i].start)) continue;
    out.push({ phrase: `${tokens[i].key} ·`, kind: "family", direction: "pre", from: i, to: j });
  }
  return out;
}

/** "if the child has", "if she has", "in case baby has": a has-terminator after at most three words of the condition's subject. */
const CONDITION_VERBS = new Set(["has", "he has", "she has", "has had"]);
const CONDITION_SUBJECT_MAX = 3;
function conditionsOwnVerb(tokens: Token[], entityTokens: Set<number>, hits: TriggerHit[], h: TriggerHit, t: TriggerHit): boolean {
  if (!CONDITION_VERBS.has(t.phrase) || t.from < h.to || t.from - h.to > CONDITION_SUBJECT_MAX) return false;
  for (let i = h.to; i < t.from; i++) if (!tokens[i].word || entityTokens.has(i) || hits.some((o) => o !== h && o.from <= i && i < o.to)) return false;
  return true;
}

/** "… to valproate", "… with spironolactone": the new entity a change names, within three tokens. */
function switchedTo(tokens: Token[], after: number, next: Mention | undefined): boolean {
  if (!next) return false;
  for (let i = after; i < Math.min(next.from, after + 3); i++) if (SWITCH_TARGET_WORDS.has(tokens[i].key)) return next.from - i - 1 <= 2;
  return false;
}

/**
 * The history triggers that East African and other notes also use for the present illness ("3 days
 * history of fever", "hx of cough x 2/52"). With a duration before them, or an ongoing or recent time
 * after the condition, they do not make it historical. ConText's temporality (Harkema et al., J Biomed
 * Inform 2009): a condition that began within the last 14 days is recent, not historical. "Treated
 * for", "previous", "s/p", "past history of" and the "PMH:" section stay historical whatever follows.
 */
const GENERIC_HISTORY = new Set(["history of", "hx of", "h/o", "hx"].map((p) => phraseKeys(p).join(" ")));
const RECENT_DAYS = 14;
const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, couple: 2, few: 3, several: 4 };
const HOUR = 1 / 24;
const UNIT_DAYS: Record<string, number> = { hour: HOUR, hours: HOUR, hr: HOUR, hrs: HOUR, h: HOUR, day: 1, days: 1, d: 1, week: 7, weeks: 7, wk: 7, wks: 7, month: 30, months: 30, mo: 30, mos: 30, mth: 30, mths: 30, year: 365, years: 365, yr: 365, yrs: 365 };
/** "3/7" days, "2/52" weeks, "3/12" months, "6/24" hours. */
const SLASH_DAYS: Record<string, number> = { "24": HOUR, "7": 1, "52": 7, "12": 30 };
/** Words before a duration that say the condition has lasted that long ("for", "x", "over the past"). */
const ONGOING_LEADS = new Set(["for", "x", "×", "lasting", "over", "past", "since", "duration"]);
const LEADS = new Set([...ONGOING_LEADS, "the", "last", "about", "around", "approximately", "approx", "~", "of", "nearly", "almost"]);
const RECENT_WORDS = [["yesterday"], ["today"], ["tonight"], ["last", "night"], ["this", "morning"], ["this", "afternoon"], ["this", "evening"], ["last", "evening"], ["morning"]];

/** A written duration starting at token `i` ("3 days", "x3/7", "2-week", "3days", "a week"), in days, and the token after it. */
function durationAt(tokens: Token[], i: number): { days: number; end: number } | null {
  const t = tokens[i];
  if (!t) return null;
  const glued = /^x?(\d+(?:\.\d+)?)([a-z]+)$/.exec(t.key);
  if (glued && UNIT_DAYS[glued[2]] !== undefined) return { days: Number(glued[1]) * UNIT_DAYS[glued[2]], end: i + 1 };
  const digits = /^x?(\d+(?:\.\d+)?)$/.exec(t.key);
  const n = digits ? Number(digits[1]) : NUMBER_WORDS[t.key];
  if (n === undefined) return UNIT_DAYS[t.key] !== undefined ? { days: UNIT_DAYS[t.key], end: i + 1 } : null;
  const next = tokens[i + 1];
  if (next?.key === "/" && SLASH_DAYS[tokens[i + 2]?.key] !== undefined) return { days: n * SLASH_DAYS[tokens[i + 2].key], end: i + 3 };
  if (next && UNIT_DAYS[next.key] !== undefined) return { days: n * UNIT_DAYS[next.key], end: i + 2 };
  return null;
}

/** A duration ends right before token `at` ("3 days | history of", "a 2-week | hx of", "x3/7 | h/o"). */
function durationEndsAt(tokens: Token[], at: number): boolean {
  for (let i = Math.max(0, at - 3); i < at; i++) if (durationAt(tokens, i)?.end === at) return true;
  return false;
}

/**
 * Whether the words at token `i` say a condition is going on or began within the last 14 days: "since
 * yesterday", "since 2019" (still going on), "for 2 weeks", "x 3/7", "3 days", "2 days ago", "this
 * morning"; not "3 years ago", "last year", "in 2015".
 */
function ongoingOrRecentAt(tokens: Token[], i: number): boolean {
  if (tokens[i]?.key === "since") return true;
  for (const words of RECENT_WORDS) if (words.every((w, j) => tokens[i + j]?.key === w)) return true;
  let j = i;
  let ongoing = false;
  while (j < i + 3 && LEADS.has(tokens[j]?.key ?? "") && !durationAt(tokens, j)) {
    if (ONGOING_LEADS.has(tokens[j].key)) ongoing = true;
    j++;
  }
  const d = durationAt(tokens, j);
  if (!d) return false;
  if (tokens[d.end]?.key === "ago" || (!ongoing && j > i)) return d.days <= RECENT_DAYS;
  return true;
}

const NOR_VERBS = new Set(["has", "have", "has had", "have had", "had"]);
const NOR_SUBJECT_WORDS = 3;
/** Whether token `at` comes right after the subject of a "nor" (at most three words: "nor my son |has") that the negation `h` opens or follows ("neither ... nor"). */
function followsNorSubject(tokens: Token[], h: TriggerHit, at: number): boolean {
  for (let n = at - 1; n >= Math.max(h.from, at - 1 - NOR_SUBJECT_WORDS); n--) {
    if (!tokens[n].word) return false;
    if (tokens[n].key === "nor") return n === h.from || tokens.slice(h.from, n).some((x) => x.key === "neither");
  }
  return false;
}
/** A terminator `t` that is the verb after the last subject of "neither ... nor" ("nor my son has"). */
const norSubjectsVerb = (tokens: Token[], h: TriggerHit, t: TriggerHit) => h.kind === "absent" && NOR_VERBS.has(t.phrase) && followsNorSubject(tokens, h, t.from);
/** A relative's words ("my son has") in the last subject of a neither ... nor pair the negation `h` denies. */
const inNorSubject = (tokens: Token[], h: TriggerHit, o: TriggerHit) => h.kind === "absent" && o.kind === "family" && followsNorSubject(tokens, h, o.from);

/**
 * "since I started my ARVs in June", "ever since she began insulin last year", "tangu nianze dawa za TB mwezi
 * uliopita", "okuva lwe natandika eddagala mu June": a date inside a "since ... started" clause says when something
 * still going on began (ConText temporality, Harkema et al., J Biomed Inform 2009: an ongoing condition is not
 * historical), so it makes neither the treatment started nor what the sentence reports since then historical.
 * Without a verb of starting the date keeps its reading: "since his stroke last year he is bedridden" dates the
 * stroke, a past event.
 */
const SINCE_WORDS = new Set(["since", "tangu", "okuva"]);
const START_VERB = /^(start|started|starting|begin|began|begun|beginning|commenced|initiated)$|^[a-z]*anz[ae]$|tandika$/;
const DATE_WORD = /^(ago|last|year|years|month|months|week|weeks|pastyear|january|february|march|april|may|june|july|august|september|october|november|december|uliopita|iliyopita|mwezi|mwaka|jana)$/;
const SINCE_REACH = 8;
function datesOngoingStart(tokens: Token[], h: TriggerHit): boolean {
  if (!tokens.slice(h.from, h.to).some((t) => DATE_WORD.test(t.key))) return false;
  let started = false;
  for (let i = h.from - 1; i >= 0 && i >= h.from - SINCE_REACH; i--) {
    const t = tokens[i];
    if (!t.word && t.key !== "'") return false;
    if (START_VERB.test(t.key)) started = true;
    else if (SINCE_WORDS.has(t.key)) return started;
  }
  return false;
}

// Section defaults ("PMH:", "Allergies:", "FHx:") live in their own module.
export { sectionDefaults } from "./section-defaults.js";
