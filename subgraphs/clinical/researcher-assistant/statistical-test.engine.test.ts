import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { recommendStatisticalTest, type StudyDesign } from "./statistical-test.engine.js";

const k = knowledgeFromFiles().statisticalTests;
const test = (d: StudyDesign) => {
  const r = recommendStatisticalTest(k, d);
  return r.found ? r.test : `none: ${r.reason}`;
};

describe("statistical test by design (knowledge/statistical-tests.json)", () => {
  it.each([
    [{ outcome: "continuous", groups: 2, paired: false, normal: true }, /^Independent two-sample t-test/],
    [{ outcome: "continuous", groups: 2, paired: false, normal: false }, /^Mann-Whitney U/],
    [{ outcome: "continuous", groups: 2, paired: true, normal: true }, /^Paired t-test/],
    [{ outcome: "continuous", groups: 2, paired: true, normal: false }, /^Wilcoxon signed-rank test$/],
    [{ outcome: "continuous", groups: 4, paired: false, normal: true }, /^One-way ANOVA/],
    [{ outcome: "continuous", groups: 3, paired: false, normal: false }, /^Kruskal-Wallis/],
    [{ outcome: "continuous", groups: 3, paired: true, normal: true }, /^Repeated-measures ANOVA/],
    [{ outcome: "continuous", groups: 3, paired: true, normal: false }, /^Friedman/],
    [{ outcome: "continuous", groups: 1, paired: false, normal: true }, /^One-sample t-test/],
    [{ outcome: "binary", groups: 2, paired: false, normal: null }, /^Chi-square test of independence \(Fisher/],
    [{ outcome: "binary", groups: 2, paired: true, normal: null }, /^McNemar/],
    [{ outcome: "binary", groups: 3, paired: true, normal: null }, /^Cochran's Q/],
    [{ outcome: "binary", groups: 1, paired: false, normal: null }, /^Exact binomial/],
    [{ outcome: "ordinal", groups: 2, paired: false, normal: null }, /^Mann-Whitney/],
    [{ outcome: "time_to_event", groups: 2, paired: false, normal: null }, /^Log-rank/],
  ] as [StudyDesign, RegExp][])("%j → %s", (design, expected) => expect(test(design)).toMatch(expected));

  it("says when no rule covers the design instead of guessing", () => {
    expect(test({ outcome: "time_to_event", groups: 3, paired: true, normal: null })).toMatch(/^none: .*consult a statistician/);
    expect(test({ outcome: "categorical", groups: 3, paired: true, normal: null })).toMatch(/^none/);
  });

  it("gives a rationale, alternatives and the assumptions", () => {
    const r = recommendStatisticalTest(k, { outcome: "continuous", groups: 2, paired: false, normal: true });
    expect(r).toMatchObject({ found: true, rationale: expect.stringMatching(/independent/), alternatives: [expect.stringMatching(/Mann-Whitney/)] });
    expect(r.found && r.assumptions).toEqual(["Groups are independent", expect.stringMatching(/normal/)]);
  });
});
