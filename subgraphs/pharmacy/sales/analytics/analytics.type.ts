import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { IsOptional, Matches, Max, Min } from "class-validator";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";
import { PaymentMethod } from "../transaction/transaction.type.js";

@ObjectType({ description: "One product's completed sales in the range." })
export class ProductSales {
  @Field(() => ID, { description: "The product." })
  productId!: string;

  @Field(() => String, { description: "The product's name as sold." })
  productName!: string;

  @Field(() => Int, { description: "Units sold." })
  quantity!: number;

  @Field(() => Decimal, { description: "Sum of line totals (before VAT and discounts)." })
  revenue!: string;
}

@ObjectType({ description: "Completed sales paid by one payment method." })
export class PaymentMethodSales {
  @Field(() => PaymentMethod, { description: "The payment method." })
  paymentMethod!: string;

  @Field(() => Int, { description: "Completed sales paid this way." })
  transactions!: number;

  @Field(() => Decimal, { description: "Sum of their totalAmount." })
  revenue!: string;
}

@ObjectType({ description: "Completed sales of one pharmacy over a date range." })
export class SalesSummary {
  @Field(() => ID, { description: "The pharmacy summarised." })
  pharmacyId!: string;

  @Field(() => Date, { description: "Start of the range (inclusive), on completion time." })
  dateFrom!: Date;

  @Field(() => Date, { description: "Exclusive." })
  dateTo!: Date;

  @Field(() => Decimal, { description: "Gross sales: sum of total_amount of completed sales, before customer returns (see refunds and netRevenue)." })
  revenue!: string;

  @Field(() => Int, { description: "Completed sales in the range." })
  transactions!: number;

  @Field(() => Decimal, { description: "revenue / transactions, rounded half-up." })
  averageBasket!: string;

  @Field(() => Int, { description: "Units sold over all lines." })
  itemsSold!: number;

  @Field(() => Decimal, { description: "Sum of taxAmount of the completed sales." })
  taxCollected!: string;

  @Field(() => Decimal, { description: "Sum of discountAmount (manual and loyalty) of the completed sales." })
  discountsGiven!: string;

  @Field(() => Decimal, { description: "Sum of the refunds of customer returns completed in the range (dated by the return's completion; a return still processing counts nothing)." })
  refunds!: string;

  @Field(() => Decimal, { description: "revenue − refunds." })
  netRevenue!: string;

  @Field(() => Int, { description: "Units returned by customer returns completed in the range." })
  itemsReturned!: number;

  @Field(() => [ProductSales], { description: "Products sold in the range, ranked by revenue net of the units returned in the range (their share of the sale line), highest first, then by net units; a product with no units left net of returns is left out. quantity and revenue stay gross." })
  topProducts!: ProductSales[];

  @Field(() => [PaymentMethodSales], { description: "One entry per payment method used, by method name." })
  byPaymentMethod!: PaymentMethodSales[];
}

@ObjectType({ description: "Two products bought together: support, confidence both ways, lift." })
export class BasketPairStats {
  @Field(() => ID, { description: "First product of the pair." })
  productAId!: string;

  @Field(() => String, { description: "First product's name (empty when the product no longer exists)." })
  productAName!: string;

  @Field(() => ID, { description: "Second product of the pair." })
  productBId!: string;

  @Field(() => String, { description: "Second product's name (empty when the product no longer exists)." })
  productBName!: string;

  @Field(() => Int, { description: "Sales containing both." })
  count!: number;

  @Field(() => Float, { description: "Share of the analysed sales containing both, 0 to 1 (four decimals)." })
  support!: number;

  @Field(() => Float, { description: "P(B | A)." })
  confidenceAToB!: number;

  @Field(() => Float, { description: "P(A | B)." })
  confidenceBToA!: number;

  @Field(() => Float, { description: "Sales with both relative to what independence would give (> 1: bought together more than by chance)." })
  lift!: number;
}

@ObjectType({ description: "Products bought together in one pharmacy's completed sales over a date range." })
export class BasketAnalysis {
  @Field(() => Date, { description: "Start of the range (inclusive), on completion time." })
  dateFrom!: Date;

  @Field(() => Date, { description: "End of the range (exclusive)." })
  dateTo!: Date;

  @Field(() => Int, { description: "Completed sales in the range." })
  transactionsAnalyzed!: number;

  @Field(() => Int, { description: "Pairs bought together fewer times are left out." })
  minCount!: number;

  @Field(() => [BasketPairStats], { description: "Strongest lift first." })
  pairs!: BasketPairStats[];
}

@ObjectType({ description: "Expected sales of one future business day." })
export class ForecastPoint {
  @Field(() => String, { description: "Business date (Africa/Kampala), yyyy-mm-dd." })
  date!: string;

  @Field(() => Float, { description: "Expected units sold." })
  quantity!: number;
}

@ObjectType({ description: "Fitted parameters of Holt's linear smoothing." })
export class ForecastParameters {
  @Field(() => Float, { description: "Level smoothing α, 0 < α < 1 (given, or chosen on a 0.1 grid)." })
  alpha!: number;

  @Field(() => Float, { description: "Trend smoothing β, 0 < β < 1 (given, or chosen with α)." })
  beta!: number;

  @Field(() => Float, { description: "Smoothed level at the last day of history, in units per day." })
  level!: number;

  @Field(() => Float, { description: "Smoothed trend at the last day of history, in units per day per day." })
  trend!: number;

  @Field(() => Float, { description: "Sum of squared one-step-ahead errors." })
  sse!: number;
}

@ObjectType({ description: "A persisted per-product demand forecast from daily sales." })
export class SalesForecast {
  @Field(() => ID, { description: "Forecast id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The pharmacy whose sales were used." })
  pharmacyId!: string;

  @Field(() => ID, { description: "The product forecast." })
  productId!: string;

  @Field(() => String, { description: "Model: holt_linear." })
  method!: string;

  @Field(() => ForecastParameters, { description: "The model's fitted parameters." })
  parameters!: ForecastParameters;

  @Field(() => String, { description: "First day of the history used." })
  historyFrom!: string;

  @Field(() => String, { description: "Last day of the history used." })
  historyTo!: string;

  @Field(() => Int, { description: "Days forecast after historyTo." })
  horizonDays!: number;

  @Field(() => [ForecastPoint], { description: "One point per day after historyTo, in date order." })
  forecast!: ForecastPoint[];

  @Field(() => String, { description: "Subject of the caller who made it." })
  madeBy!: string;

  @Field(() => Date, { description: "When it was made." })
  madeAt!: Date;
}

@ObjectType({ description: "A page of forecasts, newest first." })
export class SalesForecastPage extends PageOf(SalesForecast) {}

@InputType({ description: "What to forecast and how." })
export class CreateForecastInput {
  @Field(() => [ID], { nullable: true, description: "Products to forecast; default every product sold in the history window." })
  @IsOptional()
  productIds?: string[];

  @Field(() => Int, { defaultValue: 7, description: "Days to forecast after historyEnd, 1 to 90 (default 7)." })
  @Min(1, { message: "must be at least 1" })
  @Max(90, { message: "must be at most 90" })
  horizonDays!: number;

  @Field(() => String, { nullable: true, description: "Last business day (yyyy-mm-dd) of the history; default yesterday (today is not over)." })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date such as 2026-11-21" })
  historyEnd?: string;

  @Field(() => Int, { defaultValue: 56, description: "Days of daily sales the model is fitted on, ending with history_end." })
  @Min(7, { message: "must be at least 7" })
  @Max(730, { message: "must be at most 730" })
  historyDays!: number;

  @Field(() => Float, { nullable: true, description: "Level smoothing 0 < α < 1; chosen by least squares when omitted." })
  @IsOptional()
  alpha?: number;

  @Field(() => Float, { nullable: true, description: "Trend smoothing 0 < β < 1; chosen with α when omitted." })
  @IsOptional()
  beta?: number;

  @Field(() => ID, { nullable: true, description: "For callers not bound to a pharmacy." })
  @IsOptional()
  pharmacyId?: string;
}
