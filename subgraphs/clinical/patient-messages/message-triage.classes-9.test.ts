import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messageRules, triageMessage } from "./message-triage.engine.js";

/**
 * Classes of misses found with the ninth blind set (test/fixtures/patient-messages/messages-blind-9.json,
 * session 19; rules 2026.11.14, engine 1.8.0): danger written indirectly, and frightening words that are not
 * urgent (idioms, forwarded texts, a blocked nose, a sign dated by a past year). Wordings are in no blind set
 * (checked below).
 */
const { rules } = messageRules();
const triage = (text: string, language = "en", age: number | null = 45) => triageMessage(rules, text, language, age);
const flags = (text: string, language = "en", age: number | null = 45) => [...new Set(triage(text, language, age).redFlags.map((f) => f.category))].sort();

const positives9: [string, string, string, number, string][] = [
  // cls, text, language, patient age, category
  ["a hand held to the chest (Levine sign)", "my father is clutching his chest and can hardly talk", "en", 67, "chest_pain"],
  ["a hand held to the chest (Levine sign)", "she keeps holding her chest and is cold and sweaty", "en", 59, "chest_pain"],
  ["heavy weight on the chest in lay words", "feels like something heavy sitting on my chest since 20 minutes", "en", 52, "chest_pain"],
  ["holding the chest, Swahili", "Mume wangu ameshika kifua na anatokwa jasho", "sw", 50, "chest_pain"],
  ["not a burden much longer", "don't worry about me, I will not be a burden to anyone much longer", "en", 17, "suicidal_ideation"],
  ["better off if I were gone", "honestly everyone is better off if I was not around", "en", 23, "suicidal_ideation"],
  ["wishing to disappear", "sometimes I wish I could just disappear and never come back", "en", 15, "suicidal_ideation"],
  ["killing oneself, Sheng/Swahili", "nimechoka bana, leo nitajimaliza", "sw", 20, "suicidal_ideation"],
  ["pads soaked after delivery", "gave birth on monday and I am soaking a pad every 30 minutes", "en", 30, "pregnancy_danger_signs"],
  ["pads soaked after delivery", "had my baby 3 days ago, soaked through the pad twice this morning", "en", 25, "pregnancy_danger_signs"],
  ["sudden worst headache", "sudden severe headache at work then I vomited", "en", 48, "stroke_signs"],
  ["sudden worst headache", "worst headache ever, it came all of a sudden like a bang", "en", 39, "stroke_signs"],
  ["jerking after delivery", "my sister delivered this morning, now her arms and legs are jerking", "en", 22, "seizure"],
  ["jerking", "grandpa is shaking and jerking on the floor", "en", 74, "seizure"],
  ["lips swelling named with the face or tongue", "after the injection her face and lips are swollen", "en", 34, "anaphylaxis"],
  ["lips swelling named with the face or tongue", "bee sting, now his lips and tongue are swelling", "en", 10, "anaphylaxis"],
  ["seeing people who are not there", "grandma is seeing people who are not there and shouting", "en", 83, "sudden_confusion"],
  ["not making sense since a time today", "uncle is talking nonsense since last night, he was fine yesterday", "en", 70, "sudden_confusion"],
  ["a rash that does not fade under a glass", "red spots on her tummy and they do not fade when I press them", "en", 3, "meningitis_signs"],
  ["a rash that does not fade under a glass", "temp 39 and a purple rash that does not go away when pressed with a cup", "en", 7, "meningitis_signs"],
  ["a sign since a past year is still going on", "chest pain since 2021 getting worse now", "en", 56, "chest_pain"],
];

/** Idioms, forwarded texts, a blocked nose and a sign dated by a past year. */
const negatives9: [string, string, number][] = [
  ["Fwd: Stroke alert! if someone's face droops call for help immediately. pass this on", "en", 50],
  ["forwarded as received: heart attack can kill in minutes, chew aspirin. is this advice ok?", "en", 61],
  ["blocked nose, can't breathe through my nose when sleeping, what spray is good", "en", 28],
  ["my husband had a heart attack in 2018, he needs his repeat prescription", "en", 66],
  ["back in 2015 I had fits, none since, can I stop the carbamazepine", "en", 31],
  ["Baba alipata kiharusi mwaka 2017, anataka kuona daktari wa mazoezi", "sw", 72],
  ["I will not be a problem on Friday, I can come for the review", "en", 40],
  ["the instructions on the box are not making sense, how do I take them", "en", 45],
  ["no rash, no spots, the fever is gone", "en", 6],
];

const intents9: [string, string, string][] = [
  ["is there an earliest slot on Tuesday for me", "en", "appointment"],
  ["Nataka kuonana na daktari wiki ijayo", "sw", "appointment"],
  ["Baba anahitaji dawa zake za kisukari", "sw", "refill_request"],
  ["runny nose and flu since sunday", "en", "symptom_report"],
];

describe("classes of misses found with the ninth blind set (rules 2026.11.14, engine 1.8.0)", () => {
  it.each(positives9)("%s: flags %j (%s, age %i) as %s", (_cls, text, language, age, category) => {
    expect(flags(text, language, age)).toContain(category);
  });
  it.each(negatives9)("does not flag %j (%s, age %i)", (text, language, age) => {
    expect(flags(text, language, age)).toEqual([]);
  });
  it.each(intents9)("intent of %j (%s) is %s", (text, language, intent) => {
    expect(triage(text, language).intent).toBe(intent);
  });
  it("a sign in this year's date is not read as history", () => {
    const year = new Date().getUTCFullYear();
    expect(flags(`in ${year} I had chest pain again, today too`)).toContain("chest_pain");
  });
  it("a past year in a message still reads as English (screened in full)", () => {
    expect(triage("my dad had a stroke in 2019, he is well, need his tablets").coverage).toBe("full");
  });
});

describe("the set-9 class tests stay out of the blind sets", () => {
  const files = ["", "-2", "-3", "-4", "-5", "-6", "-7", "-8", "-9"].map((n) => `messages-blind${n}.json`);
  const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../test/fixtures/patient-messages/${file}`, import.meta.url), "utf8")) as { items: { message: string }[] };
  const blind = new Set(files.flatMap((f) => read(f).items.map((i) => i.message.toLowerCase())));
  it("no test wording is a blind-set message (any set)", () => {
    const ours = [...positives9.map((p) => p[1]), ...negatives9.map((n) => n[0]), ...intents9.map((i) => i[0])].map((t) => t.toLowerCase());
    expect(ours.filter((t) => blind.has(t))).toEqual([]);
  });
});
