import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tokenize } from "../extraction/text.js";
import { messageRules, readsAsEnglish, triageMessage } from "./message-triage.engine.js";

/**
 * Classes of misses found with the blind set (test/fixtures/patient-messages/messages-blind.json,
 * docs/decisions/clinical.md "Patient messages", 2026-11-28). Each class is tested with wordings that are
 * NOT in the blind set (checked below), so the blind score stays an estimate.
 */
const { rules } = messageRules();
const triage = (text: string, language = "en", age: number | null = 30) => triageMessage(rules, text, language, age);
const flags = (text: string, language = "en", age: number | null = 30) => [...new Set(triage(text, language, age).redFlags.map((f) => f.category))].sort();

const positives: [string, string, string][] = [
  // SMS shorthand spelt out ("cnt" → "can not")
  ["shorthand", "i kant breathe since 2nite", "difficulty_breathing"],
  ["shorthand", "my son cannt breathe well", "difficulty_breathing"],
  // voice-to-text and typing errors of red-flag words
  ["voice-to-text", "my mum is breeding a lot after the fall", "heavy_bleeding"],
  ["voice-to-text", "he had a seizer at school", "seizure"],
  ["voice-to-text", "my chess hurts when I walk", "chest_pain"],
  ["voice-to-text", "found him unconcious on the floor", "unresponsive"],
  ["voice-to-text", "she cant breed, lips going blue", "difficulty_breathing"],
  ["voice-to-text", "I am pregnat and bleeding since last night", "pregnancy_danger_signs"],
  // Swahili phrases in a message tagged en (code-switching, default tag)
  ["code-switching", "doctor mtoto wangu ana degedege", "seizure"],
  ["code-switching", "my dad amezimia in the kitchen", "unresponsive"],
  ["code-switching", "my wife ni mjamzito na anatokwa na damu", "pregnancy_danger_signs"],
  // after delivery (WHO PCPNC postpartum danger signs)
  ["postpartum", "she gave birth on sunday and the bleeding is getting heavier", "pregnancy_danger_signs"],
  ["postpartum", "two weeks after delivery I have fits", "pregnancy_danger_signs"],
  ["postpartum", "nimejifungua juzi na ninavuja damu", "pregnancy_danger_signs"],
  // reduced fetal movements (NHS)
  ["fetal movements", "I can't feel the baby moving since last night", "pregnancy_danger_signs"],
  ["fetal movements", "36 weeks and my baby has stopped kicking", "pregnancy_danger_signs"],
  ["fetal movements", "mtoto hajacheza tumboni tangu juzi", "pregnancy_danger_signs"],
  // fever in a young infant (IMCI 0-2 months)
  ["young infant fever", "newborn with fever since morning", "child_fever_lethargy"],
  ["young infant fever", "my 10 day old baby is hot, temperature 38", "child_fever_lethargy"],
  ["young infant fever", "mtoto mchanga ana homa", "child_fever_lethargy"],
  // lethargy and severe dehydration without fever (IMCI general danger signs, diarrhoea chart)
  ["dehydration", "the baby has diarrhoea and her eyes are sunken", "child_danger_signs"],
  ["dehydration", "my son is limp and not passing urine since morning", "child_danger_signs"],
  ["dehydration", "mtoto ameharisha sana, macho yameingia ndani", "child_danger_signs"],
  // meningitis (NHS; IMCI stiff neck)
  ["meningitis", "fever and a stiff neck since yesterday", "meningitis_signs"],
  ["meningitis", "my neck is stiff and a terrible headache", "meningitis_signs"],
  ["meningitis", "ana homa kali na shingo ngumu", "meningitis_signs"],
  // indirect suicidal ideation (NIMH warning signs)
  ["indirect suicidal", "sometimes I think everyone would be better off without me", "suicidal_ideation"],
  ["indirect suicidal", "honestly I am tired of life", "suicidal_ideation"],
  ["indirect suicidal", "I want to end it tonight", "suicidal_ideation"],
  ["indirect suicidal", "nimechoka na maisha haya", "suicidal_ideation"],
  ["indirect suicidal", "naskia ku-end life", "suicidal_ideation"],
  // Swahili snakebite and poisoning
  ["sw snakebite, poisoning", "ameng'atwa na nyoka shambani", "snakebite"],
  ["sw snakebite, poisoning", "nyoka amemuuma mkononi", "snakebite"],
  ["sw snakebite, poisoning", "mtoto amemeza mafuta ya taa", "overdose_poisoning"],
  ["sw snakebite, poisoning", "amekula sumu ya panya", "overdose_poisoning"],
  ["someone else's tablets", "my toddler swallowed my pills", "overdose_poisoning"],
  // chest indrawing, grunting (IMCI)
  ["breathing", "ribs pulling in when he breathes", "difficulty_breathing"],
  ["breathing", "breathing very fast and grunting", "difficulty_breathing"],
];

const negatives: [string, string][] = [
  ["shorthand negation", "i dnt hv chest pain just a cough"],
  ["shorthand negation", "hvnt had fits since january"],
  ["postpartum negation", "gave birth last month, no bleeding, want family planning"],
  ["fetal movements", "baby moving well and kicking a lot"],
  ["young infant", "my 3 year old has a mild fever, playing well"],
  ["dehydration, adult", "I am very dehydrated after the long walk"],
  ["meningitis", "stiff neck from sleeping badly"],
  ["meningitis", "a headache and a stiff neck after a long day at the computer"],
  ["topic, not finding", "can I get more seizure tablets"],
  ["topic, not finding", "when is the stroke clinic this month"],
  ["topic, not finding", "suicide awareness talk at school was helpful"],
  ["sw poisoning", "nimenunua dawa ya panya dukani"],
  ["sw poisoning", "mafuta ya taa yamepanda bei"],
];

describe("classes of misses found with the blind set (rules 2026.11.6, engine 1.2.0)", () => {
  it.each(positives)("%s: flags %j as %s", (_cls, text, category) => {
    expect(flags(text)).toContain(category);
  });

  it.each(positives)("%s: flags %j in a Swahili-tagged message too", (_cls, text, category) => {
    expect(flags(text, "sw")).toContain(category);
  });

  it.each(negatives)("%s: does not flag %j", (_cls, text) => {
    expect(triage(text).redFlags).toEqual([]);
  });

  it("flags the sign in a red-flag word used next to a topic phrase", () => {
    expect(flags("had a seizure this morning, need seizure tablets")).toEqual(["seizure"]);
  });
});

describe("a message tagged en that is not English is not routine", () => {
  it.each([
    ["Murakoze cyane muganga"],
    ["Webale nnyo omusawo"],
    ["dawa zangu za pressure zimekwisha"],
    ["imiti y'umwana yarashize"],
  ])("%j is screened for phrases only (unscreened without a flag)", (text) => {
    const r = triage(text);
    expect(r.redFlags).toEqual([]);
    expect([r.coverage, r.screened]).toEqual(["english_phrases", false]);
  });

  it.each([
    ["Thanks, see you Monday"],
    ["BP MEDS FINISHED NEED MORE"],
    ["pls can i come 2moro"],
    ["what did the doctor say about my INR"],
    ["I have run out of my warfarin, can I get a refill?"],
    ["BP 200/130 severe headache"],
    ["Refill metformin"],
  ])("%j reads as English (screened in full)", (text) => {
    expect(readsAsEnglish(rules, tokenize(text))).toBe(true);
    expect(triage(text).screened).toBe(true);
  });
});

describe("Swahili intents", () => {
  it.each([
    ["naomba miadi ya kuona daktari ijumaa", "appointment"],
    ["dawa zangu za pressure zimekwisha", "refill_request"],
    ["matokeo ya kipimo cha malaria yametoka?", "results_question"],
    ["nimelipa bili kwa mpesa jana", "billing"],
  ])("classifies %j as %s", (text, intent) => {
    expect(triage(text, "sw").intent).toBe(intent);
  });
});

/**
 * Classes of misses found with the second blind set (messages-blind-2.json, session 16; rules 2026.11.7,
 * engine 1.3.0), each tested with wordings in neither blind set (checked below).
 */
const positives2: [string, string, string, string][] = [
  // Swahili verbs carry an object infix (ki-na-ni-bana, "it is squeezing me"): the verb is a wildcard after "kifua"
  ["sw object infix", "kifua kimenibana ghafla", "sw", "chest_pain"],
  ["sw object infix", "kifua kimeniuma usiku mzima", "sw", "chest_pain"],
  // fits told in other word orders ("shaking whole body", "eyes rolling up")
  ["fits, word order", "the boy is jerking whole body for 5 minutes now", "en", "seizure"],
  ["fits, word order", "her eyes are rolling up help", "en", "seizure"],
  // stroke (FAST) in patients' words: a twisted or crooked mouth, odd speech, an arm or hand that will not lift
  ["stroke, lay words", "my husband mouth is crooked since he woke up", "en", "stroke_signs"],
  ["stroke, lay words", "grandpa is speaking funny and cant raise his arm", "en", "stroke_signs"],
  ["stroke, lay words", "babu hawezi kuinua mkono wa kulia tangu asubuhi", "sw", "stroke_signs"],
  // suicidal wording: "better I die", a poison named with an article, Swahili "sioni sababu", "afadhali nife"
  ["suicidal, indirect", "honestly better I die than live like this", "en", "suicidal_ideation"],
  ["suicidal, indirect", "I will drink the poison tonight", "en", "suicidal_ideation"],
  ["suicidal, indirect", "sioni sababu ya kuishi tena", "sw", "suicidal_ideation"],
  ["suicidal, indirect", "afadhali nife tu", "sw", "suicidal_ideation"],
  // a tablet count with words around it ("about 15 of the pills", "the pills, like 12")
  ["tablet count", "she swallowed about 15 of the malaria pills", "en", "overdose_poisoning"],
  ["tablet count", "my son took the pills, like 12", "en", "overdose_poisoning"],
  // fetal movements in other word orders (NHS: movements that slow down)
  ["fetal movements, word order", "32 weeks and the baby is kicking less today", "en", "pregnancy_danger_signs"],
  ["fetal movements, word order", "movements have reduced since morning, 38 weeks", "en", "pregnancy_danger_signs"],
  // severe headache or blurred vision in pregnancy, in lay words (WHO PCPNC)
  ["pregnancy headache, vision", "28 weeks pregnant, my eyes are blurry and head paining", "en", "pregnancy_danger_signs"],
  ["pregnancy headache, vision", "pregnant and a very bad headache since morning", "en", "pregnancy_danger_signs"],
];

const negatives2: [string, string, string][] = [
  // a sign that has gone, or was last month
  ["gone, past", "the chest pain went away after I rested, thank you", "en"],
  ["gone, past", "the fits he had last month have not come back", "en"],
  // someone else's sign in the past: historical, not family
  ["relative, past", "my uncle's heart attack was 3 years ago, he needs his refill", "en"],
  ["relative, past", "my sister's seizure was last year, she is well now", "en"],
  // Swahili "it has ended" in other noun classes, "last month"
  ["sw ended, past", "degedege la mtoto limeisha, anacheza sasa", "sw"],
  ["sw ended, past", "kiharusi cha babu kilikuwa mwaka uliopita", "sw"],
  // a number that is a time or a dose, not a count of tablets
  ["tablet count", "I took my tablets at 10 pm as you said", "en"],
  ["tablet count", "i took 2 panadol tablets 10 minutes ago", "en"],
];

describe("classes of misses found with the second blind set (rules 2026.11.7, engine 1.3.0)", () => {
  it.each(positives2)("%s: flags %j (%s) as %s", (_cls, text, language, category) => {
    expect(flags(text, language)).toContain(category);
  });

  it.each(negatives2)("%s: does not flag %j (%s)", (_cls, text, language) => {
    const r = triage(text, language);
    expect(r.redFlags).toEqual([]);
    // the sign was read, and set aside (a tablet count that is a time or a dose is no mention at all)
    if (_cls !== "tablet count") expect(r.notFlagged.length).toBeGreaterThan(0);
  });

  it.each([
    ["I am pregnant and bleeding since last month", "en", "pregnancy_danger_signs"],
    ["chest pain since last year, much worse today", "en", "chest_pain"],
    ["my mother has had fits since last month", "en", "seizure"],
    ["natapika damu nyingi tangu mwezi uliopita", "sw", "heavy_bleeding"],
  ])("a sign going on since last month or year is still flagged: %j (%s)", (text, language, category) => {
    expect(flags(text, language)).toContain(category);
  });

  it("keeps a relative's current sign (family) flagged", () => {
    expect(flags("my father has chest pain since this morning")).toEqual(["chest_pain"]);
    expect(triage("my father has chest pain since this morning").redFlags[0].assertion).toBe("family");
  });

  it.each([
    ["no fever no cough, just need to book a checkup", "en", "appointment"],
    ["the headache I had last month went away, can I get a refill of my BP tabs", "en", "refill_request"],
    ["these ARVs give me an upset stomach, is it normal?", "en", "symptom_report"],
    ["can you send my sugar readings", "en", "results_question"],
    ["no bleeding, when is my next antenatal visit", "en", "appointment"],
    ["Daktari, naomba zingine za presha tafadhali", "sw", "refill_request"],
    ["hizi dawa zinanipa usingizi, ni kawaida?", "sw", "symptom_report"],
  ])("intent of %j (%s) is %s (denied or past symptoms are no report)", (text, language, intent) => {
    expect(triage(text, language).intent).toBe(intent);
  });
});

describe("'Hana' is a name as well as 'has no': a name before a sign never negates it", () => {
  it.each([
    // text, language, category
    ["My wife Hana is bleeding heavily after delivery", "en", "heavy_bleeding"],
    ["Hana is convulsing now please help", "en", "seizure"],
    ["hana has fits since morning", "en", "seizure"],
    ["hana is bleeding heavily after delivery", "en", "heavy_bleeding"],
    ["Hana anatetemeka mwili mzima", "sw", "seizure"],
    ["hana amezimia jikoni", "sw", "unresponsive"],
    ["Mtoto hana fahamu tangu asubuhi", "sw", "unresponsive"],
  ])("%j (%s) flags %s", (text, language, category) => {
    expect(flags(text, language, 3)).toContain(category);
  });

  it.each([
    ["mtoto hana homa wala degedege", "sw"],
    ["Hana degedege tena, asante daktari", "sw"],
  ])("'hana' before a Swahili noun still negates: %j", (text, language) => {
    expect(flags(text, language, 3)).toEqual([]);
  });
});

/**
 * Classes of misses found with the third blind set (messages-blind-3.json, session 17; rules 2026.11.8,
 * engine 1.4.0), each tested with wordings in no blind set (checked below).
 */
const positives3: [string, string, string, number, string][] = [
  // cls, text, language, patient age, category
  // bleeding that will not stop, said of the blood rather than "the bleeding"
  ["bleeding will not stop", "the blood is not stopping from the cut on his head", "en", 30, "heavy_bleeding"],
  ["bleeding will not stop", "nose bleeding not stopping for an hour", "en", 30, "heavy_bleeding"],
  ["bleeding will not stop", "blood keeps coming from the wound on her leg", "en", 30, "heavy_bleeding"],
  ["bleeding will not stop", "damu haikomi kwenye kidonda cha mguu", "sw", 30, "heavy_bleeding"],
  // a fall with shaking or jerking is a fit (tonic-clonic)
  ["fall with shaking", "grandpa fell to the floor shaking and stiff", "en", 70, "seizure"],
  ["fall with shaking", "she fell down and started jerking in church", "en", 30, "seizure"],
  // not answering after a fit or a fall (not responding to voice)
  ["not answering after a fit or fall", "he had fits and now is not answering us", "en", 30, "unresponsive"],
  ["not answering after a fit or fall", "mum fell in the bathroom, no response when we call her", "en", 30, "unresponsive"],
  ["not answering after a fit or fall", "mzee ameanguka bafuni na hajibu", "sw", 70, "unresponsive"],
  ["not answering after a fit or fall", "mtoto alipata degedege sasa hajibu", "sw", 3, "unresponsive"],
  // too breathless to speak; the reliever inhaler not helping (asthma attack)
  ["too breathless to speak", "he cant speak in full sentences and is wheezing", "en", 30, "difficulty_breathing"],
  ["too breathless to speak", "my reliever is not helping tonight", "en", 30, "difficulty_breathing"],
  ["too breathless to speak", "she cannot finish a sentence without stopping for air", "en", 30, "difficulty_breathing"],
  // a young infant who cannot suck; severe jaundice (yellow palms and soles)
  ["infant not sucking, jaundice", "the 2 week old is not sucking since morning", "en", 0, "child_danger_signs"],
  ["infant not sucking, jaundice", "the baby's palms and soles are yellow", "en", 0, "child_danger_signs"],
  // high fever or foul-smelling discharge in pregnancy or after delivery
  ["fever, discharge after delivery", "3 weeks after delivery I have a high fever and chills", "en", 25, "pregnancy_danger_signs"],
  ["fever, discharge after delivery", "pregnant 30 weeks with very high fever", "en", 25, "pregnancy_danger_signs"],
  ["fever, discharge after delivery", "since delivery the discharge smells bad", "en", 25, "pregnancy_danger_signs"],
  ["fever, discharge after delivery", "nimejifungua wiki mbili, nina homa kali", "sw", 25, "pregnancy_danger_signs"],
  // a hypo's signs in someone on diabetes treatment (no reading, no "low sugar")
  ["hypo signs in diabetes", "my mum on insulin is sweating and shaking and talking nonsense", "en", 60, "hypoglycaemia"],
  ["hypo signs in diabetes", "diabetic uncle disoriented after skipping lunch", "en", 60, "hypoglycaemia"],
  ["hypo signs in diabetes", "baba ana kisukari na amechanganyikiwa ghafla", "sw", 60, "hypoglycaemia"],
];

/** Danger words that are denied, over, in the past, or name a topic (a visit, a phone call), in 20+ phrasings. */
const negatives3: [string, string][] = [
  ["the bleeding has stopped now, thank you", "en"],
  ["blood stopped after pressing for 5 minutes", "en"],
  ["the bleeding wont stop? it stopped", "en"],
  ["no fits since he started the new tablets", "en"],
  ["no convulsions, no vomiting, he is playing", "en"],
  ["baby is sucking well and gaining weight", "en"],
  ["no yellow palms or soles, the nurse checked", "en"],
  ["gave birth 2 weeks ago, no fever, no smelly discharge, all fine", "en"],
  ["im pregnant, had a high fever last month, now fine", "en"],
  ["pregnant and no high fever, just mild cold", "en"],
  ["delivered last week, discharge does not smell", "en"],
  ["diabetic, no shaking or sweating, sugar 6.5 this morning", "en"],
  ["he is not disoriented, just tired after the trip", "en"],
  ["is the diabetes clinic still on thursday", "en"],
  ["not short of breath anymore", "en"],
  ["no chest pain, no breathing problems, just a cough", "en"],
  ["my reliever inhaler is finished, need another", "en"],
  ["she is answering us now after the fit", "en"],
  ["the clinic is not answering my calls, I fell sick yesterday", "en"],
  ["I fell ill on monday and the doctor is not answering", "en"],
  ["my diabetic mum fell last year, she is ok now", "en"],
  ["not suicidal, just need sleep tablets", "en"],
  ["I did not faint, just felt a bit dizzy", "en"],
  ["can I move my dad's stroke review to next week", "en"],
  ["which day is the seizure clinic", "en"],
  ["hakuna damu tena tangu jana", "sw"],
  ["sina homa kali tena baada ya kujifungua", "sw"],
  ["Mama hajibu simu zangu, nimwambie nini?", "sw"],
  ["baba ana kisukari lakini hana kizunguzungu wala kuchanganyikiwa", "sw"],
  ["mtoto alianguka jana lakini anacheza sasa", "sw"],
];

describe("classes of misses found with the third blind set (rules 2026.11.8, engine 1.4.0)", () => {
  it.each(positives3)("%s: flags %j (%s, age %i) as %s", (_cls, text, language, age, category) => {
    expect(flags(text, language, age)).toContain(category);
  });

  it.each(negatives3)("does not flag %j (%s)", (text, language) => {
    expect(triage(text, language).redFlags).toEqual([]);
  });

  it("shows a sign another rule's phrase met ('@seizure') under that rule only", () => {
    const r = triage("he had fits and now is not answering us");
    expect(r.redFlags.map((f) => [f.category, f.matchedText])).toEqual([["seizure", "fits"], ["unresponsive", "not answering us"]]);
  });

  it.each([
    ["what is the fee for the dental clinic", "billing"],
    ["do you accept SHA for maternity", "billing"],
    ["is NHIF still accepted at your pharmacy", "billing"],
  ])("intent of %j is %s (fees, SHA and NHIF cover)", (text, intent) => {
    expect(triage(text).intent).toBe(intent);
  });

  it.each([["sorry, sent to the wrong person"], ["ok fine, thank you, will call tomorrow"]])("%j reads as English (screened in full)", (text) => {
    expect(triage(text).screened).toBe(true);
  });
});

describe("the class tests stay out of the blind set", () => {
  const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../test/fixtures/patient-messages/${file}`, import.meta.url), "utf8")) as { items: { message: string }[] };
  const blindMessages = new Set(["messages-blind.json", "messages-blind-2.json", "messages-blind-3.json"].flatMap((f) => read(f).items.map((i) => i.message.toLowerCase())));
  it("no test wording is a blind-set message (any set)", () => {
    const ours = [...positives.map((p) => p[1]), ...negatives.map((n) => n[1]), ...positives2.map((p) => p[1]), ...negatives2.map((n) => n[1]), ...positives3.map((p) => p[1]), ...negatives3.map((n) => n[0])].map((t) => t.toLowerCase());
    expect(ours.filter((t) => blindMessages.has(t))).toEqual([]);
  });
});
