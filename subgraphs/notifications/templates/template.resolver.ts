import { Arg, Args, Authorized, Query, Resolver, UseMiddleware } from "type-graphql";
import { fieldError } from "../../../lib/errors.js";
import { PageArgs, pageWindow, toPage } from "../../../lib/pagination.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { CHANNELS, isChannel } from "../channels.js";
import { TEMPLATES, type TemplateDef } from "./templates.js";
import { NotificationTemplate, NotificationTemplatePage } from "./template.type.js";

function toType(t: TemplateDef): NotificationTemplate {
  return {
    name: t.name,
    description: t.description,
    category: t.category,
    critical: t.critical,
    channels: t.channels,
    languages: Object.keys(t.languages),
    requiredParameters: t.required,
    optionalParameters: t.optional,
  };
}

/** The shipped templates (templates.json), so a sender can discover names and parameters. */
@Resolver(() => NotificationTemplate)
@UseMiddleware(RateLimit("notifications"))
export class TemplateResolver {
  @Authorized("notifications:read", "notifications:send", "notifications:trigger", "notifications:trigger-lab", "notifications:preferences")
  @Query(() => NotificationTemplatePage, { description: "Notification templates with their channels, languages and parameters, by name." })
  notificationTemplates(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("category", () => String, { nullable: true, description: "Only templates of this consent category, e.g. appointment, lab_result, critical_alert, receipt, general." }) category: string | null,
    @Arg("channel", () => String, { nullable: true, description: "Only templates that may go out on this channel." }) channel: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of a name or description, any case." }) search: string | null,
  ): NotificationTemplatePage {
    if (channel && !isChannel(channel)) throw fieldError("channel", `must be one of ${CHANNELS.join(", ")}`);
    const w = pageWindow(page);
    const needle = search?.toLowerCase();
    const all = [...TEMPLATES.values()]
      .filter((t) => !category || t.category === category)
      .filter((t) => !channel || (t.channels as string[]).includes(channel))
      .filter((t) => !needle || t.name.toLowerCase().includes(needle) || t.description.toLowerCase().includes(needle))
      .sort((a, b) => a.name.localeCompare(b.name));
    return toPage(all.slice(w.offset, w.offset + w.limit).map(toType), all.length, w);
  }
}
