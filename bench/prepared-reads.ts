/**
 * CPU per read, built by drizzle on every call against built once (lib/prepared.ts), interleaved rounds:
 *   npx tsx bench/prepared-reads.ts [calls per round]                  # embedded PGlite, in memory
 *   DATABASE_URL=postgres://… npx tsx bench/prepared-reads.ts          # a PostgreSQL database (migrated and seeded here)
 * Two reads of the patient view: a patient by UHID, and the patient's diagnoses in a 90-day window.
 * Prints process.cpuUsage() per call (this process: drizzle, the driver, and PGlite when embedded).
 */
import "reflect-metadata";
import { and, desc, eq, gte, or, sql } from "drizzle-orm";
import { openDatabase } from "../lib/db.js";
import { createLogger } from "../lib/logger.js";
import { preparedRead } from "../lib/prepared.js";
import { diagnoses, patients } from "../subgraphs/clinical/db/tables.js";
import { SUBGRAPHS } from "../subgraphs/index.js";

const calls = Number(process.argv[2] ?? 2000);
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: "memory://" });
const { db } = database;
await database.migrate("clinical", SUBGRAPHS.clinical.migrationsFolder);
if (!(await db.select().from(patients).limit(1)).length) await SUBGRAPHS.clinical.seedDemo!(db, createLogger("silent"));
const [{ uhid }] = await db.select({ uhid: diagnoses.patientUhid }).from(diagnoses).limit(1);
const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);

const patientPrepared = preparedRead((d) => d.select().from(patients).where(eq(patients.uhid, sql.placeholder("uhid"))).prepare("bench_patient"));
const diagnosesWhere = (u: unknown, s: unknown) => and(eq(diagnoses.patientUhid, u as string), or(gte(diagnoses.date, s as string), eq(diagnoses.status, "chronic")));
const diagnosesPrepared = preparedRead((d) =>
  d.select().from(diagnoses).where(diagnosesWhere(sql.placeholder("uhid"), sql.placeholder("since"))).orderBy(desc(diagnoses.date)).prepare("bench_diagnoses"),
);
const reads: Record<string, Record<"built every call" | "built once", () => Promise<unknown>>> = {
  "patient by UHID": {
    "built every call": () => db.select().from(patients).where(eq(patients.uhid, uhid)),
    "built once": () => patientPrepared(db, { uhid }),
  },
  "diagnoses in 90 days": {
    "built every call": () => db.select().from(diagnoses).where(diagnosesWhere(uhid, since)).orderBy(desc(diagnoses.date)),
    "built once": () => diagnosesPrepared(db, { uhid, since }),
  },
};

const results = new Map<string, number[]>();
for (let round = 0; round < 5; round++) {
  for (const [read, ways] of Object.entries(reads)) {
    for (const [way, run] of Object.entries(ways)) {
      const start = process.cpuUsage();
      for (let i = 0; i < calls; i++) await run();
      const used = process.cpuUsage(start);
      // Round 0 warms up (JIT, statement caches) and is not counted.
      if (round) results.set(`${read}: ${way}`, [...(results.get(`${read}: ${way}`) ?? []), (used.user + used.system) / calls]);
    }
  }
}
console.log(`${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${calls} calls per round, 4 rounds after a warm-up round; CPU µs per call (median of rounds, min–max):`);
for (const [name, values] of results) {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(`  ${name.padEnd(40)} ${((sorted[1] + sorted[2]) / 2).toFixed(0).padStart(5)}  (${sorted[0].toFixed(0)}–${sorted[3].toFixed(0)})`);
}
await database.close();
