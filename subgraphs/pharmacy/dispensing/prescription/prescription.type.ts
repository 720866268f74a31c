import { Directive, Field, ID, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "A prescription any participating pharmacy may dispense, once." })
export class Prescription {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  patientUhid!: string;

  @Field(() => String)
  prescriber!: string;

  @Field(() => String, { nullable: true, description: "RxNorm RxCUI when known." })
  medicationCode!: string | null;

  @Field(() => String)
  medicationName!: string;

  @Field(() => String)
  dose!: string;

  @Field(() => String)
  frequency!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => String, { description: "pending, dispensed or cancelled." })
  status!: string;

  @Field(() => Date)
  issuedAt!: Date;
}

/** The clinical subgraph owns Patient; pharmacy adds the patient's prescriptions. */
@ObjectType()
@Directive('@key(fields: "uhid")')
export class Patient {
  @Field(() => ID)
  uhid!: string;
}
