import { Arg, Authorized, Ctx, ID, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { transactionReceipt, transactionReceiptPdf } from "./receipt.service.js";
import { Receipt, ReceiptFile } from "./receipt.type.js";

@Resolver(() => Receipt)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class ReceiptResolver {
  @Authorized("sales:read")
  @Query(() => Receipt, { description: "Receipt of a completed sale; with `email`, also e-mailed (see emailQueued)." })
  transactionReceipt(
    @Arg("id", () => ID, { description: "Transaction id (UUID); a sale that is not completed is 409." }) id: string,
    @Arg("email", () => String, { nullable: true, description: "E-mail the receipt to this address (400 if malformed); sent once per receipt and address (kept in lower case)." }) email: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Receipt> {
    return transactionReceipt(ctx, id, email);
  }

  @Authorized("sales:read")
  @Query(() => ReceiptFile, { description: "Receipt of a completed sale as a PDF (base64); with `email`, also e-mailed." })
  transactionReceiptPdf(
    @Arg("id", () => ID, { description: "Transaction id (UUID); a sale that is not completed is 409." }) id: string,
    @Arg("email", () => String, { nullable: true, description: "E-mail the receipt to this address (400 if malformed); sent once per receipt and address (kept in lower case)." }) email: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ReceiptFile> {
    return transactionReceiptPdf(ctx, id, email);
  }
}
