import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { sqlState } from "./errors.js";
import { createErrorFormatter } from "./format-error.js";
import { createLogger } from "./logger.js";

/** A database error as a resolver throws it: the driver's error, bare or wrapped by drizzle (`cause`). */
function databaseError(code: string, wrapped: boolean): GraphQLError {
  const driver = Object.assign(new Error(`driver says ${code}: select … from pharmacy.controlled_balances where uhid = 'UG-…'`), { code, severity: "ERROR" });
  const thrown = wrapped ? Object.assign(new Error("Failed query: select …"), { cause: driver }) : driver;
  return new GraphQLError(thrown.message, { originalError: thrown, path: ["createDispense"] });
}

const format = createErrorFormatter(createLogger("silent"));
const formatted = (err: GraphQLError) => format({ message: err.message, path: err.path, extensions: {} }, err);

describe("database errors leaving a subgraph", () => {
  for (const wrapped of [false, true]) {
    const how = wrapped ? "wrapped by drizzle" : "from the driver";
    it(`a deadlock, a serialization failure or a lock timeout (${how}) is CONFLICT, says nothing was written and shows no SQL`, () => {
      for (const code of ["40P01", "40001", "55P03"]) {
        const out = formatted(databaseError(code, wrapped));
        expect(out.extensions?.code).toBe("CONFLICT");
        expect(out.message).toMatch(/nothing was written.*send the request again/);
        expect(out.message).not.toMatch(/select|controlled_balances|UG-/);
      }
    });

    it(`a unique violation (${how}) is CONFLICT`, () => {
      expect(formatted(databaseError("23505", wrapped)).extensions?.code).toBe("CONFLICT");
    });

    it(`any other database error (${how}) is INTERNAL with a generic message`, () => {
      for (const code of ["23503", "42P01", "53300", "XX000"]) {
        const out = formatted(databaseError(code, wrapped));
        expect(out).toMatchObject({ message: "Internal error", extensions: { code: "INTERNAL" } });
      }
    });
  }

  it("sqlState reads only a database error's SQLSTATE, at most four causes deep", () => {
    expect(sqlState(Object.assign(new Error("x"), { code: "EPIPE" }))).toBeUndefined();
    expect(sqlState(Object.assign(new Error("x"), { code: "40P01" }))).toBeUndefined(); // not from a database
    expect(sqlState({ cause: { cause: { code: "40P01", severity: "ERROR" } } })).toBe("40P01");
    expect(sqlState({ cause: { cause: { cause: { cause: { code: "40P01", severity: "ERROR" } } } } })).toBeUndefined();
    expect(sqlState(null)).toBeUndefined();
    expect(sqlState("40P01")).toBeUndefined();
  });
});
