import { Arg, Authorized, Ctx, Mutation, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { searchLiterature } from "./literature-search.service.js";
import { countCohort, recommendTest } from "./researcher-assistant.service.js";
import { CohortCountResult, CohortCriteriaInput, LiteratureSearchInput, LiteratureSearchResult, StatisticalTestInput, StatisticalTestResult } from "./researcher-assistant.type.js";

/** The researcher's assistant (spec: multi-role assistants, researcher): de-identified counts only. Audited. */
@Resolver()
export class ResearcherAssistantResolver {
  @Authorized("assistant:researcher")
  @UseMiddleware(RateLimit("multi_role_assistants"))
  @Mutation(() => CohortCountResult, { nullable: true, description: "Counts patients by criteria (diagnoses, medicines, sex, age), with breakdowns; counts below 5 withheld. Audited." })
  researcherCohortCount(@Arg("input", () => CohortCriteriaInput, { description: "The criteria, all of which must hold." }) input: CohortCriteriaInput, @Ctx() ctx: SubgraphContext): Promise<CohortCountResult> {
    return countCohort(ctx, input);
  }

  @Authorized("assistant:researcher")
  @UseMiddleware(RateLimit("multi_role_assistants"))
  @Mutation(() => StatisticalTestResult, { nullable: true, description: "Recommends a statistical test for a study design, with its rationale. Advisory; audited." })
  researcherStatisticalTest(@Arg("input", () => StatisticalTestInput, { description: "The study design." }) input: StatisticalTestInput, @Ctx() ctx: SubgraphContext): Promise<StatisticalTestResult> {
    return recommendTest(ctx, input);
  }

  @Authorized("assistant:literature")
  @UseMiddleware(RateLimit("multi_role_assistants"))
  @Mutation(() => LiteratureSearchResult, { nullable: true, description: "Full-text search over the shipped guideline corpus (USPSTF recommendation statements), ranked, with highlighted snippets, source and licence per entry. Reference only; audited (the query as a digest)." })
  researcherLiteratureSearch(@Arg("input", () => LiteratureSearchInput, { description: "The query, filters and page." }) input: LiteratureSearchInput, @Ctx() ctx: SubgraphContext): Promise<LiteratureSearchResult> {
    return searchLiterature(ctx, input);
  }
}
