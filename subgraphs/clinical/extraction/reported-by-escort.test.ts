import { describe, expect, it } from "vitest";
import { extractEntities } from "./extraction.engine.js";
import { loadVocabulary } from "./vocabulary.js";

// What an escort reports is the patient's: "Wife says he …" was read as the wife's own complaint (found by the copilot's
// eighth blind set). Any relative or escort with a verb of reporting, "per …" and "according to …" (context.ts
// REPORTED_BY), as "mother says" always was. Wordings in no fixture.
const v = loadVocabulary();
const symptoms = (text: string) => extractEntities(v, text).entities.filter((e) => e.type === "symptom").map((e) => e.text.toLowerCase());

describe("an escort's report is the patient's", () => {
  it.each([
    ["Wife says he has been vomiting since morning.", "vomiting"],
    ["His brother reports that he has had a cough for 2 weeks.", "cough"],
    ["Per the guardian, the child has diarrhoea.", "diarrhoea"],
    ["According to her husband she had a headache all night.", "headache"],
    ["Grandmother noticed the baby has fever.", "fever"],
  ])("%s → %s", (text, symptom) => {
    expect(symptoms(text)).toContain(symptom);
  });

  it("a relative's own illness is still theirs", () => {
    expect(symptoms("Wife has a cough at home. Patient has no complaints.")).not.toContain("cough");
  });
});
