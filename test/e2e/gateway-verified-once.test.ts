/**
 * Work per request in one process, counted (not timed): the caller's JWT is verified once, the sealed
 * principal is signed at most once per principal and reuse window, and the bridge and subgraphs reach
 * the gateway without HTTP (docs/decisions/security.md, "Verified once").
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authWork } from "../../lib/auth.js";
import { subgraphAuthWork } from "../../lib/subgraph-auth.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

function counting() {
  const start = { verified: authWork.bearerVerifications, signed: authWork.principalSignatures, checked: subgraphAuthWork.sealedVerifications };
  return () => ({
    verified: authWork.bearerVerifications - start.verified,
    signed: authWork.principalSignatures - start.signed,
    checked: subgraphAuthWork.sealedVerifications - start.checked,
  });
}

describe("one request, one verification", () => {
  it("a REST request verifies the caller's JWT once and signs at most one principal; the next one with the same token does neither", async () => {
    const token = await stack.token("physician", { sub: "once-rest" });
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    let work = counting();
    const first = await stack.rest("GET", "/api/v1/uhid/?page=1&page_size=2", { token });
    expect(first.status).toBe(200);
    expect(work()).toEqual({ verified: 1, signed: 1, checked: 1 });

    work = counting();
    const second = await stack.rest("GET", "/api/v1/uhid/?page=2&page_size=2", { token });
    expect(second.status).toBe(200);
    // The same bearer bytes were verified a moment ago, the sealed principal is reused, and the subgraph already checked it.
    expect(work()).toEqual({ verified: 0, signed: 0, checked: 0 });
    // Only the test's own two calls went through fetch: the bridge reached the gateway in process.
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual([`${stack.url}/api/v1/uhid/?page=1&page_size=2`, `${stack.url}/api/v1/uhid/?page=2&page_size=2`]);
    fetchSpy.mockRestore();
  });

  it("a GraphQL request verifies once too", async () => {
    const token = await stack.token("physician", { sub: "once-graphql" });
    const work = counting();
    const res = await stack.gql("{ patients(page: 1, pageSize: 1) { count } }", {}, token);
    expect(res.status).toBe(200);
    expect(work()).toEqual({ verified: 1, signed: 1, checked: 1 });
  });

  it("a refused token is verified once and never signed", async () => {
    const token = await stack.token("physician", { sub: "once-expired", expiresIn: "-1m" });
    const work = counting();
    const res = await stack.rest("GET", "/api/v1/uhid/", { token });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(res.body.error.code).toBe("UNAUTHENTICATED");
    expect(work()).toEqual({ verified: 1, signed: 0, checked: 0 });
  });

  it("a subgraph asking the gateway (pharmacy → clinical knowledge) calls it in process, with the caller's bearer verified", async () => {
    const token = await stack.token("pharmacist", { sub: "once-pharmacist", pharmacy: KAMPALA });
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const work = counting();
    const res = await stack.rest("GET", "/api/v1/drug-safety/interactions/?items=11289,1191", { token });
    expect(res.status).toBe(200);
    expect(res.body.interactions?.length ?? res.body.results?.length ?? 1).toBeGreaterThan(0);
    expect(fetchSpy.mock.calls.filter(([url]) => String(url).endsWith("/graphql"))).toEqual([]);
    fetchSpy.mockRestore();
    // The REST caller, then the same bearer again when the pharmacy asks the gateway: the second is
    // authenticated as over HTTP, by the bytes already verified; one principal, so one signature.
    expect(work()).toMatchObject({ verified: 1, signed: 1 });
  });
});
