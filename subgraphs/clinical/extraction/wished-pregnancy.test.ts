import { describe, expect, it } from "vitest";
import { extractEntities } from "./extraction.engine.js";
import { loadVocabulary } from "./vocabulary.js";

const v = loadVocabulary();
const pregnancy = (text: string) => [...extractEntities(v, text).entities, ...extractEntities(v, text).excluded].filter((e) => e.type === "diagnosis" && /^(O|Z33|Z34|Z3A)/.test(e.code ?? "")).map((e) => e.assertion);
const assertionOf = (text: string, word: RegExp) => extractEntities(v, text).entities.concat(extractEntities(v, text).excluded).find((e) => word.test(e.text))?.assertion;

describe("a pregnancy wished for or planned is not the patient's pregnancy", () => {
  it.each([
    "Epileptic on valproate, desires pregnancy in two years.",
    "Newly married, wants to get pregnant.",
    "She is hoping for a pregnancy after her exams.",
    "Couple planning a pregnancy, counselled on folate.",
    "Wishes to become pregnant; HIV viral load suppressed.",
    "Would like to become pregnant next year.",
    "Has been trying for a pregnancy for 18 months.",
  ])("%j: hypothetical", (text) => {
    expect(pregnancy(text)).toEqual(["hypothetical"]);
  });

  it.each([
    "Pregnant at 30/40, wants to deliver at the health centre.",
    "Known diabetic, pregnant, wants her insulin reviewed.",
    "Pregnancy confirmed; she wants to keep it.",
  ])("%j: a pregnancy stated before a wish stays present", (text) => {
    expect(pregnancy(text)).toEqual(["present"]);
  });

  it("does not reach past a clause: a wish before a comma leaves the findings after it the patient's", () => {
    expect(assertionOf("Wants to see the doctor, has chest pain and cough.", /chest pain/i)).toBe("present");
    expect(assertionOf("Wants to be reviewed, known hypertensive.", /hypertensive/i)).toBe("present");
  });
});
