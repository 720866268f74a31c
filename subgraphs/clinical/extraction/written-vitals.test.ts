import { describe, expect, it } from "vitest";
import { readWrittenVitals } from "./written-vitals.js";

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
