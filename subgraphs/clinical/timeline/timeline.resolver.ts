import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Query, Resolver, Root, UseMiddleware } from "type-graphql";
import { RateLimit } from "../../../lib/rate-limit.js";
import { assertPatientAccess, type SubgraphContext } from "../../../lib/context.js";
import { Patient } from "../patient/patient.type.js";
import { checkUhidArg } from "../patient/uhid-arg.js";
import { buildTimeline, DEFAULT_CONTEXT_DAYS, MAX_CONTEXT_DAYS } from "./timeline.service.js";
import { PatientTimeline } from "./timeline.type.js";

/** The window argument of both timeline fields (timeline.service.ts, buildTimeline). */
const DAYS = `History window in days back from today, 1-${MAX_CONTEXT_DAYS}.`;

@Resolver(() => Patient)
@UseMiddleware(RateLimit("patient_timeline"))
export class TimelineResolver {
  @Authorized("timeline:read")
  @Query(() => PatientTimeline, { description: "The patient's history for retrieval-augmented context." })
  patientTimeline(
    @Arg("uhid", () => ID, { description: "UHID of the patient (a patient may read only their own)." }) uhid: string,
    @Arg("days", () => Int, { defaultValue: DEFAULT_CONTEXT_DAYS, description: DAYS }) days: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PatientTimeline> {
    checkUhidArg(uhid);
    assertPatientAccess(ctx.principal, uhid, "timeline:read");
    return buildTimeline(ctx.db, uhid, days);
  }

  @Authorized("timeline:read")
  @FieldResolver(() => PatientTimeline, { nullable: true, description: "Null with a RATE_LIMITED error over the limit; the other rows stay." })
  timeline(
    @Root() patient: Patient,
    @Arg("days", () => Int, { defaultValue: DEFAULT_CONTEXT_DAYS, description: DAYS }) days: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PatientTimeline> {
    assertPatientAccess(ctx.principal, patient.uhid, "timeline:read");
    return buildTimeline(ctx.db, patient.uhid, days, true);
  }
}
