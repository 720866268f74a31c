import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capas, qualityAudits } from "../../subgraphs/pharmacy/db/tables.js";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";

/** Spec workflow 4, quality half, through REST: report incident → investigate → CAPA → close; schedule audit → findings → CAPA. */

let stack: Stack;
let pharmacist: string;
let guluPharmacist: string;
let cashier: string;
let auditor: string;
const incidents = "/api/v1/quality/incidents/";
const capaPath = "/api/v1/quality/capas/";
const audits = "/api/v1/quality/audits/";
const SHA = "9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08";
const DOC = "0f8e6a52-1d4b-4c55-9a7e-3b1f1d2c3e4f";

function kampalaDay(days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const photo = (o: Record<string, unknown> = {}) => ({ file_name: "label.jpg", content_type: "image/jpeg", size_bytes: 183_422, sha256: SHA, document_id: DOC, ...o });
const incidentBody = (o: Record<string, unknown> = {}) => ({ reported_by: "Till 1, Aisha", summary: "Amoxicillin 250 mg handed out for 500 mg", details: "Caught at counselling.", severity: "moderate", ...o });

async function report(o: Record<string, unknown> = {}, token = pharmacist) {
  const res = await stack.rest("POST", incidents, { token, body: incidentBody(o) });
  expect(res.status).toBe(201);
  return res.body;
}

async function openCapa(incidentId: string, o: Record<string, unknown> = {}) {
  const res = await stack.rest("POST", capaPath, { token: pharmacist, body: { incident_id: incidentId, capa_type: "corrective", description: "Separate look-alike strengths", owner: "Nakato", due_date: kampalaDay(14), actions: [{ description: "Move 250 mg to another shelf" }], ...o } });
  expect(res.status).toBe(201);
  return res.body;
}

const post = (path: string, body?: unknown, token = pharmacist) => stack.rest("POST", path, { token, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "kla-pharmacist" });
  guluPharmacist = await stack.token("pharmacist", { pharmacy: GULU, sub: "gulu-pharmacist" });
  cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "kla-cashier" });
  auditor = await stack.token("auditor", { sub: "qa-auditor" });
});
afterAll(() => stack?.stop());

describe("workflow 4: incident → investigation → CAPA → effectiveness → close", () => {
  it("runs an incident and its CAPA through every state, with 409 on every move out of order", async () => {
    // The cashier at the till reports; attachments are references, normalized.
    const incident = await report(
      { category: "dispensing_error", ncc_merp_category: "B", medication_code: "723", lot_number: "AMX-2611", attachments: [photo(), photo({ file_name: "note.pdf", content_type: "application/pdf", sha256: "a".repeat(64), document_id: undefined, url: "https://files.example.org/note.pdf" })] },
      cashier,
    );
    expect(incident).toMatchObject({ status: "open", pharmacy: KAMPALA, severity: "moderate", category: "dispensing_error", ncc_merp_category: "B", medication_code: "723", created_by: "kla-cashier", capas: [], reopen_count: 0 });
    expect(incident.incident_number).toMatch(/^QI-KLA-01-\d{8}-\d{4}$/);
    expect(incident.attachments).toEqual([
      { file_name: "label.jpg", content_type: "image/jpeg", size_bytes: 183422, sha256: SHA.toLowerCase(), url: null, document_id: DOC },
      { file_name: "note.pdf", content_type: "application/pdf", size_bytes: 183422, sha256: "a".repeat(64), url: "https://files.example.org/note.pdf", document_id: null },
    ]);
    const path = `${incidents}${incident.id}/`;
    // Reporting is open to the till; reading and investigating are not.
    expect((await stack.rest("GET", path, { token: cashier })).status).toBe(403);
    expect((await post(`${path}investigate/`, undefined, cashier)).status).toBe(403);

    expect((await post(`${path}close/`, { root_cause: "x", outcome: "y" })).status).toBe(409);
    const investigating = await post(`${path}investigate/`);
    expect(investigating.body).toMatchObject({ status: "investigating", investigator: "kla-pharmacist" });
    expect((await post(`${path}investigate/`)).body.status).toBe("investigating");

    const capa = await openCapa(incident.id, { actions: [{ description: "Move 250 mg to another shelf" }, { description: "Shelf-talker on both strengths" }] });
    expect(capa).toMatchObject({ status: "open", incident: incident.id, audit: null, pharmacy: KAMPALA, capa_type: "corrective", owner: "Nakato", due_date: kampalaDay(14), overdue: false });
    expect(capa.capa_number).toMatch(/^CAPA-KLA-01-\d{8}-\d{4}$/);
    expect(capa.actions.map((a: { position: number; done: boolean }) => [a.position, a.done])).toEqual([[1, false], [2, false]]);
    expect((await stack.rest("GET", path, { token: pharmacist })).body.capas).toEqual([capa.id]);

    const c = `${capaPath}${capa.id}/`;
    const [first, second] = capa.actions.map((a: { id: string }) => a.id);
    expect((await post(`${c}actions/${first}/complete/`, {})).status).toBe(409);
    expect((await post(`${c}implement/`, { effectiveness_check_date: kampalaDay(30) })).status).toBe(409);
    expect((await post(`${c}effectiveness-check/`, { result: "effective" })).status).toBe(409);
    expect((await post(`${c}start/`)).body).toMatchObject({ status: "in_progress" });
    const done = await post(`${c}actions/${first}/complete/`, { notes: "moved to bay 4" });
    expect(done.body.actions[0]).toMatchObject({ done: true, done_by: "kla-pharmacist", notes: "moved to bay 4" });
    const notAll = await post(`${c}implement/`, { effectiveness_check_date: kampalaDay(30) });
    expect(notAll.status).toBe(409);
    expect(notAll.body.error.message).toMatch(/1 of 2 actions are not done/);
    await post(`${c}actions/${second}/complete/`, {});
    // No effectiveness check planned: 400, still in progress.
    const unplanned = await post(`${c}implement/`, {});
    expect(unplanned.status).toBe(400);
    expect(unplanned.body.error.fields).toHaveProperty("effectiveness_check_date");
    // The check date, given only now, may not come before the due date (day 14), as at creation.
    for (const early of [kampalaDay(1), kampalaDay(13)]) {
      const tooEarly = await post(`${c}implement/`, { effectiveness_check_date: early });
      expect(tooEarly.status).toBe(400);
      expect(tooEarly.body.error.fields.effectiveness_check_date[0]).toMatch(/on or after the due date/);
    }
    const implemented = await post(`${c}implement/`, { effectiveness_check_date: kampalaDay(30) });
    expect(implemented.body).toMatchObject({ status: "implemented", effectiveness_check_date: kampalaDay(30) });

    // Ineffective: notes required; back to in progress with a new due date and a new action.
    expect((await post(`${c}effectiveness-check/`, { result: "ineffective" })).status).toBe(400);
    const ineffective = await post(`${c}effectiveness-check/`, { result: "ineffective", notes: "Same mix-up a week later", due_date: kampalaDay(21) });
    expect(ineffective.body).toMatchObject({ status: "in_progress", effectiveness_result: "ineffective", ineffective_checks: 1, due_date: kampalaDay(21), effectiveness_verified_by: "kla-pharmacist", effectiveness_check_date: null });
    const added = await post(`${c}actions/`, { description: "Barcode check at hand-out" });
    expect(added.status).toBe(201);
    const third = added.body.actions[2];
    expect(third).toMatchObject({ position: 3, done: false });
    await post(`${c}actions/${third.id}/complete/`, {});
    await post(`${c}implement/`, { effectiveness_check_date: kampalaDay(60) });
    const closedCapa = await post(`${c}effectiveness-check/`, { result: "effective", notes: "No recurrence in 60 days" });
    expect(closedCapa.body).toMatchObject({ status: "closed", effectiveness_result: "effective", ineffective_checks: 1 });
    expect(closedCapa.body.closed_at).toBeTruthy();
    expect((await post(`${c}effectiveness-check/`, { result: "effective" })).status).toBe(409);
    expect((await post(`${c}actions/`, { description: "late" })).status).toBe(409);
    expect((await post(`${c}start/`)).status).toBe(409);

    // Closing needs a root cause and an outcome.
    const noCause = await post(`${path}close/`, { root_cause: " ", outcome: "" });
    expect(noCause.status).toBe(400);
    expect(Object.keys(noCause.body.error.fields).sort()).toEqual(["outcome", "root_cause"]);
    expect((await post(`${path}close/`, { outcome: "x" })).status).toBe(400);
    const closed = await post(`${path}close/`, { root_cause: "Look-alike packs side by side", outcome: "Shelves separated; barcode check at hand-out" });
    expect(closed.body).toMatchObject({ status: "closed", root_cause: "Look-alike packs side by side", closed_by: "kla-pharmacist" });
    expect((await post(`${path}investigate/`)).status).toBe(409);
    expect((await stack.rest("POST", capaPath, { token: pharmacist, body: { incident_id: incident.id, capa_type: "preventive", description: "x", owner: "y", due_date: kampalaDay(3) } })).status).toBe(409);
    expect((await post(`${path}reopen/`, {})).status).toBe(400);
    const reopened = await post(`${path}reopen/`, { reason: "Second occurrence reported by a patient" });
    expect(reopened.body).toMatchObject({ status: "investigating", reopen_count: 1, closed_at: null, reopen_reason: "Second occurrence reported by a patient" });
    expect((await post(`${path}reopen/`, { reason: "again" })).status).toBe(409);
  });

  it("lists incidents by status, severity, category, medication, date and text", async () => {
    const critical = await report({ summary: "Vaccine fridge at 14 °C overnight", severity: "critical", category: "cold_chain" });
    await report({ summary: "Cracked bottle on delivery", severity: "low", category: "product_quality" });
    const list = (q: string, token = pharmacist) => stack.rest("GET", `${incidents}?${q}`, { token });
    const ids = async (q: string) => (await list(q)).body.results.map((i: { id: string }) => i.id);
    expect(await ids("severity=critical")).toEqual([critical.id]);
    expect(await ids("category=cold_chain&status=open")).toEqual([critical.id]);
    expect(await ids("search=fridge")).toEqual([critical.id]);
    expect(await ids(`search=${critical.incident_number}`)).toEqual([critical.id]);
    expect((await ids("medication_code=723")).length).toBeGreaterThanOrEqual(1);
    expect(await ids(`date_from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`)).toEqual([]);
    const page = await list("page_size=1&page=2");
    expect(page.body).toMatchObject({ count: 1, page: 2, page_size: 1, previous: 1 });
    expect((await list("severity=serious")).status).toBe(400);
    expect((await list("status=open", auditor)).body.results.map((i: { id: string }) => i.id)).toContain(critical.id);
  });
});

describe("audits: schedule, perform, a finding raises a CAPA", () => {
  it("performs an audit on the default checklist, raises a CAPA from a non-compliance and scores it", async () => {
    // Auditors work across pharmacies, so they name one.
    const unnamed = await stack.rest("POST", audits, { token: auditor, body: { audit_type: "internal", scope: "Storage and cold chain", scheduled_date: kampalaDay(0), auditor: "QA team" } });
    expect(unnamed.status).toBe(400);
    const created = await stack.rest("POST", audits, { token: auditor, body: { pharmacy_id: KAMPALA, audit_type: "internal", scope: "Storage and cold chain", scheduled_date: kampalaDay(0), auditor: "QA team" } });
    expect(created.status).toBe(201);
    const audit = created.body;
    expect(audit).toMatchObject({ status: "scheduled", pharmacy: KAMPALA, checklist_source: "platform-gpp-2026.1", overdue: false, result: null, score_percent: null });
    expect(audit.audit_number).toMatch(/^QA-KLA-01-\d{8}-\d{4}$/);
    expect(audit.items).toHaveLength(14);
    const a = `${audits}${audit.id}/`;
    const item = (code: string) => audit.items.find((i: { code: string }) => i.code === code).id;
    const all = audit.items.map((i: { id: string; code: string }) => ({ item: i.id, finding: "compliant" }));

    expect((await post(`${a}findings/`, { findings: all }, auditor)).status).toBe(409);
    expect((await post(`${a}complete/`, {}, auditor)).status).toBe(409);
    expect((await post(`${a}start/`, undefined, auditor)).body.status).toBe("in_progress");

    // A non-compliance needs notes; an item of another checklist is refused; nothing is recorded.
    const bad = await post(`${a}findings/`, { findings: [{ item: item("STOR-01"), finding: "non_compliant" }, { item: "0f8e6a52-1d4b-4c55-9a7e-000000000000", finding: "compliant" }] }, auditor);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("findings.0.notes");
    const partial = await post(`${a}findings/`, { findings: [{ item: item("STOR-01"), finding: "non_compliant", notes: "No temperature record for 5 days" }] }, auditor);
    expect(partial.body.items.find((i: { code: string }) => i.code === "STOR-01")).toMatchObject({ finding: "non_compliant", recorded_by: "qa-auditor" });
    const unfinished = await post(`${a}complete/`, {}, auditor);
    expect(unfinished.status).toBe(409);
    expect(unfinished.body.error.message).toMatch(/13 checklist items have no finding/);

    const rest = all.filter((f: { item: string }) => f.item !== item("STOR-01") && f.item !== item("STAF-01"));
    await post(`${a}findings/`, { findings: [...rest, { item: item("STAF-01"), finding: "observation", notes: "Training log kept on paper" }] }, auditor);

    // The pharmacy raises a CAPA from the non-compliance (not from a compliant item).
    const fromCompliant = await stack.rest("POST", capaPath, { token: pharmacist, body: { audit_finding_id: item("PREM-01"), capa_type: "corrective", description: "x", owner: "y", due_date: kampalaDay(7) } });
    expect(fromCompliant.status).toBe(409);
    const capa = await stack.rest("POST", capaPath, { token: pharmacist, body: { audit_finding_id: item("STOR-01"), capa_type: "preventive", description: "Data logger with alarm on the vaccine fridge", owner: "Okello", due_date: kampalaDay(7), actions: [{ description: "Install logger" }] } });
    expect(capa.status).toBe(201);
    expect(capa.body).toMatchObject({ audit: audit.id, audit_finding: item("STOR-01"), incident: null, pharmacy: KAMPALA });
    // Its non-compliance now stands.
    expect((await post(`${a}findings/`, { findings: [{ item: item("STOR-01"), finding: "compliant" }] }, auditor)).status).toBe(409);

    const completed = await post(`${a}complete/`, { summary: "Storage records need attention" }, auditor);
    expect(completed.body).toMatchObject({ status: "completed", result: "fail", score_percent: 92, summary: "Storage records need attention" });
    expect(completed.body.items.find((i: { code: string }) => i.code === "STOR-01").capas).toEqual([capa.body.id]);
    expect((await post(`${a}complete/`, {}, auditor)).body.status).toBe("completed");
    expect((await post(`${a}cancel/`, { reason: "x" }, auditor)).status).toBe(409);
    expect((await post(`${a}findings/`, { findings: all }, auditor)).status).toBe(409);

    const byAudit = await stack.rest("GET", `${capaPath}?audit=${audit.id}`, { token: pharmacist });
    expect(byAudit.body.results.map((r: { id: string }) => r.id)).toEqual([capa.body.id]);
    const failed = await stack.rest("GET", `${audits}?result=fail&pharmacy=${KAMPALA}`, { token: auditor });
    expect(failed.body.results.map((r: { id: string }) => r.id)).toEqual([audit.id]);
  });

  it("takes a custom checklist, cancels with a reason, and refuses a past date", async () => {
    const custom = await stack.rest("POST", audits, { token: pharmacist, body: { audit_type: "self_inspection", scope: "Controlled drugs", scheduled_date: kampalaDay(5), auditor: "Nakato", checklist: [{ code: "CD-1", question: "Register balance matches count" }, { question: "Keys held by the pharmacist" }] } });
    expect(custom.status).toBe(201);
    expect(custom.body).toMatchObject({ checklist_source: "custom", pharmacy: KAMPALA });
    expect(custom.body.items.map((i: { code: string }) => i.code)).toEqual(["CD-1", "2"]);
    expect((await post(`${audits}${custom.body.id}/cancel/`, {})).status).toBe(400);
    expect((await post(`${audits}${custom.body.id}/cancel/`, { reason: "Pharmacist on leave" })).body).toMatchObject({ status: "cancelled", cancel_reason: "Pharmacist on leave" });
    expect((await post(`${audits}${custom.body.id}/start/`)).status).toBe(409);
    const past = await stack.rest("POST", audits, { token: pharmacist, body: { audit_type: "internal", scope: "x", scheduled_date: kampalaDay(-1), auditor: "y", checklist: [{ code: "A", question: "q" }, { code: "A", question: "r" }] } });
    expect(past.status).toBe(400);
    expect(Object.keys(past.body.error.fields).sort()).toEqual(["checklist.1.code", "scheduled_date"]);
  });
});

describe("validation: 400 naming every field, nothing written", () => {
  it("refuses bad attachments, references and categories at once", async () => {
    const before = (await stack.rest("GET", `${incidents}?page_size=1`, { token: pharmacist })).body;
    const res = await stack.rest("POST", incidents, {
      token: pharmacist,
      body: incidentBody({
        category: "product_quality",
        ncc_merp_category: "C",
        medication_code: "999999999",
        dispense_id: DOC,
        transaction_id: "not-a-uuid",
        occurred_at: new Date(Date.now() + 86_400_000).toISOString(),
        attachments: [
          photo({ sha256: "abc" }),
          photo({ content_type: "application/x-msdownload", file_name: "../evil.exe" }),
          photo({ size_bytes: 0, url: "https://x.example.org/a.jpg", sha256: "c".repeat(64) }),
          photo({ document_id: undefined, url: "http://insecure.example.org/a.jpg", sha256: "b".repeat(64) }),
          photo({ sha256: SHA.toLowerCase() }),
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(
      [
        "attachments.0.sha256",
        "attachments.1.content_type",
        "attachments.1.file_name",
        "attachments.2.document_id",
        "attachments.2.size_bytes",
        "attachments.3.url",
        "attachments.4.sha256",
        "dispense_id",
        "medication_code",
        "ncc_merp_category",
        "occurred_at",
        "transaction_id",
      ].sort(),
    );
    const missing = await stack.rest("POST", incidents, { token: pharmacist, body: { reported_by: "x", summary: "y", attachments: [{ file_name: "a.pdf" }] } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty("severity");
    const unknownField = await stack.rest("POST", incidents, { token: pharmacist, body: incidentBody({ severty: "low" }) });
    expect(unknownField.status).toBe(400);
    const nearMiss = await stack.rest("POST", incidents, { token: pharmacist, body: incidentBody({ category: "near_miss", ncc_merp_category: "D" }) });
    expect(nearMiss.status).toBe(400);
    const after = (await stack.rest("GET", `${incidents}?page_size=1`, { token: pharmacist })).body;
    expect(after.results[0]?.id).toBe(before.results[0]?.id);

    const incident = await report();
    const capa = await stack.rest("POST", capaPath, { token: pharmacist, body: { incident_id: incident.id, audit_finding_id: DOC, capa_type: "corrective", description: " ", owner: " ", due_date: kampalaDay(-1), effectiveness_check_date: kampalaDay(-2), actions: [{ description: " " }] } });
    expect(capa.status).toBe(400);
    expect(Object.keys(capa.body.error.fields).sort()).toEqual(["actions.0.description", "audit_finding_id", "description", "due_date", "effectiveness_check_date", "owner"]);
    expect((await stack.rest("GET", `${capaPath}?incident=${incident.id}`, { token: pharmacist })).body.count).toBe(0);
    expect((await stack.rest("POST", capaPath, { token: pharmacist, body: { incident_id: DOC, capa_type: "corrective", description: "x", owner: "y", due_date: kampalaDay(1) } })).status).toBe(404);
  });
});

describe("roles and pharmacies", () => {
  it("keeps staff to their pharmacy and each role to its part", async () => {
    const incident = await report();
    const capa = await openCapa(incident.id);
    const guluRead = await stack.rest("GET", `${incidents}${incident.id}/`, { token: guluPharmacist });
    expect(guluRead.status).toBe(404);
    expect((await stack.rest("GET", `${capaPath}${capa.id}/`, { token: guluPharmacist })).status).toBe(404);
    expect((await post(`${incidents}${incident.id}/investigate/`, undefined, guluPharmacist)).status).toBe(404);
    expect((await post(`${capaPath}${capa.id}/start/`, undefined, guluPharmacist)).status).toBe(404);
    expect((await stack.rest("POST", capaPath, { token: guluPharmacist, body: { incident_id: incident.id, capa_type: "corrective", description: "x", owner: "y", due_date: kampalaDay(1) } })).status).toBe(404);
    expect((await stack.rest("POST", incidents, { token: guluPharmacist, body: incidentBody({ pharmacy_id: KAMPALA }) })).status).toBe(403);
    expect((await stack.rest("GET", `${incidents}?pharmacy=${KAMPALA}`, { token: guluPharmacist })).status).toBe(403);
    expect((await stack.rest("GET", `${audits}?pharmacy=${KAMPALA}`, { token: guluPharmacist })).status).toBe(403);
    const guluList = await stack.rest("GET", incidents, { token: guluPharmacist });
    expect(guluList.body.results.map((i: { id: string }) => i.id)).not.toContain(incident.id);

    // Cashiers report only; auditors read everywhere and audit, but neither reports nor runs CAPAs.
    expect((await stack.rest("GET", capaPath, { token: cashier })).status).toBe(403);
    expect((await stack.rest("POST", capaPath, { token: cashier, body: { incident_id: incident.id, capa_type: "corrective", description: "x", owner: "y", due_date: kampalaDay(1) } })).status).toBe(403);
    expect((await stack.rest("POST", audits, { token: cashier, body: { audit_type: "internal", scope: "x", scheduled_date: kampalaDay(1), auditor: "y" } })).status).toBe(403);
    expect((await stack.rest("POST", incidents, { token: auditor, body: incidentBody({ pharmacy_id: KAMPALA }) })).status).toBe(403);
    expect((await post(`${capaPath}${capa.id}/start/`, undefined, auditor)).status).toBe(403);
    expect((await stack.rest("GET", `${capaPath}${capa.id}/`, { token: auditor })).status).toBe(200);
    expect((await stack.rest("GET", `${incidents}?pharmacy=${GULU}`, { token: auditor })).status).toBe(200);
    // An auditor bound to a pharmacy is that pharmacy's auditor: another pharmacy's list and a new audit
    // there are 403 (the list answered and the audit was created, then could not be opened), its records 404.
    const guluAuditor = await stack.token("auditor", { pharmacy: GULU, sub: "gulu-auditor" });
    expect((await stack.rest("GET", `${incidents}?pharmacy=${KAMPALA}`, { token: guluAuditor })).status).toBe(403);
    expect((await stack.rest("GET", `${incidents}${incident.id}/`, { token: guluAuditor })).status).toBe(404);
    expect((await stack.rest("POST", audits, { token: guluAuditor, body: { pharmacy_id: KAMPALA, audit_type: "internal", scope: "x", scheduled_date: kampalaDay(1), auditor: "y" } })).status).toBe(403);
    const ownAudit = await stack.rest("POST", audits, { token: guluAuditor, body: { audit_type: "internal", scope: "Gulu storage", scheduled_date: kampalaDay(1), auditor: "y" } });
    expect(ownAudit.status).toBe(201);
    expect((await stack.rest("GET", `${audits}${ownAudit.body.id}/`, { token: guluAuditor })).status).toBe(200);
    expect((await stack.rest("GET", incidents, { token: guluAuditor })).body.results.map((i: { id: string }) => i.id)).not.toContain(incident.id);
    const unbound = await stack.token("pharmacist", { sub: "no-pharmacy" });
    expect((await stack.rest("GET", incidents, { token: unbound })).status).toBe(403);
    const nurse = await stack.token("nurse");
    expect((await stack.rest("GET", incidents, { token: nurse })).status).toBe(403);
  });
});

describe("overdue CAPAs and audits in the lists", () => {
  it("filters overdue and marks each record, by the Kampala calendar", async () => {
    const db = stack.server.database!.db;
    const incident = await report();
    const late = await openCapa(incident.id, { description: "late one", owner: "Overdue Owner" });
    const onTime = await openCapa(incident.id, { description: "on time", owner: "Overdue Owner" });
    await db.update(capas).set({ dueDate: kampalaDay(-1) }).where(eq(capas.id, late.id));
    const listed = await stack.rest("GET", `${capaPath}?overdue=true&owner=overdue%20owner`, { token: pharmacist });
    expect(listed.body.results.map((r: { id: string; overdue: boolean }) => [r.id, r.overdue])).toEqual([[late.id, true]]);
    const notLate = await stack.rest("GET", `${capaPath}?overdue=false&owner=Overdue%20Owner`, { token: pharmacist });
    expect(notLate.body.results.map((r: { id: string }) => r.id)).toEqual([onTime.id]);

    const audit = await stack.rest("POST", audits, { token: pharmacist, body: { audit_type: "self_inspection", scope: "Overdue check", scheduled_date: kampalaDay(0), auditor: "Nakato" } });
    await db.update(qualityAudits).set({ scheduledDate: kampalaDay(-3) }).where(eq(qualityAudits.id, audit.body.id));
    const overdueAudits = await stack.rest("GET", `${audits}?overdue=true`, { token: pharmacist });
    expect(overdueAudits.body.results.map((r: { id: string; overdue: boolean }) => [r.id, r.overdue])).toEqual([[audit.body.id, true]]);
    expect((await stack.rest("GET", `${audits}?overdue=false&search=overdue%20check`, { token: pharmacist })).body.count).toBe(0);
    const range = await stack.rest("GET", `${audits}?date_from=${kampalaDay(-3)}&date_to=${kampalaDay(-3)}`, { token: pharmacist });
    expect(range.body.results.map((r: { id: string }) => r.id)).toEqual([audit.body.id]);

    // The pharmacy's one list of safety alerts carries the overdue CAPA and audit too.
    const alerts = await stack.rest("GET", "/api/v1/drug-safety/alerts/?page_size=100", { token: pharmacist });
    expect(alerts.status).toBe(200);
    const refs = alerts.body.results.map((a: { type: string; reference_id: string }) => [a.type, a.reference_id]);
    expect(refs).toContainEqual(["capa_overdue", late.id]);
    expect(refs).toContainEqual(["quality_audit_overdue", audit.body.id]);
    expect(refs).not.toContainEqual(["capa_overdue", onTime.id]);
  });
});
