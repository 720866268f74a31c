import { buildSchema, graphql } from "graphql";
import { describe, expect, it } from "vitest";
import { COUNT_FIELDS } from "./page-query.js";
import { selectsAny, selectsOnly } from "./selection.js";

const schema = buildSchema(`
  type Item { id: ID }
  type Page { totalCount: Int totalCountExact: Boolean count: Int results: [Item] }
  type Query { list: Page }
`);

async function countOnly(query: string, test = selectsOnly): Promise<boolean> {
  let seen: boolean | undefined;
  const rootValue = {
    list: (_args: unknown, _ctx: unknown, info: Parameters<typeof selectsOnly>[0]) => {
      seen = test(info, COUNT_FIELDS);
      return { totalCount: 1, totalCountExact: true, count: 0, results: [] };
    },
  };
  const result = await graphql({ schema, source: query, rootValue, variableValues: { yes: true } });
  expect(result.errors).toBeUndefined();
  return seen!;
}

describe("selectsOnly", () => {
  it("is true when only the totals (and __typename) are selected, aliased or through fragments", async () => {
    expect(await countOnly("{ list { totalCount } }")).toBe(true);
    expect(await countOnly("{ list { totalCount totalCountExact __typename } }")).toBe(true);
    expect(await countOnly("{ list { n: totalCount } }")).toBe(true);
    expect(await countOnly("{ list { ...T } } fragment T on Page { totalCount ...E } fragment E on Page { totalCountExact }")).toBe(true);
    expect(await countOnly("{ list { ... on Page { totalCount } } }")).toBe(true);
  });

  it("is false as soon as anything else is selected, however it is reached", async () => {
    expect(await countOnly("{ list { totalCount results { id } } }")).toBe(false);
    expect(await countOnly("{ list { totalCount count } }")).toBe(false);
    expect(await countOnly("{ list { ...T } } fragment T on Page { totalCount results { id } }")).toBe(false);
    expect(await countOnly("{ list { totalCount ... on Page { results { id } } } }")).toBe(false);
    // Selected under a directive: counted as selected, whatever the variable says.
    expect(await countOnly("query ($yes: Boolean!) { list { totalCount results @include(if: $yes) { id } } }")).toBe(false);
    // The same field twice in one selection: both parts count.
    expect(await countOnly("{ list { totalCount } list { results { id } } }")).toBe(false);
  });
});

describe("selectsAny", () => {
  const total = (query: string) => countOnly(query, selectsAny);

  it("is true when a total is selected, aliased, through fragments or under a directive", async () => {
    expect(await total("{ list { totalCount results { id } } }")).toBe(true);
    expect(await total("{ list { results { id } n: totalCountExact } }")).toBe(true);
    expect(await total("{ list { results { id } ...T } } fragment T on Page { ... on Page { totalCount } }")).toBe(true);
    expect(await total("query ($yes: Boolean!) { list { results { id } totalCount @skip(if: $yes) } }")).toBe(true);
    expect(await total("{ list { count } list { totalCount } }")).toBe(true);
  });

  it("is false when no total is selected (the REST envelope's selection)", async () => {
    expect(await total("{ list { results { id } count } }")).toBe(false);
    expect(await total("{ list { __typename ...T } } fragment T on Page { count results { id } }")).toBe(false);
  });
});
