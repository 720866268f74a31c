import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messageRules, triageMessage } from "./message-triage.engine.js";

/**
 * Classes of misses found with the tenth blind set (test/fixtures/patient-messages/messages-blind-10.json,
 * session 20; rules 2026.11.15, engine 1.9.0): the scope of a negated subject ("nobody", "no one", "none of", "hakuna mtu"),
 * a relative's child's sign in the past, and danger written indirectly (reduced kicks, a swollen face in
 * pregnancy, pads filling after delivery, giving things away, stored tablets, yellow eyes on TB tablets,
 * blisters and peeling skin after a medicine, a Sheng convulsion). Wordings are in no blind set (checked below).
 */
const { rules } = messageRules();
const triage = (text: string, language = "en", age: number | null = 45) => triageMessage(rules, text, language, age);
const flags = (text: string, language = "en", age: number | null = 45) => [...new Set(triage(text, language, age).redFlags.map((f) => f.category))].sort();

/** A negated subject denies its own clause's finding, across group words and a verb of having or being. */
const deniedBySubject: [string, string, number][] = [
  ["nobody at our place is vomiting blood, we only want the cholera leaflet", "en", 40],
  ["no one in the house has had any fits this week", "en", 35],
  ["none of the children has fever or convulsions, they are playing", "en", 6],
  ["not one of us has chest pain, the doctor asked me to confirm", "en", 50],
  ["Hakuna mtu hapa kwetu anatapika damu", "sw", 38],
  ["hakuna hata mmoja nyumbani ana degedege au kuzimia", "sw", 30],
];

/** The subject's clause ends; a sign in the next clause is reported, not denied. */
const reportedAfterSubject: [string, string, number, string][] = [
  ["no one answers at the hospital and my dad can not breathe", "en", 70, "difficulty_breathing"],
  ["nobody is around to help me i cant breathe properly", "en", 33, "difficulty_breathing"],
  ["nobody listened when my son started fitting", "en", 5, "seizure"],
  ["no one picks the phone, mama anatapika damu", "sw", 60, "heavy_bleeding"],
  ["no fever but my toddler had two fits this afternoon", "en", 2, "seizure"],
];

/** A relative's child's sign dated in the past is not an emergency now. */
const relativesPast: [string, string, number][] = [
  ["my cousins little boy had convulsions in 2020, should my baby get the same vaccine", "en", 1],
  ["my brothers kid had a seizure last year, is it in the genes?", "en", 12],
];

const positives10: [string, string, string, number, string][] = [
  // cls, text, language, patient age, category
  ["reduced kicks in patients' words", "36 weeks and I am not feeling the baby move since last night", "en", 27, "pregnancy_danger_signs"],
  ["reduced kicks in patients' words", "the baby is not kicking like before, is that ok at 32 weeks", "en", 24, "pregnancy_danger_signs"],
  ["severe headache or swollen face in pregnancy", "I am 7 months and my face is swollen and head pounding", "en", 31, "pregnancy_danger_signs"],
  ["waters breaking at a month of pregnancy", "at 8 months my waters are leaking, no pain", "en", 22, "pregnancy_danger_signs"],
  ["pads filling after delivery, Swahili", "tangu nijifungue juzi pedi zinajaa damu haraka", "sw", 26, "pregnancy_danger_signs"],
  ["giving possessions away", "I have given away my things to my cousins, I will not need them anymore", "en", 18, "suicidal_ideation"],
  ["nobody will miss me", "honestly nobody would miss me anyway, I am done", "en", 16, "suicidal_ideation"],
  ["stored tablets with a plan", "I kept all the sleeping tablets and will take them all tonight", "en", 41, "suicidal_ideation"],
  ["stored tablets with a plan, Swahili", "nimeficha vidonge vyote nitavimeza leo usiku", "sw", 29, "suicidal_ideation"],
  ["yellow eyes on TB tablets", "on tb meds for a month, my eyes are yellowish now", "en", 44, "drug_liver_reaction"],
  ["yellow eyes on TB tablets, Swahili", "natumia dawa ya tb na macho yana rangi ya njano", "sw", 37, "drug_liver_reaction"],
  ["mouth blisters and peeling skin after a medicine", "since starting the new tablets my skin is coming off and I have mouth sores", "en", 28, "severe_skin_reaction"],
  ["mouth blisters and peeling skin after a medicine, Swahili", "nilipoanza septrin nimepata vidonda mdomoni na ngozi inatoka", "sw", 33, "severe_skin_reaction"],
  ["a convulsion in Sheng", "dem wangu anashake mwili wote hataki kuamka", "sw", 3, "seizure"],
];

/** Not urgent: harmless lookalikes of the classes above. */
const negatives10: [string, string, number][] = [
  ["my skin is peeling after sunburn at the lake", "en", 25],
  ["my mum's eyes were yellow from hepatitis years ago, what test should I do", "en", 30],
  ["hakuna mtu ana homa nyumbani, tunashukuru", "sw", 40],
];

describe("classes of misses found with the tenth blind set (rules 2026.11.15, engine 1.9.0)", () => {
  it.each(deniedBySubject)("a negated subject denies %j (%s, age %i)", (text, language, age) => {
    expect(flags(text, language, age)).toEqual([]);
  });
  it.each(reportedAfterSubject)("the subject's clause ends: %j (%s, age %i) flags %s", (text, language, age, category) => {
    expect(flags(text, language, age)).toContain(category);
  });
  it.each(relativesPast)("a relative's child's past sign is not flagged: %j (%s, age %i)", (text, language, age) => {
    expect(flags(text, language, age)).toEqual([]);
  });
  it.each(positives10)("%s: flags %j (%s, age %i) as %s", (_cls, text, language, age, category) => {
    expect(flags(text, language, age)).toContain(category);
  });
  it.each(negatives10)("does not flag %j (%s, age %i)", (text, language, age) => {
    expect(flags(text, language, age)).toEqual([]);
  });
  it("a denied sign is kept in notFlagged as absent", () => {
    const t = triage("nobody in the family has chest pain");
    expect(t.redFlags).toEqual([]);
    expect(t.notFlagged.map((m) => [m.category, m.assertion])).toContainEqual(["chest_pain", "absent"]);
  });
});

describe("the set-10 class tests stay out of the blind sets", () => {
  const files = ["", "-2", "-3", "-4", "-5", "-6", "-7", "-8", "-9", "-10"].map((n) => `messages-blind${n}.json`);
  const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../test/fixtures/patient-messages/${file}`, import.meta.url), "utf8")) as { items: { message: string }[] };
  const blind = new Set(files.flatMap((f) => read(f).items.map((i) => i.message.toLowerCase())));
  it("no test wording is a blind-set message (any set)", () => {
    const ours = [...deniedBySubject.map((n) => n[0]), ...reportedAfterSubject.map((p) => p[0]), ...relativesPast.map((n) => n[0]), ...positives10.map((p) => p[1]), ...negatives10.map((n) => n[0])].map((t) => t.toLowerCase());
    expect(ours.filter((t) => blind.has(t))).toEqual([]);
  });
});
