import { describe, expect, it } from "vitest";
import { find } from "./extraction.test-support.js";

/**
 * Two context classes (session 20, patient-messages helper): a date inside a "since ... started" clause dates the
 * start of something still going on, not a past event; the "has" after the last subject of "neither ... nor" is the
 * denied clause's verb. Variants written for the test; none is in a scored set.
 */
describe("assertion: a date inside 'since ... started' is the start of something ongoing", () => {
  it.each([
    ["since I started metformin in March I have diarrhoea", "diarrhoea"],
    ["since I started metformin in March I have diarrhoea", "metformin"],
    ["Ever since she began insulin last year she has had hypoglycaemia", "hypoglycaemia"],
    ["Since starting nevirapine a month ago he has a rash", "rash"],
    ["Ever since she began insulin last year she has had hypoglycaemia", "insulin"],
    ["Since starting nevirapine a month ago he has a rash", "nevirapine"],
    ["Since he was started on enalapril 2 years ago he has a dry cough", "enalapril"],
  ])("%j → %s is present", (text, word) => {
    expect(find(text, word)?.assertion).toBe("present");
  });
  it.each([
    ["Since his stroke last year he is bedridden", "stroke"],
    ["Had TB years ago, since then well", "TB"],
  ])("%j → %s stays historical (no verb of starting)", (text, word) => {
    expect(find(text, word)?.assertion).toBe("historical");
  });
});

describe("assertion: neither ... nor ... has denies the finding", () => {
  it.each([
    ["Neither mother nor baby has fever", "fever"],
    ["neither the father nor the sister has TB", "TB"],
    ["Neither he nor his wife has had cough", "cough"],
  ])("%j → %s is absent", (text, word) => {
    expect(find(text, word)?.assertion).toBe("absent");
  });
  it("a nor clause with another verb denies nothing after it", () => {
    expect(find("neither the doctor nor the nurse came and the baby has fever", "fever")?.assertion).toBe("present");
  });
});
