/** Durations as clinicians type them in a presenting complaint ("x3/7", "2wks", "since yesterday"). */
const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, few: 3, several: 3,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
/** Tens written as words ("twenty-five days", "thirty days"), as community registers and patients write counts. */
const TENS_WORDS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const UNIT_WORD = "one|two|three|four|five|six|seven|eight|nine";
const NUMBER_WORD = `(?:${Object.keys(TENS_WORDS).join("|")})(?:[\\s-]+(?:${UNIT_WORD}))?|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|several`;
/** The value of a number written in words: "sixteen" 16, "twenty-five" 25, "thirty" 30. */
const wordValue = (w: string): number => {
  const [tens, unit] = w.toLowerCase().split(/[\s-]+/);
  return TENS_WORDS[tens] !== undefined ? TENS_WORDS[tens] + (unit ? NUMBER_WORDS[unit] : 0) : NUMBER_WORDS[tens];
};
const UNIT_DAYS: [RegExp, number][] = [
  [/^(h|hr|hrs|hour|hours)$/i, 1 / 24],
  [/^(d|dy|dys|day|days|siku)$/i, 1],
  [/^(w|wk|wks|week|weeks|wiki)$/i, 7],
  [/^(m|mo|mos|mth|mths|month|months|mwezi|miezi)$/i, 30],
  [/^(y|yr|yrs|year|years|mwaka|miaka)$/i, 365],
];
/** "3/7" days, "2/52" weeks, "3/12" months (the clinical fraction notation). */
const FRACTION = /(\d+(?:\.\d+)?)\s*\/\s*(7|52|12)(?![\d/])/;
const NUMBER_UNIT = new RegExp(`(\\d+(?:\\.\\d+)?|(?<![a-z-])(?:${NUMBER_WORD})\\b)(?:\\s*(?:-|to)\\s*\\d+(?:\\.\\d+)?)?\\s*([a-z]+)\\b`, "gi");

/**
 * How many days a free-text duration spans: "x3/7", "2/52", "3/12", "3 days", "2wks", ">2 weeks",
 * "for a week", "since yesterday" (1), "since morning"/"today" (0). A range counts from its lower end
 * ("2-3 days": 2); undefined when there is no duration in the text.
 */
export function durationDays(text: string): number | undefined {
  const t = text.toLowerCase();
  const f = FRACTION.exec(t);
  if (f) return Number(f[1]) * (f[2] === "7" ? 1 : f[2] === "52" ? 7 : 30);
  for (const m of t.matchAll(NUMBER_UNIT)) {
    const unit = UNIT_DAYS.find(([re]) => re.test(m[2]));
    if (!unit) continue;
    const n = /^\d/.test(m[1]) ? Number(m[1]) : wordValue(m[1]);
    return n * unit[1];
  }
  if (/\bsince (?:last night|yesterday)\b|\byesterday\b/.test(t)) return 1;
  if (/\b(?:since (?:this )?morning|today|this morning)\b/.test(t)) return 0;
  return undefined;
}

/** The text with its durations blanked, so "x3/7" or "2wks" is not read as a symptom (or left unread). */
export function stripDurations(text: string): string {
  return text
    .replace(new RegExp(`(?:\\bx|[<>]=?|\\bfor\\b|\\bsince\\b)?\\s*${FRACTION.source}`, "gi"), (m) => " ".repeat(m.length))
    .replace(/(?:\bx|[<>]=?|\bfor\b|\bsince\b|\bover\b|\blast\b)?\s*(\d+(?:\.\d+)?)(?:\s*(?:-|to)\s*\d+)?\s*(h|hrs?|hours?|d|dys?|days?|w|wks?|weeks?|mo|mos|mths?|months?|y|yrs?|years?)\b/gi, (m) => " ".repeat(m.length))
    .replace(/\bsince (?:last night|yesterday|this morning|morning)\b|\b(?:yesterday|today)\b/gi, (m) => " ".repeat(m.length));
}
