import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../../lib/db.js";
import { createTestDatabase, type TestDatabase } from "../../../test/support/stack.js";
import { capas, pharmacies, qualityAudits, qualityIncidents } from "../db/tables.js";
import { pharmacySubgraph } from "../index.js";
import { qualityAlerts } from "./alerts.js";

/** Overdue CAPAs and audits as safety alerts, read straight from a migrated database. */

let testDb: TestDatabase;
let database: Database;
const A = "7b0c1d1e-0000-4000-8000-0000000000a1";
const B = "7b0c1d1e-0000-4000-8000-0000000000b2";
const TODAY = "2026-03-10";
const ids: Record<string, string> = {};

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openDatabase({ url: testDb.url, dataDir: "memory://" });
  await database.migrate("pharmacy", pharmacySubgraph.migrationsFolder);
  const db = database.db;
  await db.insert(pharmacies).values([
    { id: A, code: "QA-A", name: "Alert pharmacy A", district: "Kampala" },
    { id: B, code: "QA-B", name: "Alert pharmacy B", district: "Gulu" },
  ]);
  const [incident] = await db
    .insert(qualityIncidents)
    .values({ incidentNumber: "QI-QA-A-1", pharmacyId: A, reportedBy: "x", summary: "Wrong strength dispensed", severity: "high", category: "dispensing_error", medicationCode: "723", lotNumber: "AMX-1", createdBy: "t" })
    .returning();
  const capa = (n: string, o: Partial<typeof capas.$inferInsert>) => ({ capaNumber: n, pharmacyId: A, capaType: "corrective", description: `CAPA ${n}`, owner: "Nakato", dueDate: "2026-03-01", createdBy: "t", ...o });
  const rows = await db
    .insert(capas)
    .values([
      capa("late-open", { incidentId: incident.id, dueDate: "2026-03-09" }),
      capa("very-late", { status: "in_progress", dueDate: "2026-01-15" }),
      capa("due-today", { dueDate: TODAY }),
      capa("closed-late", { status: "closed", dueDate: "2026-01-01" }),
      capa("implemented-check-late", { status: "implemented", dueDate: "2026-01-01", effectivenessCheckDate: "2026-03-05" }),
      capa("implemented-check-ahead", { status: "implemented", dueDate: "2026-01-01", effectivenessCheckDate: "2026-04-05" }),
      capa("other-pharmacy", { pharmacyId: B, dueDate: "2026-03-08" }),
    ])
    .returning();
  for (const r of rows) ids[r.capaNumber] = r.id;
  const audit = (n: string, o: Partial<typeof qualityAudits.$inferInsert>) => ({ auditNumber: n, pharmacyId: A, auditType: "internal", scope: "storage", scheduledDate: "2026-03-01", auditor: "Auditor", checklistSource: "custom", createdBy: "t", ...o });
  const audits = await db
    .insert(qualityAudits)
    .values([
      audit("audit-late", {}),
      audit("audit-started-late", { status: "in_progress", scheduledDate: "2026-02-01" }),
      audit("audit-completed", { status: "completed", scheduledDate: "2026-02-01" }),
      audit("audit-cancelled", { status: "cancelled", scheduledDate: "2026-02-01" }),
      audit("audit-ahead", { scheduledDate: "2026-03-20" }),
    ])
    .returning();
  for (const r of audits) ids[r.auditNumber] = r.id;
});

afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

describe("qualityAlerts", () => {
  it("lists overdue CAPAs, late effectiveness checks and overdue audits of one pharmacy, most severe first", async () => {
    const alerts = await qualityAlerts(database.db, A, TODAY);
    expect(alerts.map((a) => [a.type, a.severity, a.referenceId])).toEqual([
      ["capa_overdue", "critical", ids["very-late"]],
      ["quality_audit_overdue", "critical", ids["audit-started-late"]],
      ["quality_audit_overdue", "warning", ids["audit-late"]],
      ["capa_overdue", "warning", ids["late-open"]],
      ["capa_effectiveness_check_overdue", "info", ids["implemented-check-late"]],
    ]);
    const late = alerts.find((a) => a.referenceId === ids["late-open"])!;
    expect(late).toMatchObject({ referenceType: "capa", pharmacyId: A, medicationCode: "723", lotNumber: "AMX-1", dueDate: "2026-03-09" });
    expect(late.title).toContain("late-open");
    expect(late.message).toContain("1 day(s) ago");
    // Overdue from the first moment of the day after the due date, in Kampala (UTC+3).
    expect(late.raisedAt.toISOString()).toBe("2026-03-09T21:00:00.000Z");
    const audit = alerts.find((a) => a.referenceId === ids["audit-late"])!;
    expect(audit).toMatchObject({ referenceType: "quality_audit", medicationCode: null, lotNumber: null, dueDate: "2026-03-01" });
  });

  it("leaves out what is due today, closed, completed, cancelled or still ahead", async () => {
    const refs = (await qualityAlerts(database.db, A, TODAY)).map((a) => a.referenceId);
    for (const n of ["due-today", "closed-late", "implemented-check-ahead", "audit-completed", "audit-cancelled", "audit-ahead", "other-pharmacy"]) expect(refs).not.toContain(ids[n]);
  });

  it("covers every pharmacy when none is named, and moves with the day", async () => {
    const all = await qualityAlerts(database.db, null, TODAY);
    expect(all.map((a) => a.referenceId)).toContain(ids["other-pharmacy"]);
    expect(all).toHaveLength(6);
    const tomorrow = (await qualityAlerts(database.db, A, "2026-03-11")).map((a) => a.referenceId);
    expect(tomorrow).toContain(ids["due-today"]);
    expect(await qualityAlerts(database.db, B, "2026-03-08")).toEqual([]);
  });
});
