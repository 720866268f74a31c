import { Field, ObjectType } from "type-graphql";
import { Decimal } from "../../../lib/money.js";
import { PageOf } from "../../../lib/pagination.js";

@ObjectType({ description: "A service on billing's price list: what a charge for it costs." })
export class ServicePrice {
  @Field(() => String, { description: "Code a charge names in serviceCode, e.g. PHARMACY_DISPENSING_FEE." })
  serviceCode!: string;

  @Field(() => String, { description: "What the service is, in words." })
  description!: string;

  @Field(() => String, { nullable: true, description: "The pharmacy this price is for; null: every pharmacy without its own price." })
  pharmacyId!: string | null;

  @Field(() => String, { description: "list: unit_price × quantity (+ VAT when taxable); sale_total: the referenced sale's total (reference_type transaction)." })
  pricing!: string;

  @Field(() => Decimal, { nullable: true, description: "Price of one unit before VAT; null for sale_total services." })
  unitPrice!: string | null;

  @Field(() => String, { description: "ISO 4217 code." })
  currency!: string;

  @Field(() => Boolean, { description: "Whether VAT is added (medical services are exempt)." })
  taxable!: boolean;

  @Field(() => Decimal, { description: "VAT rate added when taxable (0 otherwise)." })
  taxRate!: string;

  @Field(() => String, { description: "Version of the price list." })
  version!: string;

  @Field(() => String, { description: "Who set the price and why." })
  source!: string;
}

@ObjectType({ description: "A page of the current price list, by service code; a pharmacy's own price follows the general one." })
export class ServicePricePage extends PageOf(ServicePrice) {}
