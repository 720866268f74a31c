import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allMedications, CONTROLLED_SCHEDULES, findMedications, medicationByCode } from "./catalog.js";

const raw = JSON.parse(readFileSync(new URL("./medications.json", import.meta.url), "utf8"));
const confirmed = JSON.parse(readFileSync(new URL("./confirmed-rxcuis.json", import.meta.url), "utf8")) as { codes: { rxcui: string; name: string; source: string }[] };
const clinicalDrugs = JSON.parse(readFileSync(new URL("../../../clinical/knowledge/drugs.json", import.meta.url), "utf8")) as { drugs: { name: string; rxcui: string | null }[] };
const demo = JSON.parse(readFileSync(new URL("../../../../seed/demo/pharmacy.json", import.meta.url), "utf8")) as { prescriptions: { medication_code: string | null }[] };

describe("medication catalog data (medications.json)", () => {
  it("is versioned and every entry cites the source of its code, ATC class and EML status", () => {
    expect(raw.name).toBe("medications");
    expect(raw.version).toMatch(/^\d{4}\.\d{2}\.\d+$/);
    for (const m of allMedications()) {
      expect(m.source, m.code).toMatch(/\S{10,}/);
      expect(m.atcSource, m.code).toMatch(/ATC/);
      expect(m.whoEmlSource, m.code).toBeTruthy();
    }
  });

  it("has unique codes, and every RxCUI comes from the committed list of confirmed codes (never guessed)", () => {
    const codes = allMedications().map((m) => m.code);
    expect(new Set(codes).size).toBe(codes.length);
    const ok = new Set(confirmed.codes.map((c) => c.rxcui));
    for (const c of confirmed.codes) expect(c.source, c.rxcui).toMatch(/cpic|knowledge/i);
    for (const m of allMedications()) {
      if (m.rxcui) {
        expect(ok.has(m.rxcui), `${m.genericName} ${m.rxcui}`).toBe(true);
        expect(m.code).toBe(m.rxcui);
        expect(m.codeSystem).toBe("RxNorm");
      } else {
        // Without a confirmed RxCUI: a local code that can never be mistaken for one.
        expect(m.code).toMatch(/^local:[a-z0-9-]+$/);
        expect(m.codeSystem).toBe("local");
      }
    }
  });

  it("gives controlled medicines a schedule from the allowed set, its source, a limit and the witness rule", () => {
    for (const m of allMedications()) {
      if (m.controlled) {
        expect(CONTROLLED_SCHEDULES).toContain(m.schedule);
        expect(m.scheduleSource, m.code).toBeTruthy();
        expect(m.maxQuantityPerPrescription, m.code).toBeGreaterThan(0);
        expect(m.limitSource, m.code).toBeTruthy();
      } else {
        expect(m.schedule).toBeNull();
        expect(m.witnessRequired).toBe(false);
      }
      if (m.coldChain) {
        expect(m.storageMinC).toBeLessThan(m.storageMaxC!);
        expect(m.storageSource).toBeTruthy();
      }
    }
    expect(medicationByCode("7052")).toMatchObject({ genericName: "Morphine", schedule: "1961-I", witnessRequired: true });
    expect(medicationByCode("2670")).toMatchObject({ controlled: true, schedule: "1961-II" });
    expect(medicationByCode("10689")).toMatchObject({ controlled: true });
    expect(medicationByCode("local:oxytocin")).toMatchObject({ coldChain: true, storageMinC: 2, storageMaxC: 8 });
  });

  it("covers the demo prescriptions, and agrees with the clinical knowledge base on every code both hold", () => {
    for (const p of demo.prescriptions) if (p.medication_code) expect(medicationByCode(p.medication_code), p.medication_code).toBeDefined();
    // The knowledge base knows drugs the pharmacy does not stock (irinotecan, pimozide): coverage is not
    // required, but a drug in both carries one code, and a code in both names one drug.
    const stocked = new Map(findMedications({}).map((m) => [m.genericName.toLowerCase(), m]));
    let shared = 0;
    for (const d of clinicalDrugs.drugs) {
      if (!d.rxcui) continue;
      const byCode = medicationByCode(d.rxcui);
      if (byCode) {
        shared++;
        expect(byCode.genericName.toLowerCase(), d.rxcui).toBe(d.name.toLowerCase());
      }
      const byName = stocked.get(d.name.toLowerCase());
      if (byName?.codeSystem === "RxNorm") expect(byName.code, d.name).toBe(d.rxcui);
    }
    expect(shared).toBeGreaterThan(20);
  });

  it("finds medicines by synonym and by ATC prefix", () => {
    expect(findMedications({ search: "acetaminophen" }).map((m) => m.code)).toEqual(["local:paracetamol"]);
    expect(findMedications({ atc: "C03" }).map((m) => m.genericName)).toEqual(["Furosemide", "Hydrochlorothiazide", "Spironolactone"]);
  });
});
