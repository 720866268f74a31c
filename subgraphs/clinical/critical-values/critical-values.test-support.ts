import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { identifyLabResult } from "./critical-values.engine.js";

const k = knowledgeFromFiles();

/** The class tests' identification: the test a result names (or none) and the field errors the service would answer. */
export function identify(code: string, display: string | null, value: number | string, unit: string | null, comparator?: string | null) {
  const errors: Record<string, string> = {};
  const r = identifyLabResult(k.labTests, { code, display, value, unit, comparator }, (f, m) => (errors[f] = m), "has no critical limits in the knowledge base");
  // value, comparator and unit as identifyLabResult read them (a printed value: "6.9 H", "2,8", "> 33.3"; session 21)
  return { test: r.test, errors, value: r.value, comparator: r.comparator, unit: r.unit, notes: r.notes };
}
