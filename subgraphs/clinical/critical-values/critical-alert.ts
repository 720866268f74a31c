import type { SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { callUpstream } from "../../../lib/upstream.js";
import { appendAuditNow, type AuditOperation } from "../audit/audit.service.js";

/** Body of POST {notifications_url}/api/v1/triggers/critical-alert/ (spec: all strings). */
export interface CriticalAlertBody {
  patient_uhid: string;
  provider_id: string;
  observation_id: string;
  test_name: string;
  value: string;
  unit: string;
  reference_range: string;
  patient_name: string;
}

export interface CriticalAlertOutcome {
  notificationSent: boolean;
  notificationId: string | null;
  notificationError: string | null;
  /** How the clinician was reached: provider, on_call (the provider had no usable contact), none; null when no alert was asked for or notifications did not answer. */
  clinicianAlert: string | null;
}

interface CriticalAlertResponse {
  success?: boolean;
  clinician_alert?: string;
  warnings?: string[];
  notification_ids?: string[];
  error?: { message?: string };
}

/**
 * Asks the notifications service to alert patient and provider (spec: critical-alert trigger). A
 * failure never fails the clinical answer: it is logged, reported as `notificationSent: false`, and
 * its outcome (either way) is appended to the audit chain as a follow-up of `parentAuditId`.
 */
export async function sendCriticalAlert(
  ctx: Pick<SubgraphContext, "config" | "selfUrl" | "bearer" | "requestId" | "logger" | "principal"> & { db: Db },
  body: CriticalAlertBody,
  audit: { parentAuditId: string; operation: AuditOperation; rulesetVersion: string },
): Promise<CriticalAlertOutcome> {
  let outcome: CriticalAlertOutcome;
  try {
    const res = await callUpstream<CriticalAlertResponse>(ctx, {
      service: "notifications",
      method: "POST",
      path: "/api/v1/triggers/critical-alert/",
      body,
      idempotencyKey: `critical-alert:${body.observation_id}`,
      retries: 2,
    });
    const answered = res.status >= 200 && res.status < 300;
    const id = answered && res.body?.success ? res.body.notification_ids?.[0] : undefined;
    const clinicianAlert = answered ? (res.body?.clinician_alert ?? null) : null;
    const warnings = answered && res.body?.warnings?.length ? res.body.warnings.join("; ") : null;
    outcome = id
      ? { notificationSent: true, notificationId: id, notificationError: warnings, clinicianAlert }
      : {
          notificationSent: false,
          notificationId: null,
          notificationError: warnings ?? `notifications answered ${res.status}${res.body?.error?.message ? `: ${res.body.error.message}` : ""}`,
          clinicianAlert,
        };
  } catch (err) {
    outcome = { notificationSent: false, notificationId: null, notificationError: (err as Error).message, clinicianAlert: null };
  }
  if (!outcome.notificationSent || outcome.clinicianAlert !== "provider") {
    ctx.logger.warn({ observationId: body.observation_id, patientUhid: body.patient_uhid, err: outcome.notificationError }, outcome.notificationSent ? "critical alert reached the on-call contact, not the provider" : "critical alert notification not sent");
  }
  try {
    await appendAuditNow(ctx.db, {
      actor: ctx.principal,
      operation: audit.operation,
      patientUhid: body.patient_uhid,
      input: body,
      output: { ...outcome },
      rulesetVersion: audit.rulesetVersion,
      parentId: audit.parentAuditId,
      requestId: ctx.requestId,
    });
  } catch (err) {
    // The clinical answer and its own audit record are already stored; losing this follow-up is logged loudly.
    ctx.logger.error({ err, parentAuditId: audit.parentAuditId }, "could not audit the critical alert outcome");
  }
  return outcome;
}
