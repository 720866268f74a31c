import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messageRules, triageMessage } from "./message-triage.engine.js";

/**
 * Classes of misses found with the fifth blind set (test/fixtures/patient-messages/messages-blind-5.json,
 * session 18; rules 2026.11.10, engine 1.6.0), each tested with wordings in no blind set (checked below).
 */
const { rules } = messageRules();
const triage = (text: string, language = "en", age: number | null = 30) => triageMessage(rules, text, language, age);
const flags = (text: string, language = "en", age: number | null = 30) => [...new Set(triage(text, language, age).redFlags.map((f) => f.category))].sort();

const positives5: [string, string, string, number, string][] = [
  // cls, text, language, patient age, category
  // the act and the poison a few words apart
  ["act and poison apart", "she swallowed some of the rat poison in the store", "en", 19, "overdose_poisoning"],
  ["act and poison apart", "grandpa drank the weed killer from the shed", "en", 70, "overdose_poisoning"],
  ["act and poison apart", "mtoto amemeza kidogo mafuta ya taa", "sw", 2, "overdose_poisoning"],
  // a plan with the means at hand
  ["plan with means", "I have a rope ready and I will use it tonight", "en", 28, "suicidal_ideation"],
  ["plan with means", "got some pesticide, going to drink it when everyone sleeps", "en", 17, "suicidal_ideation"],
  ["plan with means", "nimenunua sumu, nitakunywa usiku", "sw", 22, "suicidal_ideation"],
  // a blood pressure log: a later reading in the series
  ["BP log", "pressure readings 145/90, 150/96 then 205/118 this evening", "en", 62, "hypertensive_emergency"],
  // one side weak, named left or right
  ["left or right side weak", "since lunch his right side is weak and he drags the leg", "en", 66, "stroke_signs"],
  ["left or right side weak", "she has weakness on the left side of her body", "en", 75, "stroke_signs"],
  // word order and "never before" / "non stop" (not denials)
  ["word order, never before, non stop", "fever and her neck is very stiff", "en", 12, "meningitis_signs"],
  ["word order, never before, non stop", "pain in my chest like never before", "en", 50, "chest_pain"],
  ["word order, never before, non stop", "the cut on his leg is bleeding non stop", "en", 40, "heavy_bleeding"],
  ["word order, never before, non stop", "he is breathing deep and fast and his sugar is high", "en", 16, "difficulty_breathing"],
  // anaphylaxis
  ["anaphylaxis", "ate prawns at a wedding and now her tongue is swelling", "en", 33, "anaphylaxis"],
  ["anaphylaxis", "after the bee sting his eyes are swollen and he is wheezing", "en", 9, "anaphylaxis"],
  ["anaphylaxis", "midomo imevimba baada ya sindano", "sw", 30, "anaphylaxis"],
  // serious burns
  ["burns", "boiling water spilled on his legs, big blisters", "en", 3, "burns"],
  ["burns", "he touched the power line, electrical burn on his hand", "en", 25, "burns"],
  ["burns", "ameungua na uji wa moto kifuani", "sw", 2, "burns"],
  // animal bites
  ["animal bite", "a monkey bit my son at the market", "en", 6, "animal_bite"],
  ["animal bite", "was bitten on the leg by a stray near the shop", "en", 30, "animal_bite"],
  ["animal bite", "mbwa amemuuma mtoto mguuni", "sw", 5, "animal_bite"],
  // sexual assault
  ["sexual assault", "my daughter was defiled by a boda rider yesterday", "en", 13, "sexual_assault"],
  ["sexual assault", "a man forced me to have sex at the party", "en", 18, "sexual_assault"],
  ["sexual assault", "dada amebakwa jana usiku", "sw", 20, "sexual_assault"],
  // blistering rash after a medicine; yellow eyes on TB medicines
  ["drug reactions", "two weeks after starting carbamazepine she has a rash and sores in the mouth", "en", 24, "severe_skin_reaction"],
  ["drug reactions", "on rifampicin and isoniazid and my skin turned yellow", "en", 45, "drug_liver_reaction"],
  // a head injury with a sign that needs the emergency department
  ["head injury", "fell off the boda and banged his head, now keeps vomiting", "en", 27, "head_injury"],
  ["head injury", "she hit her head on the step and is very sleepy", "en", 4, "head_injury"],
];

/** Danger words in prevention talk, the news, advice to "you", the past, denied, or without a plan. */
const negatives5: [string, string][] = [
  ["is garlic good to prevent stroke", "en"],
  ["the radio said lemon water protects against heart attack", "en"],
  ["it was in the news that a child drank paraffin in Kisumu", "en"],
  ["ukipata degedege, lala upande", "sw"],
  ["ukiumwa na mbwa nenda hospitali haraka", "sw"],
  ["I had my rabies shots after a dog bite last year", "en"],
  ["no yellow eyes on my TB drugs, just orange urine", "en"],
  ["I bought pesticide for the maize, how long before harvest", "en"],
  ["no rash and no mouth sores since starting septrin", "en"],
  ["BP this month 138/88, 142/90, 135/85", "en"],
  ["banged my head on the cupboard yesterday, no vomiting, just a bump", "en"],
];

describe("classes of misses found with the fifth blind set (rules 2026.11.10, engine 1.6.0)", () => {
  it.each(positives5)("%s: flags %j (%s, age %i) as %s", (_cls, text, language, age, category) => {
    expect(flags(text, language, age)).toContain(category);
  });

  it.each(negatives5)("does not flag %j (%s)", (text, language) => {
    expect(triage(text, language).redFlags).toEqual([]);
  });

  it.each([
    ["the inhaler did not prevent the attack, can not breathe now", "difficulty_breathing"],
    ["bad news that my mother collapsed at the market", "unresponsive"],
    ["baby is fitting, is it true that honey helps", "seizure"],
  ])("prevention and news words stay narrow: %j keeps %s", (text, category) => {
    expect(flags(text, "en", 1)).toContain(category);
  });

  it("a Swahili conditional addressed to the reader is hypothetical", () => {
    expect(triage("ukiumwa na nyoka usikate kidonda", "sw").notFlagged.map((f) => [f.category, f.assertion])).toEqual([["snakebite", "hypothetical"]]);
  });

  it.each([
    ["please check my bill, and I have had chest pain since morning", "symptom_report"],
    ["can I reschedule friday? also the baby has convulsions now", "symptom_report"],
    ["itchy skin between the toes", "symptom_report"],
    ["a white discharge since monday", "symptom_report"],
  ])("intent of %j is %s (a red flag leads whatever else is asked; itchy, discharge)", (text, intent) => {
    expect(triage(text).intent).toBe(intent);
  });
});

describe("the set-5 class tests stay out of the blind sets", () => {
  const files = ["messages-blind.json", "messages-blind-2.json", "messages-blind-3.json", "messages-blind-4.json", "messages-blind-5.json"];
  const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../test/fixtures/patient-messages/${file}`, import.meta.url), "utf8")) as { items: { message: string }[] };
  const blindMessages = new Set(files.flatMap((f) => read(f).items.map((i) => i.message.toLowerCase())));
  it("no test wording is a blind-set message (any set)", () => {
    const ours = [...positives5.map((p) => p[1]), ...negatives5.map((n) => n[0])].map((t) => t.toLowerCase());
    expect(ours.filter((t) => blindMessages.has(t))).toEqual([]);
  });
});
