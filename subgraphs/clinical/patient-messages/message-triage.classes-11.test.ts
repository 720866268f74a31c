import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messageRules, triageMessage } from "./message-triage.engine.js";

/**
 * Classes of misses found with the eleventh blind set (test/fixtures/patient-messages/messages-blind-11.json,
 * session 20; rules 2026.11.16, engine 1.10.0), on medicines and intents: jaundice on HIV medicines, a stool
 * described a few words on ("stool is black"), a count of a named medicine or one written in words ("15 piriton",
 * "twenty tablets", "panadol ishirini"), a draft Luganda list (many tablets or poison swallowed; medicines finished,
 * results, price, seeing the doctor), a medicine named with "acid", leaflet warnings, and intent phrases (Swahili
 * price and clinic date, "when can I come", "tablets are finished", "report" as a verb, a symptom denied by a
 * negated subject). Wordings are in no blind set (checked below).
 */
const { rules } = messageRules();
const triage = (text: string, language = "en", age: number | null = 45) => triageMessage(rules, text, language, age);
const flags = (text: string, language = "en", age: number | null = 45) => [...new Set(triage(text, language, age).redFlags.map((f) => f.category))].sort();

const positives11: [string, string, string, number, string][] = [
  // cls, text, language, patient age, category
  ["jaundice on HIV medicines", "been on arvs for two months and now my eyes are yellowish", "en", 36, "drug_liver_reaction"],
  ["jaundice on HIV medicines", "on nevirapine 3 weeks, skin is yellow and no appetite", "en", 29, "drug_liver_reaction"],
  ["jaundice on HIV medicines, Swahili", "tangu aanze dawa za arv macho yake yamekuwa manjano", "sw", 40, "drug_liver_reaction"],
  ["jaundice, Swahili manjano", "natumia dawa za kifua kikuu, macho yana manjano", "sw", 50, "drug_liver_reaction"],
  ["a stool described a few words on", "on diclofenac and today my poo came out black", "en", 61, "gi_bleeding"],
  ["a stool described a few words on", "stools very dark red since yesterday", "en", 70, "gi_bleeding"],
  ["a stool described a few words on, Swahili", "kinyesi chake ni cheusi tangu jana", "sw", 58, "gi_bleeding"],
  ["a count of a named medicine", "she swallowed 15 piriton after the fight", "en", 17, "overdose_poisoning"],
  ["a count written in words", "he took thirty tablets of his sleeping medicine", "en", 44, "overdose_poisoning"],
  ["a count written in words, Swahili", "amemeza vidonge thelathini vya presha", "sw", 52, "overdose_poisoning"],
  ["many tablets swallowed, Luganda", "Taata amize empeke ze zonna", "lg", 67, "overdose_poisoning"],
  ["poison drunk, Luganda", "mwannyinaze anyweddeko obutwa", "lg", 24, "overdose_poisoning"],
];

/** Not urgent: a medicine named with acid, a leaflet's warning, a stool that is not black. */
const negatives11: [string, string, number][] = [
  ["i took the tranexamic acid tablets for my periods, how long do i continue", "en", 33],
  ["took mefenamic acid for cramps, can i also take panadol", "en", 21],
  ["the leaflet says report yellow skin or dark urine, i have neither, just checking", "en", 38],
  ["my stool is not black just soft, is that the iron tablets", "en", 26],
  ["choo changu si cheusi, ni kawaida tu", "sw", 30],
  ["I took 2 panadol for my headache this morning", "en", 41],
];

const intents11: [string, string, string][] = [
  // text, language, intent
  ["gharama ya kumwona daktari wa meno ni kiasi gani", "sw", "billing"],
  ["bei ya vidonge vya presha ikoje siku hizi", "sw", "billing"],
  ["naomba tarehe ya kurudi kliniki ya mtoto", "sw", "appointment"],
  ["i want my sugar checked, when can i come in the afternoon", "en", "appointment"],
  ["my inhalers are finished, please can i collect more on monday", "en", "refill_request"],
  ["Empeke zange eza sukaali ziweddeko", "lg", "refill_request"],
  ["Ebivudde mu kukebera kwange bikomyewo?", "lg", "results_question"],
  ["nobody here has fever or cough, when is the next visit for the baby", "en", "appointment"],
];

describe("classes of misses found with the eleventh blind set (rules 2026.11.16, engine 1.10.0)", () => {
  it.each(positives11)("%s: flags %j (%s, age %i) as %s", (_cls, text, language, age, category) => {
    expect(flags(text, language, age)).toContain(category);
  });
  it.each(negatives11)("does not flag %j (%s, age %i)", (text, language, age) => {
    expect(flags(text, language, age)).toEqual([]);
  });
  it.each(intents11)("reads %j (%s) as %s", (text, language, intent) => {
    expect(triage(text, language).intent).toBe(intent);
  });
  it("report as a verb is not a results question", () => {
    expect(triage("the chv said we should report to the dispensary tomorrow morning").intent).not.toBe("results_question");
  });
  it("a paired subject (neither ... nor ... has) denies its clause's signs, for the flags and the intent", () => {
    const t = triage("neither my husband nor my son has fever or cough, what time is the vaccine clinic");
    expect(t.redFlags).toEqual([]);
    expect(t.intent).not.toBe("symptom_report");
  });
  it("a paired subject without a verb of having or being denies nothing after it", () => {
    expect(flags("neither the doctor nor the nurse came and my wife is bleeding heavily after delivery")).toContain("heavy_bleeding");
  });
  it("a Luganda phrase that contains -weddeko in another verb is not a refill (anyweddeko: has drunk)", () => {
    expect(triage("Omwana anyweddeko amata gonna", "lg").intent).not.toBe("refill_request");
  });
  it("a warning the paper or leaflet gives is not a finding", () => {
    const t = triage("the paper says tell the doctor if eyes are yellow, I am on tb meds");
    expect(t.redFlags).toEqual([]);
  });
});

describe("the set-11 class tests stay out of the blind sets", () => {
  const files = ["", "-2", "-3", "-4", "-5", "-6", "-7", "-8", "-9", "-10", "-11"].map((n) => `messages-blind${n}.json`);
  const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../test/fixtures/patient-messages/${file}`, import.meta.url), "utf8")) as { items: { message: string }[] };
  const blind = new Set(files.flatMap((f) => read(f).items.map((i) => i.message.toLowerCase())));
  it("no test wording is a blind-set message (any set)", () => {
    const ours = [...positives11.map((p) => p[1]), ...negatives11.map((n) => n[0]), ...intents11.map((n) => n[0])].map((t) => t.toLowerCase());
    expect(ours.filter((t) => blind.has(t))).toEqual([]);
  });
});
