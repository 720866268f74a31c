import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messageRules, triageMessage } from "./message-triage.engine.js";

/**
 * Classes of misses found with the fourth blind set (test/fixtures/patient-messages/messages-blind-4.json,
 * session 18; rules 2026.11.9, engine 1.5.0), each tested with wordings in no blind set (checked below).
 */
const { rules } = messageRules();
const triage = (text: string, language = "en", age: number | null = 30) => triageMessage(rules, text, language, age);
const flags = (text: string, language = "en", age: number | null = 30) => [...new Set(triage(text, language, age).redFlags.map((f) => f.category))].sort();

const positives4: [string, string, string, number, string][] = [
  // cls, text, language, patient age, category
  // not woken up, hardly waking, barely responding (AVPU: responds to pain only, or not at all)
  ["not woken, hardly waking", "she has not woken up since the fit this morning", "en", 30, "unresponsive"],
  ["not woken, hardly waking", "grandpa is barely responding and very cold", "en", 80, "unresponsive"],
  ["not woken, hardly waking", "my aunt is hardly waking, even when we shake her", "en", 60, "unresponsive"],
  // a blood pressure reading a few words after "BP" or "pressure"
  ["BP reading further on", "BP from the pharmacy machine today 200/125 with chest tightness", "en", 60, "hypertensive_emergency"],
  ["BP reading further on", "my pressure at the health centre was 195/130", "en", 60, "hypertensive_emergency"],
  // a glucometer reading; a hypo's later signs (confusion, drowsiness) in someone with diabetes
  ["glucometer, later hypo signs", "the glucometer shows 2.8 and he is shaky", "en", 50, "hypoglycaemia"],
  ["glucometer, later hypo signs", "my diabetic aunt is confused and sweaty", "en", 60, "hypoglycaemia"],
  ["glucometer, later hypo signs", "on insulin and very drowsy after skipping breakfast", "en", 40, "hypoglycaemia"],
  ["glucometer, later hypo signs", "dad is diabetic and very confused since lunch", "en", 70, "hypoglycaemia"],
  // a young child who got into or swallowed some of a medicine (amount unknown)
  ["child got into medicines", "the toddler got into the cupboard and ate some of the iron tablets", "en", 2, "overdose_poisoning"],
  ["child got into medicines", "my son swallowed a few of his granny's sugar pills", "en", 4, "overdose_poisoning"],
  ["child got into medicines", "my baby swallowed the pills maybe 15 of them", "en", 1, "overdose_poisoning"],
  // dropped and swapped letters of red-flag words
  ["typos of red-flag words", "he has chst pian and sweating", "en", 50, "chest_pain"],
  ["typos of red-flag words", "cant breeth at all", "en", 30, "difficulty_breathing"],
  ["typos of red-flag words", "the baby is fiting", "en", 1, "seizure"],
  ["typos of red-flag words", "baby 3 wks old with fever since morning", "en", 0, "child_fever_lethargy"],
  // Swahili and Sheng: gave birth (-zaa), the blood "does not end", blood coming out
  ["sw birth, blood does not end", "dada amezaa juzi na damu inamtoka", "sw", 24, "pregnancy_danger_signs"],
  ["sw birth, blood does not end", "damu haiishi tangu asubuhi kwenye kidonda", "sw", 30, "heavy_bleeding"],
  // a Swahili negative verb form listed whole stays a sign; a sign after a denied other thing stays a sign
  ["sw negative verb forms", "mtoto hajakojoa tangu jana na amelegea", "sw", 1, "child_danger_signs"],
  ["sw negative verb forms", "mtoto hajapata dawa lakini ana degedege sasa", "sw", 3, "seizure"],
  // a relative's sign now stays flagged (only a death from it is history)
  ["relative now, not a death", "my uncle has had a stroke this morning, face twisted", "en", 30, "stroke_signs"],
  ["relative now, not a death", "my brother died of a heart attack and now my dad has chest pain", "en", 60, "chest_pain"],
  ["relative now, not a death", "grandma died from a stroke last year, today mum's face is drooping", "en", 55, "stroke_signs"],
];

/** Danger words denied (Swahili negative verbs), in a relative who died of them, in a health talk, or naming a topic. */
const negatives4: [string, string][] = [
  ["hajazimia tena tangu aanze dawa", "sw"],
  ["sijapata degedege tangu Januari", "sw"],
  ["hakupoteza fahamu, alikuwa anaongea", "sw"],
  ["my uncle died from a stroke, can I get screened", "en"],
  ["grandma passed away from a heart attack in 2015", "en"],
  ["my cousin died of suicide, I need grief counselling", "en"],
  ["preparing a health talk for mothers on convulsions in children", "en"],
  ["first aid training next week covers choking", "en"],
  ["the leaflet has an overdose warning, can i take it with food", "en"],
  ["my diabetic dad is confused about which insulin pen to use", "en"],
  ["I am confused about my insulin dose", "en"],
  ["im diabetic and a bit confused which tablets to take in the morning", "en"],
  ["she had a seizure 5 yrs ago, school form needs a letter", "en"],
];

describe("classes of misses found with the fourth blind set (rules 2026.11.9, engine 1.5.0)", () => {
  it.each(positives4)("%s: flags %j (%s, age %i) as %s", (_cls, text, language, age, category) => {
    expect(flags(text, language, age)).toContain(category);
  });

  it.each(negatives4)("does not flag %j (%s)", (text, language) => {
    expect(triage(text, language).redFlags).toEqual([]);
  });

  it("reads a Swahili negative verb a `*` phrase matched as a denial, shown as absent", () => {
    expect(triage("sijazimia wiki hii", "sw").notFlagged.map((f) => [f.category, f.assertion])).toEqual([["unresponsive", "absent"]]);
  });

  it("a phrase of the rule still keeps its own reading out (one mention, not two)", () => {
    expect(triage("took an overdose of 20 tablets").redFlags.filter((f) => f.category === "overdose_poisoning")).toHaveLength(1);
  });

  it("a child's medicine words alone, in an adult, are not a poisoning", () => {
    expect(flags("I swallowed a few of my malaria tablets with water", "en", 35)).toEqual([]);
  });

  it.each([
    ["when is the postnatal check for me and the baby", "appointment"],
    ["can you book my mum for friday", "appointment"],
    ["when is his next vaccination", "appointment"],
    ["is the eye review still on monday", "appointment"],
    ["how much sugar can a diabetic eat", "other"],
    ["how much is the scan", "billing"],
    ["how much for the ultrasound", "billing"],
    ["dawa zangu za presha zinaisha kesho", "refill_request"],
  ])("intent of %j is %s (visits, reviews, vaccines; 'how much' of a thing is not a price; medicine running out)", (text, intent) => {
    expect(triage(text, /dawa/.test(text) ? "sw" : "en").intent).toBe(intent);
  });
});

describe("the set-4 class tests stay out of the blind sets", () => {
  const files = ["messages-blind.json", "messages-blind-2.json", "messages-blind-3.json", "messages-blind-4.json"];
  const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../test/fixtures/patient-messages/${file}`, import.meta.url), "utf8")) as { items: { message: string }[] };
  const blindMessages = new Set(files.flatMap((f) => read(f).items.map((i) => i.message.toLowerCase())));
  it("no test wording is a blind-set message (any set)", () => {
    const ours = [...positives4.map((p) => p[1]), ...negatives4.map((n) => n[0])].map((t) => t.toLowerCase());
    expect(ours.filter((t) => blindMessages.has(t))).toEqual([]);
  });
});
