/**
 * CPU per drug interaction check in the engine alone (no GraphQL, no database):
 *   npx tsx bench/drug-check-cpu.ts [iterations]
 * Runs a few representative requests and prints process.cpuUsage() per check.
 */
import { knowledgeFromFiles } from "../subgraphs/clinical/knowledge/knowledge.js";
import { checkDrugSafety, type DrugSafetyRequest } from "../subgraphs/clinical/drug-safety/drug-safety.engine.js";

const k = knowledgeFromFiles();
const requests: DrugSafetyRequest[] = [
  { newMedication: { code: "5640", name: "Ibuprofen" }, currentMedications: [{ code: "11289", name: "Warfarin" }, { name: "Lisinopril 10 mg" }, { name: "Metformin" }], conditions: ["N18.3", "I50.9"], allergies: ["Penicillin (anaphylaxis)", "sulfa allergy", "peanuts"] },
  { newMedication: { code: "723", name: "Amoxicillin" }, currentMedications: [{ name: "Co-amoxiclav" }, { name: "Simvastatin" }], conditions: [], allergies: ["Cephalosporins"] },
  { newMedication: { name: "Clarithromycin" }, currentMedications: [{ name: "Simvastatin" }, { name: "Amiodarone" }, { name: "Warfarin" }, { name: "Unknownium" }], conditions: ["E11.9"], allergies: ["amoxicillin and sulfa"] },
];
const n = Number(process.argv[2] ?? 1000);
for (let i = 0; i < 200; i++) for (const r of requests) checkDrugSafety(k, r); // warm-up
const start = process.cpuUsage();
for (let i = 0; i < n; i++) for (const r of requests) checkDrugSafety(k, r);
const used = process.cpuUsage(start);
const perCheckMs = (used.user + used.system) / 1000 / (n * requests.length);
console.log(`${n * requests.length} checks: ${perCheckMs.toFixed(4)} ms CPU per check`);
