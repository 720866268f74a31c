import { randomUUID } from "node:crypto";
import { onlyAsPatient } from "../../../lib/access.js";
import { eq } from "drizzle-orm";
import { assertPatientAccess, type SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { FieldErrorCollector, payloadTooLarge } from "../../../lib/errors.js";
import { mintServiceToken } from "../../../lib/service-token.js";
import { appendAudit } from "../audit/audit.service.js";
import { sendCriticalAlert } from "../critical-values/critical-alert.js";
import { patientMessages } from "../db/tables.js";
import { getPatient } from "../patient/patient.service.js";
import { ageOn } from "../patient/patient-record.js";
import { messageRules, TRIAGE_ENGINE_VERSION, triageMessage, type MessageRules, type TriageResult } from "./message-triage.engine.js";
import type { PatientMessageInput, PatientMessageResult } from "./patient-message.type.js";
import { retrievePassages, type RecordPassage } from "./record-search.service.js";

export const MAX_MESSAGE_CHARS = 5_000;
export const CHANNELS = ["SMS", "MESSAGING_APP", "EMAIL", "PORTAL", "PHONE"] as const;
const PASSAGE_LIMIT = 5;
/** The critical-alert call is made as this service (a patient's own token may not raise alerts). */
const ALERT_SUB = "clinical-patient-messages";

/** The message plus the record words for the lay terms it uses ("blood thinner" → warfarin, INR). */
function retrievalQuery(rules: MessageRules, message: string): string {
  const lower = message.toLowerCase();
  const extra = Object.entries(rules.query_expansions.terms).filter(([lay]) => new RegExp(`\\b${lay}\\b`).test(lower)).map(([, terms]) => terms);
  return [message, ...extra].join(" ");
}

const plain = (snippet: string) => snippet.replace(/[«»]/g, "");

/** A draft for staff to edit and send; built from the triage and the retrieved passages only. */
function draftReply(givenName: string, t: TriageResult, passages: RecordPassage[]): string {
  const lines = [`Dear ${givenName},`];
  if (t.redFlags.length) lines.push(...t.guidance, "We have alerted your care team, who will contact you.");
  const of = (type: string) => passages.filter((p) => p.sourceType === type);
  switch (t.intent) {
    case "refill_request": {
      const meds = of("medication").map((p) => plain(p.snippet).replace(/^Medication /, ""));
      lines.push(meds.length ? `Thank you for your refill request. On your record: ${meds.join("; ")}. A clinician will review it before a new prescription is issued.` : "Thank you for your refill request. Please tell us the name of the medicine you need; a clinician will review it.");
      break;
    }
    case "results_question": {
      const results = of("observation").map((p) => `${plain(p.snippet)} (${p.date})`);
      lines.push(results.length ? `Your recent results on record: ${results.join("; ")}. A clinician will explain what they mean for you.` : "A clinician will look up your results and explain them to you.");
      break;
    }
    case "appointment":
      lines.push("Thank you. Our team will contact you to arrange the appointment.");
      break;
    case "billing":
      lines.push("Thank you. Your question has been passed to the billing desk, who will reply.");
      break;
    case "document_request":
      lines.push("Thank you. A clinician will review your request for the document; we will tell you when it is ready to collect.");
      break;
    case "symptom_report":
      if (!t.redFlags.length) lines.push("Thank you for telling us how you feel. A clinician will review your message. If you get worse, call 112 or go to the nearest health facility.");
      break;
    default:
      lines.push("Thank you for your message. A member of the care team will reply.");
  }
  lines.push("Your care team");
  return lines.join("\n");
}

/**
 * What staff must know about how far the message was screened: a language with a draft phrase list
 * was screened partly (no flag does not clear it); any other only for English phrases mixed into it.
 */
function screeningWarnings(rules: MessageRules, language: string, t: TriageResult): string[] {
  if (t.coverage === "full") return [];
  const name = rules.languages?.[language]?.name ?? language;
  if (t.coverage === "partial") {
    return [t.redFlags.length ? `${name} red-flag phrases are a draft under clinical review: confirm the flag by reading the message` : `${name} red-flag screening is partial (a draft phrase list): no flag found does not clear this message; read it promptly`];
  }
  // Tagged en but written in another language (Kinyarwanda, Swahili sent with the default tag).
  if (rules.languages_screened.includes(language)) return ["This message does not read as English: only the English and Swahili red-flag phrases in it were screened; read it promptly"];
  return [`No ${name} red-flag phrases yet: only English phrases in this message were screened (and Swahili ones, which patients mix in); read it promptly`];
}

/**
 * POST /api/v1/ai/process/ (docs/decisions/clinical.md, "Patient messages"): triage (intent, red
 * flags), retrieval over the patient's record, a draft reply for staff review; stored and audited.
 * An urgent message raises the critical notification to the care team through the critical-alert
 * trigger. A patient caller (own uhid only) receives the triage and guidance, not the staff draft.
 */
export async function processPatientMessage(ctx: SubgraphContext, input: PatientMessageInput, startedAt = performance.now()): Promise<PatientMessageResult> {
  const { rules, version } = messageRules();
  const channel = (input.channel ?? "PORTAL").toUpperCase();
  const language = (input.language ?? "en").toLowerCase();
  if (input.message.length > MAX_MESSAGE_CHARS) throw payloadTooLarge(`message is ${input.message.length} characters; at most ${MAX_MESSAGE_CHARS} are accepted`, { message: [`must be at most ${MAX_MESSAGE_CHARS} characters`] });
  const errors = new FieldErrorCollector();
  if (!input.message.trim()) errors.add("message", "must not be empty");
  if (!(CHANNELS as readonly string[]).includes(channel)) errors.add("channel", `must be one of ${CHANNELS.join(", ")}`);
  if (!rules.languages_accepted.includes(language)) errors.add("language", `must be one of ${rules.languages_accepted.join(", ")}`);
  errors.throwIfAny("Invalid patient message");
  assertPatientAccess(ctx.principal, input.patientUhid, "patient-messages:process");
  const patient = await getPatient(ctx.db, input.patientUhid);
  const isStaff = !onlyAsPatient(ctx.principal.roles, ["patient-messages:process"]);

  const triage = triageMessage(rules, input.message, language, ageOn(patient.birthDate));
  const retrievalStart = performance.now();
  const passages = await retrievePassages(ctx.db, patient.uhid, retrievalQuery(rules, input.message), PASSAGE_LIMIT);
  const retrievalTimeMs = Math.round(performance.now() - retrievalStart);
  const urgency = triage.redFlags.length ? "urgent" : triage.screened ? "routine" : "unscreened";
  const warnings = screeningWarnings(rules, language, triage);
  const draft = draftReply(patient.givenName, triage, passages);
  const providerId = input.providerId?.trim() || (isStaff ? ctx.principal.sub : "on-call");
  const rulesetVersion = `${TRIAGE_ENGINE_VERSION}; ${version}`;
  const result = {
    intent: { intent: triage.intent, confidence: triage.confidence },
    intentScores: triage.intentScores,
    urgency,
    screening: triage.coverage,
    redFlags: triage.redFlags,
    notFlagged: triage.notFlagged,
    patientGuidance: triage.guidance,
    retrievedPassages: passages,
    draftReply: draft,
    requiresReview: true,
    warnings,
  };

  const { message, audit } = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = { id: randomUUID() };
    // The message's words stay out of the chain (digest only): categories, assertions and source ids.
    const audit = await appendAudit(tx, {
      actor: ctx.principal,
      operation: "patient_message",
      patientUhid: patient.uhid,
      input,
      output: {
        messageId: row.id,
        channel,
        language,
        intent: result.intent,
        urgency,
        screening: triage.coverage,
        redFlags: triage.redFlags.map((f) => ({ category: f.category, assertion: f.assertion })),
        notFlagged: triage.notFlagged.map((f) => ({ category: f.category, assertion: f.assertion })),
        passages: passages.map((p) => ({ sourceType: p.sourceType, sourceId: p.sourceId, section: p.section, rank: p.rank })),
        requiresReview: true,
      },
      rulesetVersion,
      requestId: ctx.requestId,
    });
    await tx.insert(patientMessages).values({ id: row.id, patientUhid: patient.uhid, channel, language, message: input.message, intent: triage.intent, urgency, result, receivedBy: ctx.principal.sub, auditId: audit.id });
    return { message: row, audit };
  });

  let careTeamAlert: PatientMessageResult["careTeamAlert"] = null;
  if (urgency === "urgent") {
    const labels = [...new Set(triage.redFlags.map((f) => f.label.toLowerCase()))].join(", ");
    const bearer = (await mintServiceToken(ctx.config, { sub: ALERT_SUB })) ?? ctx.bearer;
    const outcome = await sendCriticalAlert(
      { ...ctx, bearer },
      {
        patient_uhid: patient.uhid,
        provider_id: providerId,
        observation_id: message.id,
        test_name: `patient message (${labels})`,
        value: "red flag",
        unit: channel.toLowerCase(),
        reference_range: "none expected",
        patient_name: `${patient.givenName} ${patient.familyName}`,
      },
      { parentAuditId: audit.id, operation: "patient_message_notification", rulesetVersion },
    );
    careTeamAlert = { ...outcome, providerId };
    await ctx.db.update(patientMessages).set({ result: { ...result, careTeamAlert } }).where(eq(patientMessages.id, message.id));
  }

  return {
    messageId: message.id,
    patientUhid: patient.uhid,
    channel,
    language,
    ...result,
    retrievedPassages: isStaff ? passages : null,
    draftReply: isStaff ? draft : null,
    careTeamAlert,
    retrievalTimeMs,
    processingTimeMs: Math.round(performance.now() - startedAt),
    auditId: audit.id,
    rulesetVersion,
  };
}
