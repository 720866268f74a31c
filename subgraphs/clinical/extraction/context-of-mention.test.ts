import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractEntities, type ExtractedEntity } from "./extraction.engine.js";
import { loadVocabulary } from "./vocabulary.js";

/**
 * Mentions that name a condition without stating the patient has it (advice about a medicine, a service named
 * after a disease) and a route written before a list of medicines, each over generated variants
 * (docs/decisions/clinical.md, "Entity extraction": "Advice, services and routes of a list").
 */
const v = loadVocabulary();
const run = (text: string) => extractEntities(v, text);
const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
const reported = (text: string, type: ExtractedEntity["type"]) => run(text).entities.filter((e) => e.type === type);
const reportedCodes = (text: string) => reported(text, "diagnosis").map((e) => e.code);
const mention = (text: string, word: string) => {
  const r = run(text);
  return [...r.entities, ...r.excluded].find((e) => e.text.toLowerCase() === word.toLowerCase());
};

// Conditions as notes name them, with their code: each is a diagnosis of the vocabulary on its own.
const CONDITIONS = [
  ["pregnancy", "Z33.1"],
  ["asthma", "J45.909"],
  ["CKD", "N18.9"],
  ["PUD", "K27.9"],
  ["epilepsy", "G40.909"],
  ["COPD", "J44.9"],
] as const;
const DRUGS = ["ciprofloxacin", "propranolol", "ibuprofen", "metformin", "doxycycline", "carbamazepine"];
/** Advice about a medicine, with {d} the medicine and {c} the condition. */
const ADVICE = [
  "Avoid {d} in {c}",
  "avoid {d} in {c}",
  "{d} is contraindicated in {c}",
  "{d} contra-indicated in {c}",
  "{d}: not for use in {c}",
  "Not for use in {c}",
  "{d} should be avoided in {c}",
  "Caution in {c}",
  "Use {d} with caution in patients with {c}",
  "{d} safe in {c}",
  "{d} not recommended during {c}",
  "Dose adjust in {c}",
  "{d}: dose adjustment in {c}",
  "(avoid {d} in {c})",
  "{d} is safe to use in {c}",
];
const fill = (template: string, d: string, c: string) => template.replace("{d}", d).replace("{c}", c);

describe("a condition named as the context of advice about a medicine", () => {
  it("is not the patient's diagnosis when the note does not otherwise say so (hypothetical, excluded)", () => {
    fc.assert(
      fc.property(pick(ADVICE), pick(DRUGS), pick(CONDITIONS), pick(["Plan: ", "Rx: amoxicillin 500mg tds. ", "Dx: acute cystitis. ", ""]), pick([".", "", ". Review in 2/52."]), (template, d, [c, code], lead, tail) => {
        const text = `${lead}${fill(template, d, c)}${tail}`;
        expect(reportedCodes(text), text).not.toContain(code);
        expect(mention(text, c)?.assertion, text).toBe("hypothetical");
      }),
      { numRuns: 300 },
    );
  });

  it("covers the conditions the advice lists ('in pregnancy and breastfeeding', 'in asthma or COPD')", () => {
    fc.assert(
      fc.property(pick(ADVICE.filter((t) => t.endsWith("{c}"))), pick(DRUGS), pick(CONDITIONS), pick(CONDITIONS), pick([" and ", " or ", ", ", "/"]), (template, d, [c1, code1], [c2, code2], join) => {
        fc.pre(c1 !== c2);
        const text = `${fill(template, d, c1)}${join}${c2}.`;
        expect(reportedCodes(text), text).not.toContain(code1);
        expect(reportedCodes(text), text).not.toContain(code2);
      }),
      { numRuns: 200 },
    );
  });

  it("still reports the condition the note states elsewhere: by another mention ('Known asthmatic') or, for pregnancy, by an obstetric statement ('G2P1 at 28/40')", () => {
    const statements: Record<string, string[]> = {
      pregnancy: ["G2P1 at 28/40.", "28yr G2P1+0 @ 26/40.", "GA 32/40.", "GA 32 wks.", "24 weeks pregnant.", "ANC 2nd visit, G3P2L2.", "Pregnant, 30 wks gestation.", "UTI in pregnancy.", "FH 140bpm, SFH 30cm.", "Antenatal review."],
      asthma: ["Known asthmatic.", "PMH: asthma.", "Asthma exacerbation."],
      CKD: ["Known CKD stage 3.", "Background of CKD."],
      epilepsy: ["Known epileptic on phenobarbitone.", "Epilepsy, seizure free."],
    };
    fc.assert(
      fc.property(pick(ADVICE), pick(DRUGS), pick(Object.keys(statements)), pick([" ", "\n", " Plan: "]), (template, d, c, sep) => {
        const code = CONDITIONS.find(([name]) => name === c)![1];
        for (const statement of statements[c]) {
          const text = `${statement}${sep}${fill(template, d, c)}.`;
          const codes = reportedCodes(text);
          // Pregnancy is any pregnancy code ("UTI in pregnancy" O23.40 states it); the others their own category.
          const stated = c === "pregnancy" ? codes.some((x) => x === code || /^(O|Z3[34A])/.test(x ?? "")) : codes.some((x) => x?.slice(0, 3) === code.slice(0, 3));
          expect(stated, text).toBe(true);
        }
      }),
      { numRuns: 120 },
    );
  });

  it("is not a pregnancy when the obstetric formula says she has delivered ('G2P2 day 2 post SVD')", () => {
    for (const lead of ["G2P2 day 2 post SVD.", "P1+1, post-abortion.", "G3P2+1.", "Under GA 2 hrs.", "FH: HTN in mother.", "BP 120/80."]) {
      for (const template of ADVICE) {
        const text = `${lead} ${fill(template, "ciprofloxacin", "pregnancy")}.`;
        expect(reportedCodes(text), text).not.toContain("Z33.1");
      }
    }
  });

  it("leaves a condition the patient has alone when no advice word leads to it", () => {
    for (const [c, code] of CONDITIONS.filter(([c]) => c !== "pregnancy")) {
      for (const text of [`Salbutamol given for ${c}`, `Admission recommended for ${c}`, `Admitted with ${c}`, `Child safe in ward with ${c}`, `Insulin adjusted. Known ${c}`, `Avoid alcohol.\nAdmitted in ${c}`, `Known ${c}, on treatment`]) {
        expect(reportedCodes(text), text).toContain(code);
      }
    }
  });
});

// Diseases whose name alone is a diagnosis of the vocabulary (not a lab test: "HIV test" is the lab test).
const DISEASES = [
  ["TB", "A15.9"],
  ["HIV", "B20"],
  ["malaria", "B54"],
  ["syphilis", "A53.9"],
  ["STI", "A64"],
  ["Hepatitis B", "B19.10"],
  ["PCP", "B59"],
] as const;
const SERVICES_AFTER = ["screening", "screen", "screening done", "testing and counselling (HTC)", "counselling and testing", "pre-test counselling", "prophylaxis", "prevention", "programme", "education given", "awareness", "FP counselling", "testing done, awaiting result"];
const SERVICES_BEFORE = ["Screened for", "screening for", "Tested for", "Counselled on", "prophylaxis against", "prevention of"];

describe("a disease named as what a service finds out, prevents or teaches about", () => {
  it("is not the patient's diagnosis ('TB screening', 'HIV testing and counselling', 'malaria prophylaxis', 'screened for TB')", () => {
    fc.assert(
      fc.property(pick(DISEASES), pick(SERVICES_AFTER), pick(SERVICES_BEFORE), pick(["", "Plan: ", "ANC visit. ", "Post-abortion care. "]), pick([".", "", " today."]), ([d, code], after, before, lead, tail) => {
        for (const text of [`${lead}${d} ${after}${tail}`, `${lead}${before} ${d}${tail}`]) expect(reportedCodes(text), text).not.toContain(code);
      }),
      { numRuns: 300 },
    );
  });

  it("covers each disease of a service's list ('TB and HIV screening', 'TB/HIV screening')", () => {
    fc.assert(
      fc.property(pick(DISEASES), pick(DISEASES), pick([" and ", "/", " & ", ", "]), pick(["screening", "testing", "counselling"]), ([d1, c1], [d2, c2], join, service) => {
        fc.pre(d1 !== d2);
        const text = `${d1}${join}${d2} ${service} done.`;
        expect(reportedCodes(text), text).not.toContain(c1);
        expect(reportedCodes(text), text).not.toContain(c2);
      }),
      { numRuns: 150 },
    );
  });

  it("a post-abortion service is not an abortion; the stated abortion still counts", () => {
    for (const service of ["Post-abortion FP counselling", "post-abortion family planning counselling", "Post abortion counselling"]) {
      expect(reportedCodes(`${service}.`), service).toEqual([]);
      expect(reportedCodes(`Dx: Incomplete abortion. Plan: MVA. ${service}.`).filter((c) => c?.startsWith("O03")).length, service).toBe(1);
    }
  });

  it("states the disease with a positive result, negates it with a negative one", () => {
    fc.assert(
      fc.property(pick(DISEASES), pick(["screening", "screen", "testing"]), pick(["positive", "+ve", "reactive", ": positive", "done: positive"]), pick(["negative", "-ve", "non-reactive", "NR"]), ([d, code], service, pos, neg) => {
        expect(reportedCodes(`${d} ${service} ${pos}`), `${d} ${service} ${pos}`).toContain(code);
        expect(reportedCodes(`Tested for ${d}: ${pos.replace(/^:\s*/, "")}`)).toContain(code);
        const negative = `${d} ${service} ${neg}`;
        expect(reportedCodes(negative), negative).not.toContain(code);
      }),
      { numRuns: 150 },
    );
  });

  it("keeps a disease's clinic the patient's diagnosis ('HIV clinic', 'TB clinic f/up', 'DM clinic')", () => {
    const clinics = [
      ["HIV", "B20"],
      ["TB", "A15.9"],
      ["DM", "E11.9"],
      ["HTN", "I10"],
      ["Epilepsy", "G40.909"],
    ] as const;
    for (const [d, code] of clinics) {
      for (const text of [`${d} clinic f/up`, `${d} clinic review.`, `Follow-up ${d} clinic: stable`, `Seen at ${d} clinic today`]) expect(reportedCodes(text), text).toContain(code);
    }
  });
});

const ROUTES = [
  ["IV", "intravenous"],
  ["IM", "intramuscular"],
  ["PO", "oral"],
  ["Inj", "intravenous"],
  ["inj.", "intravenous"],
  ["nebulised", "inhaled"],
] as const;
const LIST_DRUGS = ["ceftriaxone", "metronidazole", "gentamicin", "ampicillin", "amoxicillin", "paracetamol", "artesunate", "cloxacillin"];
const JOINS = [" + ", " and ", ", ", " & ", " +", "+", " with "];
const routesOf = (text: string) => reported(text, "medication").map((e) => [e.text.toLowerCase(), e.sig?.route ?? null] as const);

describe("a route written before a list of medicines", () => {
  it("is each listed name's route ('IV ceftriaxone + metronidazole', 'IV ceftriaxone, gentamicin and metronidazole')", () => {
    fc.assert(
      fc.property(pick(ROUTES), fc.shuffledSubarray(LIST_DRUGS, { minLength: 2, maxLength: 4 }), fc.array(pick(JOINS), { minLength: 3, maxLength: 3 }), pick(["", "Plan: ", "Rx: ", "Started "]), pick(["", ".", " stat.", "\nReview in 24h."]), ([written, route], drugs, joins, lead, tail) => {
        const text = lead + written + " " + drugs.map((d, i) => (i ? joins[i - 1] : "") + d).join("") + tail;
        const got = routesOf(text);
        expect(got.map(([d]) => d), text).toEqual(drugs);
        for (const [d, r] of got) expect(r, `${text} → ${d}`).toBe(route);
      }),
      { numRuns: 300 },
    );
  });

  it("leaves a name its own route, before or after it ('IV ceftriaxone, oral metronidazole', '… + metronidazole PO')", () => {
    fc.assert(
      fc.property(pick(ROUTES), pick(ROUTES), pick(JOINS), ([w1, r1], [w2, r2], join) => {
        // After the name only the abbreviations are written ("metronidazole PO"), not "inj"/"nebulised".
        const after = /^(IV|IM|PO)$/.test(w2) ? ([w2, r2] as const) : (["IV", "intravenous"] as const);
        for (const [text, second] of [
          [`${w1} ceftriaxone${join}${w2} metronidazole`, r2],
          [`${w1} ceftriaxone${join}metronidazole ${after[0]}`, after[1]],
        ] as const) {
          const got = routesOf(text);
          expect(got[0][1], text).toBe(r1);
          expect(got[1][1], text).toBe(second);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("never crosses a sentence, a line or another instruction ('IV ceftriaxone. Metronidazole …', 'IV ceftriaxone 1g od, metronidazole')", () => {
    fc.assert(
      fc.property(pick(ROUTES), pick(LIST_DRUGS), pick(LIST_DRUGS), pick([". ", ".\n", "\n", ";\n", "; ", " 1g od, ", " 2g stat + ", " x 5/7 and ", " then "]), ([written], d1, d2, between) => {
        fc.pre(d1 !== d2);
        const text = `${written} ${d1}${between}${d2}`;
        const got = routesOf(text);
        expect(got.find(([d]) => d === d2)?.[1] ?? null, text).toBeNull();
      }),
      { numRuns: 200 },
    );
  });
});
