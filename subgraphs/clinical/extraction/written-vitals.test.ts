import { describe, expect, it } from "vitest";
import { readWrittenGlucose, readWrittenVitals } from "./written-vitals.js";

const read = (text: string) => readWrittenVitals(text).map(({ kind, value, diastolic }) => (diastolic === undefined ? [kind, value] : [kind, value, diastolic]));

describe("vital signs as clinicians write them in a note", () => {
  it.each([
    ["T 38.6", [["temperature", 38.6]]],
    ["Temp: 37.2°C", [["temperature", 37.2]]],
    ["temperature was 39", [["temperature", 39]]],
    ["febrile 38.4 ℃", [["temperature", 38.4]]],
    ["axillary temp 35.2", [["temperature", 35.2]]],
    ["PR 132", [["pulse", 132]]],
    ["HR-96", [["pulse", 96]]],
    ["pulse rate of 58", [["pulse", 58]]],
    ["heart rate 110 bpm", [["pulse", 110]]],
    ["RR 28", [["respiratoryRate", 28]]],
    ["resp rate = 40", [["respiratoryRate", 40]]],
    ["breathing 60 breaths per minute", [["respiratoryRate", 60]]],
    ["SpO2 92% on RA", [["spo2", 92]]],
    ["sats on room air 88%", [["spo2", 88]]],
    ["SPO2: 97", [["spo2", 97]]],
    ["BP 128/76", [["bloodPressure", 128, 76]]],
    ["B/P: 90/60", [["bloodPressure", 90, 60]]],
    ["blood pressure was 180/110", [["bloodPressure", 180, 110]]],
    ["GCS 14/15", [["gcs", 14]]],
    ["GCS=9", [["gcs", 9]]],
    ["Wt 62kg", [["weight", 62]]],
    ["weight: 3.2 kg", [["weight", 3.2]]],
  ])("reads %j", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it("reads a line of several, in the order written", () => {
    expect(read("O/E: T 36.8, PR 84, RR 18, BP 128/76, SpO2 98%, GCS 15/15, wt 70kg")).toEqual([
      ["temperature", 36.8], ["pulse", 84], ["respiratoryRate", 18], ["bloodPressure", 128, 76], ["spo2", 98], ["gcs", 15], ["weight", 70],
    ]);
  });

  it.each([
    ["T 37.8 PR 96", [["temperature", 37.8], ["pulse", 96]]],
    ["Temp 36.4, P 88, R 20", [["temperature", 36.4], ["pulse", 88], ["respiratoryRate", 20]]],
    ["temp 38.2 HR 130", [["temperature", 38.2], ["pulse", 130]]],
    ["GCS E2V3M4", [["gcs", 9]]],
    ["gcs: E4 V5 M6", [["gcs", 15]]],
    ["RBS 3.1", [["glucose", 3.1]]],
    ["blood glucose 250 mg/dl", [["glucose", 250]]],
    ["MUAC 10.9cm", [["muac", 10.9]]],
    ["MUAC 124mm", [["muac", 12.4]]],
    ["Length 68cm", [["height", 68]]],
    ["Ht 1.72m", [["height", 172]]],
  ])("reads %j (letters, components, glucose, lengths)", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it("keeps a written glucose unit, and none it was not given", () => {
    expect(readWrittenVitals("FBS: 6.0 mmol/l").map((w) => w.unit)).toEqual(["mmol/L"]);
    expect(readWrittenVitals("RBS 9.8").map((w) => w.unit)).toEqual([undefined]);
  });

  it.each([
    "G4P3+1 at 36/40",
    "P2 at 30/40",
    "para 1, P 1+1",
    "P 80",
    "R 4cm wound on forearm",
    "seen 2 hr 30 min ago",
    "seen at 1400 hr 20 mins later",
    "walked for 12 hr 45 minutes",
    "urine glucose 2+",
    "glucose 5% infusion",
    "MUAC tape given",
    "Ht 170",
  ])("reads nothing from %j (a bare letter alone, parity, a wound, a solution)", (text) => {
    expect(read(text)).toEqual([]);
  });

  it.each([
    "T2DM on metformin",
    "for 1 hr 30 min",
    "seen 2 hrs ago",
    "G2P1 at 28/40",
    "paracetamol 15mg/kg",
    "review in 2/52",
    "BP 76/128",
    "GCS 20",
    "T 101",
    "SpO2 120%",
    "plan: repeat BP",
    "t 3 tabs",
  ])("reads nothing from %j", (text) => {
    expect(read(text)).toEqual([]);
  });
});

describe("a value keeps the precision it was written with", () => {
  it.each([
    ["day 2, Wt 2.85 kg, feeding well", [["weight", 2.85]]],
    ["weight 1.275kg (preterm)", [["weight", 1.275]]],
    ["axillary temp 36.45", [["temperature", 36.45]]],
    ["length 0.495 m", [["height", 49.5]]],
    ["Ht 1.63m", [["height", 163]]],
    ["MUAC 112 mm", [["muac", 11.2]]],
  ])("%j", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});

describe("readWrittenGlucose: the one reader of a written glucose (SOAP note and copilot)", () => {
  it("reads the number and its unit, or the meter's word, after any glucose name", () => {
    expect(readWrittenGlucose("sugar level was 28").map((g) => ("value" in g ? g.value : g.word))).toEqual([28]);
    expect(readWrittenGlucose("RPG: 250 mg/dl")).toMatchObject([{ value: 250, unit: "mg/dL" }]);
    expect(readWrittenGlucose("RBS 'Hi'")).toMatchObject([{ word: "hi" }]);
  });
  it("a word after one name does not hide the next reading", () => {
    expect(readWrittenGlucose("glucose RBS 14.5").filter((g) => "value" in g)).toMatchObject([{ value: 14.5 }]);
  });
  it("reads no urine dipstick", () => {
    expect(readWrittenGlucose("urine sugar 2+").filter((g) => "value" in g)).toEqual([]);
  });
  it("the SOAP note keeps only plausible numbers", () => {
    expect(read("blood sugar reading 7.9")).toEqual([["glucose", 7.9]]);
    expect(read("RBS HI")).toEqual([]);
  });
});

describe("readings that are not the patient's now are not read as today's vitals", () => {
  it.each([
    ["G2P1 at 36/40, fetal heart 152 bpm, regular", []],
    ["FH rate 138b/min, BP 110/70", [["bloodPressure", 110, 70]]],
    ["Foetal HR 160 beats/min. T 36.8", [["temperature", 36.8]]],
    ["Infant 6/12, BWt 2.4kg, now wt 7.1 kg", [["weight", 7.1]]],
    ["born at term, weight 2.9 kg at birth; weight 9.8kg today", [["weight", 9.8]]],
    ["previous weight 71kg, wt 64 kg", [["weight", 64]]],
    ["last visit BP 170/104, BP 138/86 on amlodipine", [["bloodPressure", 138, 86]]],
    ["booking BP 100/60; BP 142/94 at 34 weeks", [["bloodPressure", 142, 94]]],
  ])("%j", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});

describe("more ways a vital is written", () => {
  it.each([
    ["weight today 58.5 kg", [["weight", 58.5]]],
    ["Temp on admission 39.4", [["temperature", 39.4]]],
    ["BP 162/100, recheck 150/96 after rest", [["bloodPressure", 162, 100], ["bloodPressure", 150, 96]]],
    ["BP 148/92 R arm, 139/88 (L arm)", [["bloodPressure", 148, 92], ["bloodPressure", 139, 88]]],
    ["pressure 130/85 mmHg", [["bloodPressure", 130, 85]]],
    // Swahili (TUKI English-Swahili Dictionary): joto (la mwili) body temperature, mapigo ya moyo heartbeat,
    // kupumua breathing, uzito weight, shinikizo la damu blood pressure, leo today.
    ["joto 38.7, mapigo ya moyo 118, uzito leo 12 kg", [["temperature", 38.7], ["pulse", 118], ["weight", 12]]],
    ["shinikizo la damu 150/100", [["bloodPressure", 150, 100]]],
  ])("%j", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each(["RV 2/52 for BP check", "review 1/12", "repeat 2/52", "repeat FBC in 3/7", "ratio 3/4 mmHg"])("reads no pressure from %j", (text) => {
    expect(read(text).filter(([kind]) => kind === "bloodPressure")).toEqual([]);
  });
});

describe("a temperature written in °F", () => {
  it.each([
    ["Temp 100.4°F", 38],
    ["T: 99.5 F on arrival", 37.5],
    ["temperature today 103 degrees F", 39.4],
    ["joto 102.2 ℉", 39],
    ["febrile, 104.9 deg fahrenheit", 40.5],
  ])("%s is charted as %s °C (one decimal)", (text, celsius) => {
    expect(read(text)).toEqual([["temperature", celsius]]);
  });

  it("every °F reading from 86 to 113 is the °C of the same temperature (property)", () => {
    for (let tenths = 860; tenths <= 1130; tenths += 7) {
      const f = tenths / 10;
      const [[kind, c]] = read(`Temp ${f}F`);
      expect(kind).toBe("temperature");
      expect(Math.abs((c as number) - ((f - 32) * 5) / 9)).toBeLessThanOrEqual(0.05 + 1e-9);
    }
  });

  it("needs the F written, and keeps to a human temperature", () => {
    expect(read("T 101")).toEqual([]);
    expect(read("Temp 120F")).toEqual([]);
    expect(read("temp 98 f/u in 2/52")).toEqual([]);
    expect(read("last visit temp 102F")).toEqual([]);
  });
});

describe("vitals as they are dictated and charted around a session", () => {
  it.each([
    ["resp 44 bpm, pulse 150 bpm", [["respiratoryRate", 44], ["pulse", 150]]], // the label decides, not the unit
    ["RR: 62 bpm", [["respiratoryRate", 62]]],
    ["pigo la moyo 72", [["pulse", 72]]],
    ["blood pressure 142 over 91", [["bloodPressure", 142, 91]]],
    ["BP now 118 over 74", [["bloodPressure", 118, 74]]],
    ["weighs 58 kilos", [["weight", 58]]],
    ["weight 3.2 kilograms", [["weight", 3.2]]],
    ["RBS today 11.4 mmol/l", [["glucose", 11.4]]],
    ["repeat after 30 minutes 162/104", [["bloodPressure", 162, 104]]],
    ["BP pre-dialysis 158/96", [["bloodPressure", 158, 96]]],
    ["BP post HD 132/80", [["bloodPressure", 132, 80]]],
  ])("%s", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it("'over' joins a pressure only after its label", () => {
    expect(read("cough 2 over 3 weeks")).toEqual([]);
    expect(read("aged 60 over 40 years of smoking")).toEqual([]);
  });
});
