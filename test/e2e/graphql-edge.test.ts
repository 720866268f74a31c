import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

// /graphql keeps the edge rules of the REST paths (docs/decisions/rest-contract.md): a body over
// BODY_LIMIT_BYTES is 413 before anything runs, a body that is neither JSON nor a multipart upload is
// 415, and a method other than GET, POST or OPTIONS is a JSON 405 with Allow.
let stack: Stack;
let admin: string;
const LIMIT = 4096;

beforeAll(async () => {
  stack = await startStack({ env: { BODY_LIMIT_BYTES: String(LIMIT) } });
  admin = await stack.token("admin");
});
afterAll(() => stack?.stop());

const post = (body: string, type: string | null = "application/json") =>
  fetch(`${stack.server.url}/graphql`, { method: "POST", headers: { authorization: `Bearer ${admin}`, ...(type ? { "content-type": type } : {}) }, body });
const padded = (bytes: number) => {
  const skeleton = JSON.stringify({ query: "{ __typename }", variables: { pad: "" } });
  return JSON.stringify({ query: "{ __typename }", variables: { pad: "a".repeat(bytes - skeleton.length) } });
};

describe("/graphql edge rules", () => {
  it("answers a body of exactly the limit, and refuses one byte more with 413", async () => {
    const atLimit = await post(padded(LIMIT));
    expect(atLimit.status).toBe(200);
    expect((await atLimit.json()).data).toEqual({ __typename: "Query" });
    for (const size of [LIMIT + 1, LIMIT * 100]) {
      const res = await post(padded(size));
      expect(res.status).toBe(413);
      expect((await res.json()).errors[0].extensions.code).toBe("PAYLOAD_TOO_LARGE");
    }
  });

  it.each(["application/xml", "text/plain", "application/x-www-form-urlencoded", null])("refuses Content-Type %s with 415", async (type) => {
    const res = await post(JSON.stringify({ query: "{ __typename }" }), type);
    expect(res.status).toBe(415);
    expect((await res.json()).errors[0].extensions.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("takes JSON with a charset and the GraphQL-over-HTTP response type", async () => {
    for (const type of ["application/json; charset=utf-8", "application/graphql-response+json"]) {
      expect((await post(JSON.stringify({ query: "{ __typename }" }), type)).status).toBe(200);
    }
  });

  it.each(["PUT", "PATCH", "DELETE"])("%s /graphql → JSON 405 with Allow", async (method) => {
    const res = await fetch(`${stack.server.url}/graphql`, { method, headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST, OPTIONS");
    expect((await res.json()).errors[0].extensions.code).toBe("METHOD_NOT_ALLOWED");
  });
});
