import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { buildMedicationSchedule, isCalendarDate, parseFrequency, todayIn } from "./medication-schedule.engine.js";

const k = knowledgeFromFiles().administrationTimes;
const times = (f: string) => {
  const p = parseFrequency(k, f);
  return p.kind === "scheduled" ? p.times : p.kind;
};

describe("frequency parsing (knowledge/administration-times.json)", () => {
  it.each([
    ["once daily", ["08:00"]],
    ["OD", ["08:00"]],
    ["once daily at night", ["22:00"]],
    ["nocte", ["22:00"]],
    ["bd", ["08:00", "20:00"]],
    ["BID", ["08:00", "20:00"]],
    ["b.d.", ["08:00", "20:00"]],
    ["twice daily", ["08:00", "20:00"]],
    ["tds", ["08:00", "14:00", "20:00"]],
    ["TID", ["08:00", "14:00", "20:00"]],
    ["three times daily", ["08:00", "14:00", "20:00"]],
    ["qid", ["08:00", "12:00", "16:00", "20:00"]],
    ["QDS", ["08:00", "12:00", "16:00", "20:00"]],
    ["q8h", ["06:00", "14:00", "22:00"]],
    ["every 8 hours", ["06:00", "14:00", "22:00"]],
    ["every 6 hours", ["00:00", "06:00", "12:00", "18:00"]],
    ["q6h", ["00:00", "06:00", "12:00", "18:00"]],
    ["q4h", ["02:00", "06:00", "10:00", "14:00", "18:00", "22:00"]],
    ["every 12 hours", ["08:00", "20:00"]],
  ])("%s → %j", (f, expected) => expect(times(f)).toEqual(expected));

  it("reads PRN forms and keeps their condition", () => {
    expect(parseFrequency(k, "PRN")).toEqual({ kind: "prn", condition: null, courseDays: null });
    expect(parseFrequency(k, "as needed")).toMatchObject({ kind: "prn" });
    expect(parseFrequency(k, "prn for pain")).toMatchObject({ kind: "prn", condition: "for pain" });
    expect(parseFrequency(k, "after each loose stool")).toMatchObject({ kind: "prn", condition: "after each loose stool" });
  });

  it("reads a course length and a food instruction after the frequency", () => {
    expect(parseFrequency(k, "twice daily for 3 days")).toMatchObject({ kind: "scheduled", times: ["08:00", "20:00"], courseDays: 3 });
    expect(parseFrequency(k, "tds for 2 weeks")).toMatchObject({ kind: "scheduled", courseDays: 14 });
    expect(parseFrequency(k, "bd with food")).toMatchObject({ kind: "scheduled", instruction: "with food" });
  });

  it("reports what it cannot read instead of guessing", () => {
    expect(parseFrequency(k, "sometimes")).toMatchObject({ kind: "unparseable", reason: expect.stringMatching(/not a frequency/) });
    expect(parseFrequency(k, "every 5 hours")).toMatchObject({ kind: "unparseable", reason: expect.stringMatching(/no standard administration times/) });
    expect(parseFrequency(k, "  ")).toMatchObject({ kind: "unparseable" });
    // Once a week is read (medication-schedule.weekly.test.ts); several days a week would need guessed weekdays.
    expect(parseFrequency(k, "twice weekly")).toMatchObject({ kind: "unparseable" });
  });
});

describe("the day's schedule", () => {
  it("lists doses by time in Africa/Kampala, PRN apart, unreadable frequencies and finished courses reported", () => {
    const s = buildMedicationSchedule(
      k,
      [
        { name: "Metformin", dose: "500 mg", frequency: "bd", startDate: "2026-01-01" },
        { name: "Amlodipine", dose: "5 mg", frequency: "once daily", startDate: "2026-01-01" },
        { name: "Paracetamol", dose: "1 g", frequency: "PRN", startDate: "2026-11-20" },
        { name: "Mystery", dose: "1 tab", frequency: "when the moon is full", startDate: "2026-11-20" },
        { name: "Artemether-lumefantrine", dose: "4 tabs", frequency: "twice daily for 3 days", startDate: "2026-11-10" },
        { name: "Amoxicillin", dose: "500 mg", frequency: "tds for 5 days", startDate: "2026-11-20" },
      ],
      "2026-11-23",
    );
    expect(s.timezone).toBe("Africa/Kampala");
    expect(s.doses.map((d) => `${d.time} ${d.medication}`)).toEqual([
      "08:00 Amlodipine", "08:00 Amoxicillin", "08:00 Metformin", "14:00 Amoxicillin", "20:00 Amoxicillin", "20:00 Metformin",
    ]);
    expect(s.doses[0].at).toBe("2026-11-23T08:00:00+03:00");
    expect(s.prn).toEqual([{ medication: "Paracetamol", dose: "1 g", frequency: "PRN", condition: null }]);
    expect(s.unparseable).toHaveLength(1);
    expect(s.completedCourses).toEqual([{ medication: "Artemether-lumefantrine", frequency: "twice daily for 3 days", lastDay: "2026-11-12" }]);
  });

  it("keeps a course on its last day and drops it the day after", () => {
    const med = { name: "Amoxicillin", dose: "500 mg", frequency: "tds for 5 days", startDate: "2026-11-20" };
    expect(buildMedicationSchedule(k, [med], "2026-11-24").doses).toHaveLength(3);
    expect(buildMedicationSchedule(k, [med], "2026-11-25").completedCourses).toHaveLength(1);
  });

  it("dates 'today' in Kampala (UTC+3): 22:30 UTC is already the next day", () => {
    expect(todayIn("Africa/Kampala", new Date("2026-11-23T22:30:00Z"))).toBe("2026-11-24");
    expect(todayIn("Africa/Kampala", new Date("2026-11-23T20:59:00Z"))).toBe("2026-11-23");
    expect([isCalendarDate("2026-02-28"), isCalendarDate("2026-02-30"), isCalendarDate("2026-13-01"), isCalendarDate("23/11/2026")]).toEqual([true, false, false, false]);
  });
});
