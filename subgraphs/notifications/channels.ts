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

/** E.164-style phone number: "+" and 8–15 digits (spaces and dashes tolerated on input). */
const PHONE = /^\+?[0-9]{8,15}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizePhone(value: string): string | null {
  const compact = value.replace(/[\s-]/g, "");
  return PHONE.test(compact) ? compact : null;
}

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** The channel a bare address belongs to (the send call's `recipient`): e-mail → EMAIL, phone → SMS. */
export function channelForAddress(address: string): { channel: Channel; recipient: string } | null {
  if (isEmail(address.trim())) return { channel: "EMAIL", recipient: address.trim() };
  const phone = normalizePhone(address);
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
    case "SMS":
      return c.phone;
    case "EMAIL":
      return c.email;
    case "PUSH":
      return c.pushToken;
    case "MESSAGING_APP":
      return c.messagingAppId;
  }
}
