import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, ObjectType } from "type-graphql";
import { Decimal } from "../../../lib/money.js";
import { PageOf } from "../../../lib/pagination.js";
import { PaymentMethod } from "../payment/payment.type.js";

@ObjectType({ description: "Money given back against a charge (e.g. a customer return); never more, over all refunds, than was paid." })
export class Refund {
  @Field(() => ID, { description: "Refund id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The charge the money is given back against." })
  chargeId!: string;

  @Field(() => Decimal, { description: "Money given back, in the charge's currency at its minor unit (whole shillings for UGX)." })
  amount!: string;

  @Field(() => String, { description: "ISO 4217 code: the charge's currency." })
  currency!: string;

  @Field(() => PaymentMethod, { description: "How the money goes back: cash, mobile_money or card." })
  method!: string;

  @Field(() => String, { description: "completed." })
  status!: string;

  @Field(() => String, { description: "Why the money went back, as the caller gave it." })
  reason!: string;

  @Field(() => String, { description: "What the refund is for: customer_return for every refund recorded now." })
  referenceType!: string;

  @Field(() => String, { description: "Id of the record the refund is for: the customer return's id." })
  referenceId!: string;

  @Field(() => String, { nullable: true, description: "The processor's reference for a mobile-money or card reversal." })
  providerReference!: string | null;

  @Field(() => Decimal, { description: "What may still be refunded on the charge: after this refund in createRefund's answer, as it is now when read later." })
  refundableBalance!: string;

  @Field(() => Date, { description: "When the refund was recorded." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of refunds, newest first." })
export class RefundPage extends PageOf(Refund) {}

/**
 * What a refund may be for: the pharmacy flows that give money back. Only customer returns do (goods
 * back, inspected, never more than was sold); a free-text reference such as "till" is refused.
 */
export const REFUND_REFERENCE_TYPES = ["customer_return"] as const;

@InputType({ description: "Money to give back against a charge, for a customer return." })
export class CreateRefundInput {
  @Field(() => ID, { description: "A charge with completed payments." })
  chargeId!: string;

  @Field(() => Decimal, { description: "Greater than zero, in whole minor units of the charge's currency (whole shillings for UGX); with earlier refunds never above what was paid." })
  amount!: Decimal;

  @Field(() => PaymentMethod, { nullable: true, description: "Default: the method of the charge's last payment." })
  @IsOptional()
  method?: string;

  @Field(() => String, { description: "Why the money goes back (1 to 500 characters)." })
  @Length(1, 500)
  reason!: string;

  @Field(() => String, { description: "What the refund is for (one refund per charge and reference): customer_return." })
  @Length(1, 64)
  referenceType!: string;

  @Field(() => String, { description: "Id of the record the refund is for, the customer return's id (1 to 128 characters); one refund per charge and reference." })
  @Length(1, 128)
  referenceId!: string;
}
