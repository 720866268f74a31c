import { Field, ObjectType } from "type-graphql";
import { PageOf } from "../../../lib/pagination.js";

@ObjectType({ description: "A message template the send call and the triggers use, with the parameters it takes." })
export class NotificationTemplate {
  @Field(() => String, { description: "The name to give as `template` on the send call." })
  name!: string;

  @Field(() => String, { description: "What the template is for, in words." })
  description!: string;

  @Field(() => String, { description: "Consent category (a patient may opt out of a category, except critical ones)." })
  category!: string;

  @Field(() => Boolean, { description: "Critical templates bypass quiet hours and consent; they are sent by the critical-alert trigger, or by services and admins allowed to trigger lab alerts (notifications:trigger-lab)." })
  critical!: boolean;

  @Field(() => [String], { description: "Channels it may go out on." })
  channels!: string[];

  @Field(() => [String], { description: "Languages it has a text in (others fall back to English)." })
  languages!: string[];

  @Field(() => [String], { description: "Parameters the send call must give (a missing one is 400 naming parameters.<name>)." })
  requiredParameters!: string[];

  @Field(() => [String], { description: "Parameters it uses when given; others are ignored." })
  optionalParameters!: string[];
}

@ObjectType({ description: "A page of notification templates, by name." })
export class NotificationTemplatePage extends PageOf(NotificationTemplate) {}
