import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { recommendStatisticalTest, type StudyDesign } from "./statistical-test.engine.js";

/**
 * Classes of designs the table did not answer before session 21 (statistical blind set 1): small expected
 * counts (an exact test instead of chi-square), paired nominal outcomes, matched survival data, and the
 * two non-comparison aims (correlation, agreement). The designs here are none of the blind set's.
 */
const k = knowledgeFromFiles().statisticalTests;
const base: StudyDesign = { outcome: "binary", groups: 2, paired: false, normal: null };
const test = (d: Partial<StudyDesign>) => {
  const r = recommendStatisticalTest(k, { ...base, ...d });
  return r.found ? r.test : `none: ${r.reason}`;
};

describe("small expected counts: an exact test replaces chi-square", () => {
  it.each([
    [{ outcome: "binary", groups: 4, smallExpectedCounts: true }, /^Fisher-Freeman-Halton exact test/],
    [{ outcome: "categorical", groups: 2, smallExpectedCounts: true }, /^Fisher-Freeman-Halton exact test/],
    [{ outcome: "categorical", groups: 5, smallExpectedCounts: true }, /^Fisher-Freeman-Halton exact test/],
    [{ outcome: "categorical", groups: 1, smallExpectedCounts: true }, /^Exact multinomial test/],
    [{ outcome: "binary", groups: 2, paired: true, smallExpectedCounts: true }, /^Exact McNemar test/],
  ] as [Partial<StudyDesign>, RegExp][])("%j → %s", (d, expected) => expect(test(d)).toMatch(expected));

  it("keeps the chi-square test when counts are not small or not stated", () => {
    for (const smallExpectedCounts of [false, null, undefined]) {
      expect(test({ outcome: "categorical", groups: 4, smallExpectedCounts })).toMatch(/^Chi-square test of independence/);
      expect(test({ outcome: "binary", groups: 2, paired: true, smallExpectedCounts })).toMatch(/^McNemar's test$/);
    }
  });

  it("says why and where from", () => {
    const r = recommendStatisticalTest(k, { ...base, outcome: "binary", groups: 6, smallExpectedCounts: true });
    expect(r).toMatchObject({ found: true, source: expect.stringMatching(/Altman/) });
    expect(r.found && r.assumptions).toContainEqual(expect.stringMatching(/below 5/));
  });
});

describe("paired nominal outcomes and matched survival", () => {
  it("nominal outcome classified twice: marginal homogeneity", () => expect(test({ outcome: "categorical", groups: 2, paired: true, smallExpectedCounts: false })).toMatch(/^Stuart-Maxwell/));
  it("three or more related nominal or survival measurements stay unanswered", () => {
    expect(test({ outcome: "categorical", groups: 4, paired: true })).toMatch(/^none/);
    expect(test({ outcome: "time_to_event", groups: 5, paired: true })).toMatch(/^none/);
  });
});

describe("correlation: groups and pairing do not matter", () => {
  it.each([
    [{ aim: "correlation", outcome: "continuous", groups: 2, paired: false, normal: true }, /^Pearson/],
    [{ aim: "correlation", outcome: "continuous", groups: 3, paired: false, normal: false }, /^Spearman/],
    [{ aim: "correlation", outcome: "ordinal", groups: 2, paired: false }, /^Spearman/],
    [{ aim: "correlation", outcome: "binary", groups: 2 }, /^Chi-square test of association \(phi/],
    [{ aim: "correlation", outcome: "categorical", groups: 1 }, /^Chi-square test of association \(Cramér/],
    [{ aim: "correlation", outcome: "time_to_event", groups: 2 }, /^none: No standard correlation/],
  ] as [Partial<StudyDesign>, RegExp][])("%j → %s", (d, expected) => expect(test(d)).toMatch(expected));
});

describe("agreement between raters or methods", () => {
  it.each([
    [{ aim: "agreement", outcome: "binary", groups: 2, paired: false }, /^Cohen's kappa/],
    [{ aim: "agreement", outcome: "ordinal", groups: 2, paired: true }, /^Weighted kappa/],
    [{ aim: "agreement", outcome: "binary", groups: 3, paired: true }, /^Fleiss' kappa/],
    [{ aim: "agreement", outcome: "categorical", groups: 6, paired: true }, /^Fleiss' kappa/],
    [{ aim: "agreement", outcome: "continuous", groups: 2, paired: true, normal: false }, /^Bland-Altman/],
    [{ aim: "agreement", outcome: "continuous", groups: 4, paired: true, normal: null }, /^Intraclass correlation/],
    [{ aim: "agreement", outcome: "ordinal", groups: 3, paired: true }, /^none: No standard agreement/],
    [{ aim: "agreement", outcome: "time_to_event", groups: 2, paired: true }, /^none/],
  ] as [Partial<StudyDesign>, RegExp][])("%j → %s", (d, expected) => expect(test(d)).toMatch(expected));
});

describe("a comparison never gets a correlation or agreement answer", () => {
  it.each([
    [{ outcome: "continuous", groups: 2, paired: true, normal: true }, /^Paired t-test$/],
    [{ aim: "compare", outcome: "ordinal", groups: 2, paired: true }, /^Wilcoxon signed-rank test$/],
    [{ aim: null, outcome: "categorical", groups: 3, paired: false }, /^Chi-square test of independence/],
  ] as [Partial<StudyDesign>, RegExp][])("%j → %s", (d, expected) => expect(test(d)).toMatch(expected));
});
