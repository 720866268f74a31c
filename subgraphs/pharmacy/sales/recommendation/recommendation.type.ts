import { Field, Float, ID, Int, ObjectType } from "type-graphql";
import { Decimal } from "../../../../lib/money.js";

@ObjectType({ description: "A suggested product, with why." })
export class ProductRecommendation {
  @Field(() => ID, { description: "The suggested product." })
  productId!: string;

  @Field(() => String, { description: "Product name." })
  name!: string;

  @Field(() => String, { description: "Product category." })
  category!: string;

  @Field(() => Decimal, { description: "Retail price in the pharmacy's currency, before VAT." })
  retailPrice!: string;

  @Field(() => String, { description: "association_rule or category_best_seller." })
  source!: string;

  @Field(() => String, { description: "Plain-language reason." })
  reason!: string;

  @Field(() => Float, { nullable: true, description: "Share of sales containing the basket product and this one." })
  support!: number | null;

  @Field(() => Float, { nullable: true, description: "Share of the basket product's sales that also had this one." })
  confidence!: number | null;

  @Field(() => Float, { nullable: true, description: "Confidence relative to this product's overall share of sales (> 1: bought together more than by chance)." })
  lift!: number | null;

  @Field(() => Int, { description: "Units sold in the window (best-seller ranking)." })
  unitsSold!: number;
}

@ObjectType({ description: "Advisory product suggestions from this pharmacy's own completed sales." })
export class ProductRecommendations {
  @Field(() => [ID], { description: "The products the suggestions are for." })
  basket!: string[];

  @Field(() => Int, { description: "Completed sales analysed." })
  transactionsAnalyzed!: number;

  @Field(() => Int, { description: "Days of completed sales analysed, ending now." })
  windowDays!: number;

  @Field(() => String, { description: "How suggestions are made: association_rules+category_best_sellers." })
  method!: string;

  @Field(() => [ProductRecommendation], { description: "Suggestions, best first: association rules by confidence, then best sellers; only active products in stock, never a controlled medicine's." })
  recommendations!: ProductRecommendation[];
}
