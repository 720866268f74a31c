import type { FieldErrorCollector } from "../../lib/errors.js";
import { defaultPhoneRegion, normalizeMobilePhone, normalizePhone as normalizePhoneNumber, phoneField } from "../../lib/phone.js";

/** Spec, "Notification channels": the four channels and what one message costs (UGX). */
export const CHANNEL_COSTS = {
  SMS: "80.00",
  EMAIL: "20.00",
  PUSH: "0.00",
  MESSAGING_APP: "200.00",
} as const;

export type Channel = keyof typeof CHANNEL_COSTS;
export const CHANNELS = Object.keys(CHANNEL_COSTS) as Channel[];
export const CHANNEL_CURRENCY = "UGX";

export function isChannel(value: string): value is Channel {
  return (CHANNELS as string[]).includes(value);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A phone number (SMS, messaging app) in E.164, or null when it is not a valid number: lib/phone.ts,
 * with the process's DEFAULT_PHONE_REGION for numbers typed without a country code.
 */
export function normalizePhone(value: string): string | null {
  return normalizePhoneNumber(value, defaultPhoneRegion());
}

/**
 * A number a text message reaches (SMS, messaging app), in E.164, or null: a valid number that is a
 * landline or toll-free is refused too (lib/phone.ts `normalizeMobilePhone`). For addresses a caller
 * gives; numbers already stored are matched with `normalizePhone`.
 */
export function normalizeMobile(value: string): string | null {
  return normalizeMobilePhone(value, defaultPhoneRegion());
}

/** What to tell a caller whose number cannot take a text message. */
export const NOT_A_MOBILE = "must be a mobile phone number such as +256772000111 (a landline or toll-free number cannot take an SMS)";

/**
 * A contact number a caller sets (preferences, provider contacts): `phoneField` for a mobile, in
 * DEFAULT_PHONE_REGION, its 400 added to `errors`. Blank text is refused like any other that is not a
 * mobile; an empty string is kept as given (no address, as it always was), null clears, undefined
 * leaves the stored number.
 */
export function contactNumber(value: string | null | undefined, field: string, errors: FieldErrorCollector, message = NOT_A_MOBILE): string | null | undefined {
  return value ? phoneField(value, field, { defaultRegion: defaultPhoneRegion(), mobile: true, blank: "refused", message, errors }) : value;
}

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** The channel a bare address belongs to (the send call's `recipient`): e-mail → EMAIL, phone → SMS. */
export function channelForAddress(address: string): { channel: Channel; recipient: string } | null {
  if (isEmail(address.trim())) return { channel: "EMAIL", recipient: address.trim() };
  const phone = normalizeMobile(address);
  return phone ? { channel: "SMS", recipient: phone } : null;
}

/** Contact points as stored for a patient or a provider. */
export interface ContactPoints {
  phone: string | null;
  email: string | null;
  pushToken: string | null;
  messagingAppId: string | null;
}

/** The address a contact has on a channel, if any. */
export function addressOn(channel: Channel, c: ContactPoints): string | null {
  switch (channel) {
    // Rows stored before numbers were normalized may hold "0772…" or "256…": sent in E.164 when they
    // parse, else as stored (the provider then reports the failure, as before).
    case "SMS":
      return c.phone && (normalizePhone(c.phone) ?? c.phone);
    case "EMAIL":
      return c.email;
    case "PUSH":
      return c.pushToken;
    case "MESSAGING_APP":
      return c.messagingAppId && (normalizePhone(c.messagingAppId) ?? c.messagingAppId);
  }
}
