import { normaliseName } from "../knowledge/knowledge.js";
import type { LabTest } from "../knowledge/knowledge.types.js";
import { isPatientContext, joinDeviceNames, POINT_OF_CARE_WORDS } from "./display-context.js";

/**
 * Displays that name a point-of-care device instead of the test (session 22, critical-value engine 1.16.0), and
 * results reported at the patient's temperature. Both are read from lab-limits data with sources:
 * - `point_of_care_devices`: meters that measure one analyte only ("Accu-Chek Performa", "Glucometer", "HemoCue
 *   301"): a display naming only such a device (with its model words and patient context) names that analyte;
 *   a multi-analyte analyser (i-STAT, epoc, a meter that also reads ketones) never does.
 * - `temperature_corrected`: "pCO2(T)", "pH (T)", "pO2 temp corrected" are the same analyte as at 37 °C.
 */
interface DeviceList {
  devices: { name: string; models: string[] }[];
  source: string;
}
type WithDevices = LabTest & { point_of_care_devices?: DeviceList; temperature_corrected?: { same_analyte: boolean; source: string } };

const wordsOf = (text: string) => normaliseName(joinDeviceNames(text)).split(" ").filter(Boolean);

/** Generic point-of-care words that name no device of their own ("POC", "bedside", "point of care"). */
const GENERIC_POC_WORDS = new Set(["poc", "poct", "point", "of", "care", "bedside", "device", "meter", "analyser", "analyzer"]);

/**
 * The one test a display names only by a single-analyte device (lab-limits `point_of_care_devices`), or undefined:
 * every word is the device's name, one of its model words after it, a generic point-of-care word, and the words left
 * are patient context ("Glucometer - newborn", "glucometre (ward 6)"); another device's name (i-STAT, epoc) or any other word makes it name no test.
 */
export function testNamedByDevice(tests: Iterable<LabTest>, display: string | null | undefined): { test: LabTest; device: string; source: string } | undefined {
  if (!display?.trim()) return undefined;
  const words = wordsOf(display.replace(/[()[\]]/g, " "));
  const found = [...tests].flatMap((t) => {
    const list = (t as WithDevices).point_of_care_devices;
    if (!list) return [];
    let device: { name: string; models: Set<string> } | undefined;
    let named: string | undefined;
    const rest: string[] = [];
    for (const w of words) {
      const own = list.devices.find((d) => wordsOf(d.name).join("") === w);
      if (own) {
        device = { name: own.name, models: new Set(own.models.flatMap(wordsOf)) };
        named ??= own.name;
        continue;
      }
      if (device?.models.has(w) || GENERIC_POC_WORDS.has(w)) continue;
      if (POINT_OF_CARE_WORDS.includes(w)) return [];
      rest.push(w);
    }
    // what is left is patient or request context as a whole ("ward 6", "newborn")
    if (rest.length && !isPatientContext(rest.join(" "))) return [];
    return named ? [{ test: t, device: named, source: list.source }] : [];
  });
  return found.length === 1 ? found[0] : undefined;
}

/** The note an answer gives when the display named only a device. */
export const deviceNote = (display: string, named: { test: LabTest; device: string; source: string }) =>
  `"${display.trim()}" names only the point-of-care device ${named.device}, which measures ${named.test.name.toLowerCase()} alone: read as ${named.test.name} (LOINC ${named.test.loinc}) (${named.source})`;

/** A temperature-correction mark printed with a blood gas result: "(T)", "temp corrected", "temperature-corrected", "at patient temperature". */
const TEMPERATURE_MARK = /\s*\(\s*T\s*\)|\s*[-,]?\s*\b(?:temp(?:erature)?\.?[\s-]*corr(?:ected|\.)?|at\s+pat(?:ient)?(?:'s)?\.?\s+temp(?:erature)?\.?)(?![a-z])/gi;

/** The display without its temperature-correction mark, or undefined when it has none. */
export function withoutTemperatureMark(display: string | null | undefined): string | undefined {
  if (!display || !new RegExp(TEMPERATURE_MARK.source, "i").test(display)) return undefined;
  const out = display.replace(TEMPERATURE_MARK, " ").replace(/\s+/g, " ").trim();
  return out || undefined;
}

/** Whether a test's temperature-corrected result is held as the same analyte (lab-limits `temperature_corrected`). */
export const correctedIsSameAnalyte = (test: LabTest) => (test as WithDevices).temperature_corrected?.same_analyte === true;

/** The note an answer gives when a temperature-corrected result was assessed. */
export const temperatureNote = (display: string, test: LabTest) =>
  `"${display.trim()}" is reported at the patient's temperature: assessed as ${test.name} (LOINC ${test.loinc}) with its limits (${(test as WithDevices).temperature_corrected!.source})`;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The display with a single-analyte device's model words dropped after its name ("RBS (On Call Plus glucometer)" →
 * "RBS (OnCall glucometer)", "Glucometer (Accu-Chek Active)" → "Glucometer (AccuChek)"), so the device name is read
 * as point-of-care context as before (display-context.ts); "Active" elsewhere ("Active B12") is left alone.
 */
export function withoutDeviceModels(tests: Iterable<LabTest>, display: string): string {
  let out = joinDeviceNames(display);
  for (const t of tests) {
    for (const d of (t as WithDevices).point_of_care_devices?.devices ?? []) {
      if (!d.models.length) continue;
      const name = escapeRegExp(joinDeviceNames(d.name)).replace(/\\? /g, "[\\s-]*");
      const models = d.models.map((m) => escapeRegExp(m)).join("|");
      out = out.replace(new RegExp(`\\b(${name})((?:[\\s-]+(?:${models})\\+?)+)(?![a-z0-9])`, "gi"), "$1");
    }
  }
  return out;
}
