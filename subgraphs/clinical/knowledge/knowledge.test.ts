import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KNOWLEDGE_FILES, knowledgeFromFiles } from "./knowledge.js";
import { SEVERITY_RANK, type DrugSelector } from "./knowledge.types.js";

const k = knowledgeFromFiles();

/** The only RxCUIs we may use: confirmed in RxNorm (NLM), as listed in the CPIC database drug table (cpicpgx/cpic-schema drug.sql). Never a guessed code. */
const CONFIRMED_RXCUI: Record<string, string> = {
  warfarin: "11289", aspirin: "1191", metformin: "6809", simvastatin: "36567", atorvastatin: "83367", clopidogrel: "32968",
  omeprazole: "7646", ciprofloxacin: "2551", erythromycin: "4053", digoxin: "3407", furosemide: "4603", hydrochlorothiazide: "5487",
  spironolactone: "9997", carbamazepine: "2002", phenytoin: "8183", methotrexate: "6851", allopurinol: "519", codeine: "2670",
  tramadol: "10689", fluoxetine: "4493", diclofenac: "3355", chloroquine: "2393", quinine: "9071", primaquine: "8687", tafenoquine: "2054023",
  mefloquine: "6694", efavirenz: "195085", nevirapine: "53654", tenofovir: "117466", isoniazid: "6038",
  sulfamethoxazole_trimethoprim: "10831", lisinopril: "29046", ibuprofen: "5640", amoxicillin: "723",
  // Same CPIC drug table, as copied into the pharmacy catalog's confirmed-rxcuis.json:
  // the knowledge base must hold every code the catalog sends, or a drug check cannot confirm it.
  rabeprazole: "114979", azathioprine: "1256", sertraline: "36437", dolutegravir: "1433868", atazanavir: "343047", propranolol: "8787",
  metoprolol: "6918", ondansetron: "26225", irinotecan: "51499", salbutamol: "435", glibenclamide: "4815", pimozide: "8331",
  thioridazine: "10502", fluvoxamine: "42355",
  // Not in the CPIC table: PharmGKB's drug → RxNorm mappings (biopragmatics/obo-db-ingest
  // export/pharmgkb.drug/pharmgkb.drug.sssom.tsv @ 5613ff7e), checked there to agree with every CPIC code above.
  lamivudine: "68244", zidovudine: "11413", nifedipine: "7417", methyldopa: "6876", folic_acid: "4511", pyrazinamide: "8987",
  ethambutol: "4110", rifampicin: "9384", ampicillin: "733", cloxacillin: "2625",
  // Same PharmGKB export (drugs 2026.11.9): PA449415 doxycycline, PA451640 tetracycline, PA449283 diazepam, PA450550 morphine,
  // PA451128 promethazine, PA448960 chlorpheniramine, PA449841 haloperidol, PA165111697 artesunate, PA451956 zinc, PA451884 vitamin a.
  doxycycline: "3640", tetracycline: "10395", diazepam: "3322", morphine: "7052", promethazine: "8745", chlorphenamine: "2400",
  haloperidol: "5093", artesunate: "18346", zinc: "11416", vitamin_a: "11246",
  // Session 20 (prescriptions blind set 10): PharmGKB PA450226 lidocaine → rxnorm:6387 (same export), also in pharmacy confirmed-rxcuis.json.
  lidocaine: "6387",
  // Same PharmGKB export (drugs 2026.11.10), each PA id the only one mapped to its RxCUI: PA448015 acetaminophen, PA449456 enalapril,
  // PA449653 fluconazole, PA450146 ketoconazole, PA450484 metronidazole, PA449617 ferrous sulfate, PA448866 ceftriaxone,
  // PA451647 theophylline, PA164781029 aminophylline, PA448780 captopril, PA448385 amitriptyline, PA451096 prednisolone,
  // PA449247 dexamethasone, PA449905 hydrocortisone, PA449753 gentamicin, PA450475 metoclopramide, PA450760 oxytocin,
  // PA450523 misoprostol, PA450302 magnesium sulfate, PA451846 valproic acid, PA164746058 albendazole, PA164776669 mebendazole,
  // PA164764583 praziquantel, PA450666 nystatin, PA449057 clotrimazole, PA449814 griseofulvin, PA10892 gliclazide.
  paracetamol: "161", enalapril: "3827", fluconazole: "4450", ketoconazole: "6135", metronidazole: "6922", ferrous_sulfate: "24947",
  ceftriaxone: "2193", theophylline: "10438", aminophylline: "689", captopril: "1998", amitriptyline: "704", prednisolone: "8638",
  dexamethasone: "3264", hydrocortisone: "5492", gentamicin: "1596450", metoclopramide: "6915", oxytocin: "7824", misoprostol: "42331",
  magnesium_sulfate: "6585", valproate: "11118", albendazole: "430", mebendazole: "6672", praziquantel: "8628", nystatin: "7597",
  clotrimazole: "2623", griseofulvin: "5021", gliclazide: "4816",
  // Same PharmGKB export (drugs 2026.11.11), each PA id the only one mapped to its RxCUI: PA448927 chloramphenicol,
  // PA450262 loperamide, PA448735 calcium gluconate.
  chloramphenicol: "2348", loperamide: "6468", calcium_gluconate: "1908",
  // Same PharmGKB export (drugs 2026.11.29), each PA id the only one mapped to its RxCUI: PA450221 levothyroxine,
  // PA164750514 tranexamic acid, PA449463 enoxaparin, PA450369 meperidine (pethidine), PA449992 insulin glargine,
  // PA448547 beclomethasone, PA451382 sodium chloride.
  levothyroxine: "10582", tranexamic_acid: "10691", enoxaparin: "67108", pethidine: "6754", insulin_glargine: "274783",
  beclometasone: "1347", sodium_chloride: "9863",
  // Same PharmGKB export (drugs 2026.11.33), each PA id the only one mapped to its RxCUI: PA449855 heparin,
  // PA165111698 artemether, PA451539 sulfadiazine, PA448563 bendroflumethiazide, PA164747026 trihexyphenidyl.
  heparin: "5224", artemether: "18343", sulfadiazine: "10171", bendroflumethiazide: "1369", trihexyphenidyl: "10811",
  // Same PharmGKB export (drugs 2026.11.42), the only PA id mapped to its RxCUI: PA448905 cetirizine.
  cetirizine: "20610",
  // Same PharmGKB export (drugs 2026.11.43), the only PA id mapped to its RxCUI: PA449720 gabapentin.
  gabapentin: "25480",
  // Same PharmGKB export (drugs 2026.11.45), each PA id the only one mapped to its RxCUI: PA450164 lamotrigine (also in
  // the CPIC drug table), PA450206 levetiracetam, PA164783809 rifapentine, PA10069 emtricitabine.
  lamotrigine: "28439", levetiracetam: "114477", rifapentine: "35617", emtricitabine: "276237",
  // Same PharmGKB export (drugs 2026.11.48), each PA id the only one mapped to its RxCUI, and each also in the CPIC drug
  // table (cpicpgx/cpic-data db/drug.sql @ 25e70002): PA449894 hydralazine, PA448004 abacavir, PA164777036 hydroxychloroquine.
  hydralazine: "5470", abacavir: "190521", hydroxychloroquine: "5521",
  // Same PharmGKB export (drugs 2026.11.50), each PA id the only one mapped to its RxCUI: PA449761 glimepiride (also in the
  // CPIC initial data, cpicpgx/cpic-data V2__initial_data.sql @ 459e3eb), PA450267 lorazepam.
  glimepiride: "25789", lorazepam: "6470",
  // Same PharmGKB export (drugs 2026.11.52), each PA id the only one mapped to its RxCUI: PA10075 esomeprazole, PA450774
  // pantoprazole, PA451346 sildenafil, PA10333 tadalafil, PA450644 nitroglycerin (glyceryl trinitrate), PA450125 isosorbide
  // dinitrate, PA450126 isosorbide mononitrate, PA10813 tinidazole, PA451578 tacrolimus, PA450266 loratadine, PA451898
  // vitamin c, PA164748138 cholecalciferol.
  esomeprazole: "283742", pantoprazole: "40790", sildenafil: "136411", tadalafil: "358263", glyceryl_trinitrate: "4917",
  isosorbide_dinitrate: "6058", isosorbide_mononitrate: "28004", tinidazole: "10612", tacrolimus: "42316", loratadine: "28889",
  ascorbic_acid: "1151", colecalciferol: "2418",
  // Same PharmGKB export (drugs 2026.11.55, session 21), each PA id the only one mapped to its RxCUI: PA449061 clozapine,
  // PA450688 olanzapine, PA165958360 rivaroxaban, PA165958369 dabigatran etexilate, PA450732 oxcarbazepine, PA450061 iohexol.
  clozapine: "2626", olanzapine: "61381", rivaroxaban: "1114195", dabigatran: "1037042", oxcarbazepine: "32624", iohexol: "5956",
};

const known = (s: DrugSelector) => ("drug" in s ? k.drugs.byId.has(s.drug) : k.drugs.classes.has(s.class));

describe("knowledge files", () => {
  it("ship every file with its name and a version, and nothing else", () => {
    const onDisk = readdirSync(new URL(".", import.meta.url)).filter((f) => f.endsWith(".json")).map((f) => f.replace(/\.json$/, ""));
    expect(onDisk.sort()).toEqual([...KNOWLEDGE_FILES].sort());
    for (const name of KNOWLEDGE_FILES) {
      const file = JSON.parse(readFileSync(new URL(`./${name}.json`, import.meta.url), "utf8"));
      expect(file.name).toBe(name);
      expect(file.version).toMatch(/^\d{4}\.\d{2}\.\d+$/);
    }
  });

  it("uses only confirmed RxCUIs, each on the right drug", () => {
    for (const d of k.drugs.byId.values()) {
      if (d.rxcui !== null) expect(CONFIRMED_RXCUI[d.id], `${d.id} carries RxCUI ${d.rxcui}`).toBe(d.rxcui);
      expect(d.source).toBeTruthy();
      for (const c of d.classes) expect(k.drugs.classes.has(c), `${d.id}: class ${c}`).toBe(true);
    }
  });

  it("gives every rule a known drug or class, a valid severity, a recommendation and a source", () => {
    for (const r of k.interactions) {
      expect(known(r.a) && known(r.b), r.id).toBe(true);
      expect(SEVERITY_RANK[r.severity], r.id).toBeGreaterThan(0);
      expect(r.source && r.recommendation && r.mechanism, r.id).toBeTruthy();
    }
    for (const r of k.conditionRules) {
      expect(known(r.drug), r.id).toBe(true);
      expect(SEVERITY_RANK[r.severity], r.id).toBeGreaterThan(0);
      expect(r.icd10_prefixes.length && r.source, r.id).toBeTruthy();
    }
    for (const x of k.allergens.crossReactivity) expect(k.drugs.classes.has(x.from_class) && k.drugs.classes.has(x.to_class) && Boolean(x.source)).toBe(true);
    for (const a of k.allergens.byName.values()) for (const c of a.classes) expect(k.drugs.classes.has(c)).toBe(true);
    for (const r of k.reminders) expect(r.source).toBeTruthy();
    for (const c of k.symptoms.conditions) expect(c.source && c.icd10).toBeTruthy();
  });

  it("gives every combination product components that are its single-ingredient drugs, and strengths only of them", () => {
    for (const d of k.drugs.byId.values()) {
      for (const id of d.components ?? []) {
        const c = k.drugs.byId.get(id);
        expect(c, `${d.id}: component ${id}`).toBeDefined();
        expect(c!.components ?? [], `${id} is itself a combination`).toEqual([]);
        for (const i of c!.ingredients) expect(d.ingredients, `${d.id} lacks ${i}`).toContain(i);
      }
      for (const u of d.unit_strengths ?? []) for (const id of Object.keys(u.mg)) expect(d.components, `${d.id}: strength of ${id}`).toContain(id);
      if (d.unit_strengths) expect(d.unit_strengths_source, d.id).toBeTruthy();
    }
  });

  it("has no two drugs answering to the same name", () => {
    const names = new Map<string, string>();
    const file = JSON.parse(readFileSync(new URL("./drugs.json", import.meta.url), "utf8")) as { drugs: { id: string; name: string; synonyms: string[] }[] };
    for (const d of file.drugs) {
      for (const n of [d.name, ...d.synonyms].map((x) => x.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim())) {
        expect(names.get(n) ?? d.id, `"${n}"`).toBe(d.id);
        names.set(n, d.id);
      }
    }
  });
});
