import { describe, expect, it } from "vitest";
import { parseAfricasTalkingReceipt, parseGenericReceipt, parseWhatsAppReceipt } from "./receipts.js";

describe("Africa's Talking delivery reports", () => {
  it.each([
    ["Success", "delivered"],
    ["Failed", "failed"],
    ["Rejected", "failed"],
    ["Sent", "pending"],
    ["Buffered", "pending"],
  ])("%s → %s", (status, outcome) => {
    expect(parseAfricasTalkingReceipt({ id: "ATX-1", status, phoneNumber: "+256700000001" })).toEqual([expect.objectContaining({ messageId: "ATX-1", outcome })]);
  });

  it("keeps the failure reason and ignores a body without id or status", () => {
    expect(parseAfricasTalkingReceipt({ id: "ATX-2", status: "Failed", failureReason: "UserInBlacklist" })[0].detail).toContain("UserInBlacklist");
    expect(parseAfricasTalkingReceipt({ status: "Success" })).toEqual([]);
  });
});

describe("WhatsApp status webhooks", () => {
  it("reads every status of every entry", () => {
    const body = {
      entry: [
        { changes: [{ value: { statuses: [{ id: "wamid.1", status: "delivered" }, { id: "wamid.2", status: "read" }] } }] },
        { changes: [{ value: { statuses: [{ id: "wamid.3", status: "failed", errors: [{ title: "Message undeliverable" }] }, { id: "wamid.4", status: "sent" }] } }] },
      ],
    };
    expect(parseWhatsAppReceipt(body).map((r) => [r.messageId, r.outcome])).toEqual([
      ["wamid.1", "delivered"],
      ["wamid.2", "delivered"],
      ["wamid.3", "failed"],
      ["wamid.4", "pending"],
    ]);
  });

  it("ignores webhooks without statuses (e.g. incoming messages)", () => {
    expect(parseWhatsAppReceipt({ entry: [{ changes: [{ value: { messages: [{ id: "x" }] } }] }] })).toEqual([]);
  });
});

describe("generic receipts", () => {
  it("accepts delivered, failed and pending only", () => {
    expect(parseGenericReceipt({ message_id: "m1", status: "delivered" })[0].outcome).toBe("delivered");
    expect(parseGenericReceipt({ message_id: "m1", status: "bounced" })).toEqual([]);
  });
});
