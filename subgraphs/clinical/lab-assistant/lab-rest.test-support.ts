import { afterAll, beforeAll, expect } from "vitest";
import { startStack, type RestResponse, type Stack } from "../../../test/support/stack.js";

export const INTERPRET = "/api/v1/multi-role/lab/interpret/";

/** A patient as the REST tests register one: a UHID made unique by the time, the rest as given. */
export interface PatientDetails {
  uhidPrefix: string;
  givenName: string;
  familyName: string;
  sex: "female" | "male" | "unknown";
  birthDate: string;
  phone: string;
}

/**
 * The lab REST tests' stack: started before the file's tests and stopped after, a lab technician's and a
 * physician's token (`tag` keeps their subjects apart from other files'), patients registered by the physician
 * through `/api/v1/uhid/`, and interpretations posted by the lab technician.
 */
export function useLabRest(tag: string) {
  const ctx = { stack: undefined as unknown as Stack, lab: "", physician: "" };
  beforeAll(async () => {
    ctx.stack = await startStack();
    ctx.lab = await ctx.stack.token("lab_technician", { sub: `${tag}-lab-tech` });
    ctx.physician = await ctx.stack.token("physician", { sub: `${tag}-physician` });
  });
  afterAll(() => ctx.stack?.stop());
  return {
    get stack() {
      return ctx.stack;
    },
    get lab() {
      return ctx.lab;
    },
    get physician() {
      return ctx.physician;
    },
    async newPatient(p: PatientDetails, tagOfPatient: string): Promise<string> {
      const uhid = `${p.uhidPrefix}-${tagOfPatient}${Date.now().toString(36).toUpperCase()}`;
      const body = { uhid, given_name: p.givenName, family_name: p.familyName, sex: p.sex, birth_date: p.birthDate, phone: p.phone };
      const res = await ctx.stack.rest("POST", "/api/v1/uhid/", { token: ctx.physician, body });
      expect(res.status).toBe(201);
      return uhid;
    },
    interpret(body: Record<string, unknown>, token = ctx.lab): Promise<RestResponse> {
      return ctx.stack.rest("POST", INTERPRET, { token, body });
    },
  };
}
