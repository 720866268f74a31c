import { describe, expect, it } from "vitest";
import { formatScore, HELDOUT, loadNotes, scoreExtraction } from "./score.js";

/**
 * The extractor against the annotated notes (test/fixtures/extraction/). Prints the table; the
 * floors are below the measured values so a regression fails, and no negated, family-history or
 * hypothetical mention may ever be reported as the patient's.
 */
describe("entity extraction quality on annotated notes", () => {
  it("development set: micro-F1 at least 0.90 and no negated finding reported as present", () => {
    const s = scoreExtraction(loadNotes());
    console.log(`DEVELOPMENT SET\n${formatScore(s)}`);
    expect(s.notes).toBeGreaterThanOrEqual(40);
    expect(s.negatedReportedAsPresent).toEqual([]);
    expect(s.micro.f1).toBeGreaterThanOrEqual(0.9);
  });

  it("held-out set: micro-F1 at least 0.85 and no negated finding reported as present", () => {
    const s = scoreExtraction(loadNotes(HELDOUT));
    console.log(`HELD-OUT SET\n${formatScore(s)}`);
    expect(s.negatedReportedAsPresent).toEqual([]);
    expect(s.micro.f1).toBeGreaterThanOrEqual(0.85);
  });
});
