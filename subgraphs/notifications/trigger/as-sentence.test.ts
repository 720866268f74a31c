import { describe, expect, it } from "vitest";
import { asSentence } from "./trigger.service.js";

describe("a caller's free text inserted in a message reads as its own sentence", () => {
  it.each([
    ["Come fasting", "Come fasting."],
    ["  Come fasting  ", "Come fasting."],
    ["Bring your old card,", "Bring your old card."],
    ["Bring: ", "Bring."],
    ["Njoo bila kula", "Njoo bila kula."],
    ["Take with food.", "Take with food."],
    ["Is this a question?", "Is this a question?"],
    ["Urgent!", "Urgent!"],
    ["(bring the baby)", "(bring the baby)"],
    ['Say "hello"', 'Say "hello"'],
    ["Pay at https://pay.example.org/inv/42", "Pay at https://pay.example.org/inv/42"],
  ])("%j → %j", (text, expected) => {
    expect(asSentence(text)).toBe(expected);
  });

  it.each([undefined, null, "", "   ", " ,;: "])("leaves %j out", (text) => {
    expect(asSentence(text)).toBeUndefined();
  });
});
