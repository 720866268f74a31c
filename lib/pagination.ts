import "reflect-metadata";
import { ArgsType, Field, Int, ObjectType, type ClassType } from "type-graphql";
import { FieldErrorCollector } from "./errors.js";

/** Spec, "Pagination": page defaults to 1; page_size defaults to 20, at most 100. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: 1, description: "Page number, from 1." })
  page: number = 1;

  @Field(() => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: `Results per page; larger than ${MAX_PAGE_SIZE} is clamped.` })
  pageSize: number = DEFAULT_PAGE_SIZE;
}

export interface PageWindow {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
}

/** Validates and clamps page arguments (page < 1 or page_size < 1 → 400; page_size > 100 → 100). */
export function pageWindow(args: Partial<PageArgs>): PageWindow {
  const page = args.page ?? 1;
  const requested = args.pageSize ?? DEFAULT_PAGE_SIZE;
  const errors = new FieldErrorCollector();
  if (!Number.isInteger(page) || page < 1) errors.add("page", "must be an integer of at least 1");
  if (!Number.isInteger(requested) || requested < 1) errors.add("page_size", "must be an integer of at least 1");
  errors.throwIfAny("Invalid pagination parameters");
  const pageSize = Math.min(requested, MAX_PAGE_SIZE);
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

export interface Page<T> {
  results: T[];
  count: number;
  page: number;
  pageSize: number;
  next: number | null;
  previous: number | null;
  totalCount: number;
  /** False when `totalCount` is an estimate (more matches than lib/page-query.ts counts exactly). */
  totalCountExact: boolean;
}

/** Builds the page envelope; a page past the end has empty results and `next: null`. */
export function toPage<T>(results: T[], totalCount: number, w: PageWindow): Page<T> {
  const lastPage = Math.max(1, Math.ceil(totalCount / w.pageSize));
  return {
    results,
    count: results.length,
    page: w.page,
    pageSize: w.pageSize,
    next: w.page < lastPage ? w.page + 1 : null,
    previous: w.page > 1 ? Math.min(w.page - 1, lastPage) : null,
    totalCount,
    totalCountExact: true,
  };
}

/** Base class of every page type: `@ObjectType() class ProductPage extends PageOf(Product) {}`. */
export function PageOf<T extends object>(item: ClassType<T>) {
  @ObjectType()
  abstract class PageClass implements Page<T> {
    @Field(() => [item], { description: "This page's results, in the list's order." })
    results!: T[];

    @Field(() => Int, { description: "Number of results in this page." })
    count!: number;

    @Field(() => Int, { description: "This page's number, from 1." })
    page!: number;

    @Field(() => Int, { description: "Results per page: the size asked for, at most 100." })
    pageSize!: number;

    @Field(() => Int, { nullable: true, description: "Next page number; null on the last page." })
    next!: number | null;

    @Field(() => Int, { nullable: true, description: "Previous page number; null on the first page." })
    previous!: number | null;

    @Field(() => Int, { description: "Number of results across all pages; an estimate when totalCountExact is false." })
    totalCount!: number;

    @Field(() => Boolean, { description: "True when totalCount is exact; large lists count exactly up to 10,000 matches and estimate above." })
    totalCountExact!: boolean;
  }
  return PageClass;
}

/** A page of a list that can also be walked by cursor: `nextCursor` continues after its last row. */
export function KeysetPageOf<T extends object>(item: ClassType<T>) {
  @ObjectType()
  abstract class KeysetPageClass extends PageOf(item) {
    @Field(() => String, { nullable: true, description: "Pass as `after` for the rows after this page, without OFFSET; null on the last page." })
    nextCursor!: string | null;
  }
  return KeysetPageClass;
}
