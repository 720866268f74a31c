import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, ObjectType } from "type-graphql";
import { Decimal } from "../../../lib/money.js";
import { PageOf } from "../../../lib/pagination.js";
import { PaymentMethod } from "../payment/payment.type.js";

@ObjectType({ description: "Money given back against a charge (e.g. a customer return); never more, over all refunds, than was paid." })
export class Refund {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  chargeId!: string;

  @Field(() => Decimal)
  amount!: string;

  @Field(() => String)
  currency!: string;

  @Field(() => PaymentMethod, { description: "How the money goes back: cash, mobile_money or card." })
  method!: string;

  @Field(() => String, { description: "completed." })
  status!: string;

  @Field(() => String)
  reason!: string;

  @Field(() => String)
  referenceType!: string;

  @Field(() => String)
  referenceId!: string;

  @Field(() => String, { nullable: true, description: "The processor's reference for a mobile-money or card reversal." })
  providerReference!: string | null;

  @Field(() => Decimal, { description: "What may still be refunded on the charge after this refund." })
  refundableBalance!: string;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class RefundPage extends PageOf(Refund) {}

/**
 * What a refund may be for: the pharmacy flows that give money back. Only customer returns do (goods
 * back, inspected, never more than was sold); a free-text reference such as "till" is refused.
 */
export const REFUND_REFERENCE_TYPES = ["customer_return"] as const;

@InputType()
export class CreateRefundInput {
  @Field(() => ID, { description: "A charge with completed payments." })
  chargeId!: string;

  @Field(() => Decimal, { description: "Greater than zero, in whole minor units of the charge's currency (whole shillings for UGX); with earlier refunds never above what was paid." })
  amount!: Decimal;

  @Field(() => PaymentMethod, { nullable: true, description: "Default: the method of the charge's last payment." })
  @IsOptional()
  method?: string;

  @Field(() => String)
  @Length(1, 500)
  reason!: string;

  @Field(() => String, { description: "What the refund is for (one refund per charge and reference): customer_return." })
  @Length(1, 64)
  referenceType!: string;

  @Field(() => String)
  @Length(1, 128)
  referenceId!: string;
}
