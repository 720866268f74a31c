import { Field, ID, ObjectType } from "type-graphql";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "A participating pharmacy (a location of the marketplace)." })
export class PharmacyLocation {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "Short code, e.g. KLA-01." })
  code!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  district!: string;

  @Field(() => String, { nullable: true })
  address!: string | null;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field(() => Decimal, { description: "VAT rate applied to taxable products, as a fraction." })
  taxRate!: string;

  @Field(() => String, { description: "ISO 4217 currency code." })
  currency!: string;

  @Field(() => Boolean)
  isActive!: boolean;
}

@ObjectType()
export class PharmacyLocationPage extends PageOf(PharmacyLocation) {}
