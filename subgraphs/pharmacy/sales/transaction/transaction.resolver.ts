import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Authorized, Ctx, ID, Info, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { listSelection } from "../../../../lib/page-query.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { completeTransaction } from "./transaction-completion.service.js";
import { cancelTransaction, createTransaction, getTransaction, listTransactions } from "./transaction.service.js";
import { CreateTransactionInput, SalesTransaction, SalesTransactionPage, TransactionStatus } from "./transaction.type.js";

@Resolver(() => SalesTransaction)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class TransactionResolver {
  @Authorized("sales:read")
  @Query(() => SalesTransactionPage, { description: "Sales transactions of the caller's pharmacy, newest first." })
  salesTransactions(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("status", () => TransactionStatus, { nullable: true, description: "Only transactions in this status." }) status: string | null,
    @Arg("cashier", () => String, { nullable: true, description: "Only transactions of this cashier identifier (exact match)." }) cashier: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Created at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Created before." }) dateTo: Date | null,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "For callers not bound to a pharmacy." }) pharmacyId: string | null,
    @Arg("customerPhone", () => String, { nullable: true, description: "Only sales to this customer phone, written in any form (0772 123 456, +256772123456)." }) customerPhone: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the customer's name or of the transaction number." }) search: string | null,
    @Arg("after", () => String, { nullable: true, description: "nextCursor of the previous page: the transactions after it, without OFFSET (deep walks)." }) after: string | null,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SalesTransactionPage> {
    return listTransactions(ctx.db, ctx.principal, { ...page, status, cashier, dateFrom, dateTo, pharmacyId, customerPhone, search, after, total: listSelection(info).total, phoneRegion: ctx.config.DEFAULT_PHONE_REGION });
  }

  @Authorized("sales:read")
  @Query(() => SalesTransaction, { description: "One sales transaction with its lines (404 for an unknown id or another pharmacy's sale). Pharmacists, cashiers, auditors and admins." })
  salesTransaction(@Arg("id", () => ID, { description: "Transaction id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<SalesTransaction> {
    return getTransaction(ctx.db, ctx.principal, id);
  }

  @Authorized("sales:write")
  @Mutation(() => SalesTransaction, { nullable: true, description: "Create a pending sale (validated and priced; nothing charged or moved). Idempotency-Key honoured." })
  createSalesTransaction(@Arg("input", () => CreateTransactionInput, { description: "The sale." }) input: CreateTransactionInput, @Ctx() ctx: SubgraphContext): Promise<SalesTransaction> {
    return createTransaction(ctx.db, ctx.principal, input, ctx.idempotencyKey, ctx.config.DEFAULT_PHONE_REGION);
  }

  @Authorized("sales:write")
  @Mutation(() => SalesTransaction, { nullable: true, description: "Charge, pay and finalize a pending sale; stock is checked again under a row lock. Idempotency-Key honoured." })
  completeSalesTransaction(@Arg("id", () => ID, { description: "Transaction id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<SalesTransaction> {
    return completeTransaction(ctx, id);
  }

  @Authorized("sales:write")
  @Mutation(() => SalesTransaction, { nullable: true, description: "Cancel a pending sale; a completed one is refunded through returns (409)." })
  cancelSalesTransaction(@Arg("id", () => ID, { description: "Transaction id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<SalesTransaction> {
    return cancelTransaction(ctx, id);
  }
}
