import { Field, ID, Int, ObjectType } from "type-graphql";
import { Decimal } from "../../../lib/money.js";

@ObjectType({ description: "A billing charge." })
export class Charge {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  patientUhid!: string | null;

  @Field(() => String)
  serviceCode!: string;

  @Field(() => String)
  serviceDescription!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => String)
  referenceType!: string;

  @Field(() => String)
  referenceId!: string;

  @Field(() => String, { nullable: true })
  pharmacyId!: string | null;

  @Field(() => Decimal)
  totalAmount!: string;

  @Field(() => String, { description: "ISO 4217 code, e.g. UGX." })
  currency!: string;

  @Field(() => String, { description: "created, paid or cancelled." })
  status!: string;

  @Field(() => Date)
  createdAt!: Date;
}
