/**
 * Age and sex as notes state them: "58 year old male", "58yo F", "45M", "a 7-month-old girl",
 * "aged 3 weeks", "Age: 62". The spec's `age` is whole years; a child under two given in months,
 * weeks or days also gets `age_months` (whole months; 3 weeks → 0), and `age` is 0 under one year.
 */
export interface Demographics {
  age: number | null;
  ageMonths: number | null;
  gender: "male" | "female" | null;
  /** Where the age was read (offsets into the note). */
  ageStart: number | null;
  ageEnd: number | null;
}

const UNIT = String.raw`(years?|yrs?|y|months?|mos?|mths?|weeks?|wks?|days?)`;
const AGE_PATTERNS: RegExp[] = [
  // 58 year old, 58-year-old, 7-month-old, 58 yrs old, 3 weeks old
  new RegExp(String.raw`\b(\d{1,3})\s*[- ]?\s*${UNIT}[- ]?\s*(?:-\s*)?old\b`, "gi"),
  // 58yo, 58 y/o, 58 y.o., 58yrs, 9mo
  /\b(\d{1,3})\s*(y\/o|y\.o\.?|yo|yrs|yr|mo|mos|mths|wks)\b/gi,
  // aged 58, age 58, age: 58, aged 3 weeks, age 7 months
  new RegExp(String.raw`\b(?:aged?|age\s*:)\s*(\d{1,3})(?:\s*${UNIT})?\b`, "gi"),
  // 45M, 45 F, 45/M (the letter in capitals right after the number)
  /\b(\d{1,3})\s?\/?\s?([MF])\b/g,
  // "Child 5 years female", "Female 67 years", "Mrs K, 51,", "Mr. Okello, 60"
  new RegExp(String.raw`\b(\d{1,3})\s*${UNIT}\s*,?\s+(?=(?:male|female|man|woman|boy|girl|child|lady|gentleman)\b)`, "gi"),
  new RegExp(String.raw`\b(?:male|female|man|woman|boy|girl|child|lady|gentleman)\s*,?\s*(\d{1,3})\s*${UNIT}`, "gi"),
  /\b(?:Mr|Mrs|Ms|Miss)\.?\s+[A-Z][\w'-]*,\s*(\d{1,3})\b(?!\s*(?:%|mg|kg|cm|mmhg|\/))/g,
  // "Elderly lady, 79, known CCF"
  /\b(?:male|female|man|woman|boy|girl|lady|gentleman)\s*,\s*(\d{1,3})\s*(?=[,.;]|\s+(?:known|with|presents|presenting|who|admitted|c\/o)\b)/gi,
  // "M/59", "F/32", "F 32 yrs" (the letter in capitals first, as ward lists and referral headers write it)
  /(?<![\p{L}\p{N}/])([MF])\s?(?:\/\s?(\d{1,3})(?![\p{N}/])|,\s?(\d{1,3})\s?(?:y|yrs?|years?)(?![\p{L}\p{N}]))/gu,
  // Newborn unit notes: "DOL 4", "day 3 of life" (days of life)
  /\b(?:DOL|day\s+of\s+life)\s*:?\s*(\d{1,3})\b|\bday\s+(\d{1,3})\s+of\s+life\b/gi,
  // SMS-style notes in lower case, after the word for the patient: "pt 45m kn DM", "patient 32f".
  /\b(?:pt|patient|client)\s*:?\s*(\d{1,3})\s?([mf])(?![\p{L}\p{N}])/giu,
  // Swahili "miaka 19" (19 years; TUKI, Kamusi ya Kiswahili-Kiingereza, 2001), "umri miaka 45", "miaka 19, mwanamke".
  /\b(?:umri\s+(?:wa\s+)?)?miaka\s+(\d{1,3})\b/gi,
  // Swahili "miezi 14" (14 months) for a child: only after "umri (wa)" or the word for the child ("Mtoto wa kike, miezi
  // 14"); elsewhere "kuhara miezi 2" is a duration.
  /\b(?:umri\s+(?:wa\s+)?|mtoto(?:\s+wa\s+(?:kike|kiume))?\s*,?\s*(?:wa\s+)?)miezi\s+(\d{1,2})\b/gi,
  // French, as Rwandan and Burundian notes write it: "Patient de 58 ans", "âgée de 34 ans", "Âge : 61 ans" (never
  // "depuis 2 ans", a duration).
  /(?<![\p{L}\p{N}])(?:de|âgée?|agée?|âge|age)\s*:?\s*(\d{1,3})\s*ans(?![\p{L}\p{N}])/giu,
  // A ward list's child named with the age after a comma: "Baby Ssali, 8 months", "Child Auma, 3 yrs" (the unit is
  // required: "Baby Ssali, 4" could be a bed or a count).
  new RegExp(String.raw`\b(?:baby|infant|child|b\/o)\s+[A-Z][\w'-]*\s*,\s*(\d{1,3})\s*${UNIT}(?![\p{L}\p{N}])`, "giu"),
  // A Swahili word for the patient with a bare age after a comma, as a heading: "Mama, 38, uvimbe tumboni", "Mzee, 74, Ca
  // prostate" (the age then a comma, full stop or the complaint's first word; never a unit or a measure).
  /(?<![\p{L}\p{N}])(mzee|babu|mama|bibi)\s*,\s*(\d{1,3})\s*(?=[,.;]|\s+(?:known|with|ana|amekuja|analalamika|presents|presenting|c\/o)(?![\p{L}\p{N}]))/giu,
  // Swahili "umri 19", "Umri: 19" (umri, age; TUKI 2001) with the number right after, no unit: years ("umri miezi 18" is
  // the months pattern above).
  /(?<![\p{L}\p{N}])umri\s*:?\s*(?:wa\s+)?(\d{1,3})(?![\p{L}\p{N}]|\s*(?:\/|miezi|wiki|siku|months?|mo|wks?|weeks?|days?)(?![\p{L}\p{N}]))/giu,
  // A register line's columns (HMIS OPD and ANC registers): "| 0152 | 45 | M |", the age column then the sex column.
  /\|\s*(\d{1,3})\s*\|\s*([MF])\s*\|/g,
];
/** Indices of the patterns above that need their own reading of the match. */
const SEX_FIRST = 8;
const DAY_OF_LIFE = 9;
const PATIENT_SEX = 10;
const SWAHILI_MONTHS = AGE_PATTERNS[12];
const SWAHILI_WORD_AGE = AGE_PATTERNS[15];
const REGISTER_COLUMNS = AGE_PATTERNS[17];
/** "18/12 old" (18 months), "3/52 old" (3 weeks), "5/7 old" (5 days), "aged 9/12": the clinical slash notation. */
const SLASH_AGE = [/\b(\d{1,3})\s*\/\s*(12|52|7)\s*(?:-\s*)?old\b/gi, /\b(?:aged?|age\s*:)\s*(\d{1,3})\s*\/\s*(12|52|7)\b(?!\s*\/)/gi];
const SLASH_UNIT: Record<string, string> = { "12": "months", "52": "weeks", "7": "days" };
/**
 * Read only when nothing above gave an age: "Mother 19 years" (the mother is the patient of an antenatal or
 * delivery note; not when the note is about a baby or child) and a bare "22 years." standing as a sentence.
 */
const MOTHER_AGE = /\b(?:mother|mum|mama|client|patient|pt)\s*,?\s*(?:is\s+|aged\s+)?(\d{1,3})\s*(years?|yrs?)\b(?!\s*(?:ago|of|history|hx|duration))/gi;
const BARE_AGE = /(?:^|\n|[.;]\s+)\s*(\d{1,3})\s*(years?|yrs?)(?:\s+old)?\s*(?=[.,;\n]|$)/gi;
/** A note that opens on the child ("Baby girl born at term", "B/O Akello", "Child, 3 days old") is the child's. */
const CHILD_PATIENT = /^\s*(?:b\/o|baby|infant|neonate|newborn|child|boy|girl|mtoto|nbu|nicu|sncu|newborn unit)\b/i;

/** "GA 17 wks", "gestation: 28 wks", "POG 30 wks": a gestational age before the number. */
const GESTATION_BEFORE = /\b(?:GA|gestation(?:al)?(?:\s+age)?|POG|POA)\s*:?\s*$/i;
/** "for 10 yrs", "x 3 yrs", "since 5 years": a duration, not an age. */
const DURATION_BEFORE = /\b(for|x|since|over|past|last|about|approximately|~)\s*$/i;

const MALE = /\b(male|man|boy|gentleman|gent|mr|he|him|his)\b/i;
const FEMALE = /\b(female|woman|girl|lady|mrs|ms|miss|she|her|hers|pregnant|gravida|primigravida|multigravida)\b/i;
/**
 * The patient's own obstetric history or pregnancy, as antenatal, labour and gynaecology notes write it
 * ("G2P1", "G3P2+0", "P1+1", "para 6", "LNMP 10/01/2026", "@ 26/40", "ANC visit"): only a woman is gravida, para or
 * at 26 weeks of gestation. Read as the last resort, and never in a note that opens on a child.
 */
const OBSTETRIC = /(?:\b(?:G\d{1,2}\s*P\d{1,2}|P\d{1,2}\s*\+\s*\d{1,2}|L?NMP|LMP|EDD|ANC|antenatal|primip|multip|grand\s*multipara|postnatal|post-natal|postpartum|post-partum|puerperal|PNC|post\s+SVD|post\s+C\/S|caesarean|cesarean|c-section|LSCS|obstructed\s+labou?r|in\s+labou?r|(?:old|yrs?|years?),?\s+P\d{1,2}|para\s*\d{1,2})|(?:\bGA|@|\bat)\s*\d{1,2}\s*\/\s*40)(?![\p{L}\p{N}])/iu;
/** "Sex: M", "Gender: female", "Sex - F", French "sexe masculin", "Sexe : F": a form's field says it outright. */
/**
 * Swahili registers and forms (Tanzania's MTUHA books) head the column "Jinsia" (sex; TUKI, Kamusi ya Kiswahili-Kiingereza,
 * 2001) and answer ME or KE (kiume, male; kike, female), or the word itself: "Jinsia: Me", "Jinsia: kike".
 */
const SEX_FIELD = /\b(?:sexe?|gender|genre|jinsia)\s*[:=\-]?\s*(male|female|masculin|féminin|feminin|m|f|me|ke|kiume|kike|mwanaume|mwanamume|mwanamke)(?![\p{L}\p{N}])/iu;
const FEMALE_FIELD = /^(?:female|féminin|feminin|f|ke|kike|mwanamke)$/i;
/**
 * Swahili words for the patient written right beside the age, as Tanzanian and Kenyan notes do ("62 yr old
 * mzee", "mama 32yrs", "bibi, 70 years"): mzee and babu are old men, mama and bibi women. Only beside the age:
 * elsewhere "mama" is the child's mother ("Mama anasema…"). Source: TUKI, Kamusi ya Kiswahili-Kiingereza
 * (Institute of Kiswahili Research, University of Dar es Salaam, 2001). Also mwanaume/mwanamume (man) and mwanamke
 * (woman), msichana (girl) and mvulana (boy), and after "wa" (of): "Mama wa miaka 45" (a woman of 45 years). Luganda in Ugandan notes: omusajja (man),
 * omukazi and omukyala (woman), as in Snoxall RA, Luganda-English Dictionary (Oxford: Clarendon Press, 1967).
 */
const SWAHILI_MALE = /^(mzee|babu|kijana|mvulana|mwanaume|mwanamume|omusajja)$/i;
const SWAHILI_FEMALE = /^(mama|bibi|binti|msichana|mwanamke|omukazi|omukyala)$/i;
/**
 * Swahili phrases that state the patient's sex anywhere in the note (same dictionary): "mtoto wa kike" (a girl child),
 * "mgonjwa wa kiume" (a male patient), and the titles before a name, "Bi." (Bibi, Mrs/Ms) and "Bw." (Bwana, Mr).
 */
const SWAHILI_MALE_PHRASE = /(?<![\p{L}\p{N}])(?:(?:mtoto|mgonjwa|mteja)\s+wa\s+kiume(?![\p{L}\p{N}])|Bw\.\s*\p{Lu})/iu;
const SWAHILI_FEMALE_PHRASE = /(?<![\p{L}\p{N}])(?:(?:mtoto|mgonjwa|mteja)\s+wa\s+kike(?![\p{L}\p{N}])|Bi\.\s*\p{Lu})/iu;

/**
 * "Painful swelling L axilla x 5d, 28M.": the age and sex written as the presenting complaint's own clause, right after its
 * duration and a comma, wherever the complaint stands in the note.
 */
const COMPLAINT_DURATION_BEFORE = /(?:\bx|\bfor|\bsince)\s*\d{1,3}\s*(?:\/7|\/52|\/12|d|days?|wks?|weeks?|mo|mths?|months?|y|yrs?|years?)\s*[,;]\s*$/i;
const afterComplaintDuration = (text: string, at: number) => COMPLAINT_DURATION_BEFORE.test(text.slice(Math.max(0, at - 24), at));
const lineStartAt = (text: string, at: number) => at === 0 || /\n[ \t]*$/.test(text.slice(Math.max(0, at - 4), at));

function toAge(n: number, unit: string | undefined): { age: number; months: number | null } | null {
  const u = (unit ?? "y").toLowerCase();
  if (/^(mo|mos|mths?|months?)$/.test(u)) return n > 36 ? null : { age: Math.floor(n / 12), months: n };
  if (/^(wks?|weeks?)$/.test(u)) return n > 156 ? null : { age: Math.floor((n * 7) / 365.25), months: Math.floor((n * 7) / 30.4375) };
  if (/^days?$/.test(u)) return n > 1000 ? null : { age: Math.floor(n / 365.25), months: Math.floor(n / 30.4375) };
  if (n > 125) return null;
  return { age: n, months: n < 2 ? n * 12 : null };
}

/**
 * Words about other people blanked out (same length, offsets kept), so they do not decide the patient's sex:
 * the baby a mother delivered ("a baby boy", "live male infant") and, in a sentence naming another man or
 * woman ("Husband present, he accompanied her"), the pronouns of that person's sex.
 */
const BIRTH_OF = /\b(?:delivered|deliver(?:y|ies) of|gave\s+birth(?:\s+to)?|birth\s+to|born|SVD|C\/S|caesarean|cesarean|live\s+birth)\b[^.;\n]{0,30}?\b(boy|girl|male|female)s?\b/gi;
const BABY_SEX = /\b(?:baby|twin|infant|newborn|neonate)s?\s+(boys?|girls?)\b|\b(male|female)\s+(?:baby|babies|infants?|newborns?|neonates?|twins?)\b/gi;
const OTHER_MAN = /\b(husband|father|son|brother|boyfriend|grandfather|uncle|stepfather)\b/i;
const OTHER_WOMAN = /\b(wife|mother|daughter|sister|girlfriend|grandmother|aunt|stepmother|co-?wife)\b/i;
const blank = (m: string) => m.replace(/[^\n]/g, " ");

function withoutOtherPeople(text: string): string {
  let t = text;
  if (!CHILD_PATIENT.test(text)) t = t.replace(BIRTH_OF, (m, sex: string) => {
      const i = m.toLowerCase().lastIndexOf(sex.toLowerCase());
      return m.slice(0, i) + blank(m.slice(i));
    });
  // A maternity note (postnatal, "post C/S", "P3") is the mother's: "baby boy", "male infant", "twin boys" are her babies.
  if (!CHILD_PATIENT.test(text) && OBSTETRIC.test(text)) t = t.replace(BABY_SEX, (m, a?: string, b?: string) => m.replace((a ?? b)!, blank((a ?? b)!)));
  return t.replace(/[^.;\n]+/g, (sentence) => {
    let out = sentence;
    if (OTHER_MAN.test(sentence)) out = out.replace(/\b(he|him|his|husband|father|son|brother|boyfriend|grandfather|uncle|stepfather)\b/gi, blank);
    if (OTHER_WOMAN.test(sentence)) out = out.replace(/\b(she|her|hers|wife|mother|daughter|sister|girlfriend|grandmother|aunt|stepmother)\b/gi, blank);
    return out;
  });
}

/**
 * Whether the match's number is the whole part of a decimal ("male, 3.2kg", "Mrs K, 36.5 C"): a weight, a
 * temperature or a dose, never an age, which notes write in whole numbers.
 */
function decimalAt(text: string, m: RegExpMatchArray): boolean {
  const number = m.slice(1).find((g) => g !== undefined && /^\d+$/.test(g));
  if (!number) return false;
  const end = m.index! + m[0].indexOf(number) + number.length;
  return /^\.\d/.test(text.slice(end));
}

/** A Swahili word for the patient right before or after the age ("mama 32yrs", "62 yr old mzee"). */
function swahiliBeside(text: string, at: number, end: number): Demographics["gender"] {
  // "Mama Rehema, miaka 48", "Mzee Juma wa miaka 60": the word for the patient may stand before the name.
  const before = /([\p{L}]+)(?:\s+\p{Lu}[\p{L}'-]+)?(?:\s+wa)?[\s,]*$/u.exec(text.slice(Math.max(0, at - 28), at))?.[1];
  const after = /^[\s,]*([\p{L}]+)/u.exec(text.slice(end, end + 12))?.[1];
  for (const w of [after, before]) {
    if (w && SWAHILI_MALE.test(w)) return "male";
    if (w && SWAHILI_FEMALE.test(w)) return "female";
  }
  return null;
}

function fallbackAge(text: string): { at: number; end: number; age: number; months: number | null } | null {
  for (const re of CHILD_PATIENT.test(text) ? [BARE_AGE] : [MOTHER_AGE, BARE_AGE]) {
    re.lastIndex = 0;
    const m = re.exec(text);
    if (!m) continue;
    const a = toAge(Number(m[1]), m[2]);
    if (!a) continue;
    const at = m.index + m[0].indexOf(m[1]);
    return { at, end: m.index + m[0].length, age: a.age, months: a.months };
  }
  return null;
}

/**
 * A scanned form's age with a letter for a digit of the same shape ("Age: 6O yrs", "l9 years"): the digits read as
 * meant, only in a number written right before an age unit. Same length, so offsets are kept.
 */
const OCR_AGE = /(?<![\p{L}\p{N}])(?=[\dOolI]*\d)[\dOolI]{2,3}(?=\s*(?:y|yrs?|years?)(?![\p{L}\p{N}]))/gu;
const withAgeDigitsRead = (text: string) => text.replace(OCR_AGE, (n) => n.replace(/[Oo]/g, "0").replace(/[lI]/g, "1"));

export function extractDemographics(note: string): Demographics {
  const text = withAgeDigitsRead(note);
  let best: { at: number; end: number; age: number; months: number | null; sex?: string } | null = null;
  for (const re of SLASH_AGE) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const a = toAge(Number(m[1]), SLASH_UNIT[m[2]]);
      if (a && (!best || m.index! < best.at)) best = { at: m.index!, end: m.index! + m[0].length, age: a.age, months: a.months };
      break;
    }
  }
  for (const re of AGE_PATTERNS) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const n = Number(m[1]);
      // "45M" only near the start of a note, and never a temperature ("Temp 101 F").
      // ("Pt: 50 F" and "Patient: 45 M" end in a "t" too: only the word T or Temp is a temperature.)
      // "45M" opens the note or a line of it ("SURGICAL WARD ROUND - POD 2 …\n17M. Feels better"); elsewhere a
      // late "17M" is more likely a count, a dose or a reading.
      if (re === AGE_PATTERNS[3] && ((m.index! > 80 && !lineStartAt(text, m.index!) && !afterComplaintDuration(text, m.index!)) || /(?:\b(?:temp|t|deg)|°)\s*:?\s*$/i.test(text.slice(Math.max(0, m.index! - 8), m.index!)))) continue;
      if (re === AGE_PATTERNS[1] && DURATION_BEFORE.test(text.slice(Math.max(0, m.index! - 14), m.index!))) continue;
      // "GA 17 wks", "gestation 28 wks", "POA 30 wks": the pregnancy's age, not the patient's.
      if ((re === AGE_PATTERNS[1] || re === AGE_PATTERNS[2]) && GESTATION_BEFORE.test(text.slice(Math.max(0, m.index! - 20), m.index!))) continue;
      if (re === AGE_PATTERNS[SEX_FIRST] && m.index! > 80) continue;
      if (decimalAt(text, m)) continue;
      const sexFirst = re === AGE_PATTERNS[SEX_FIRST];
      const dayOfLife = re === AGE_PATTERNS[DAY_OF_LIFE];
      const swahiliWord = re === SWAHILI_WORD_AGE;
      // A child's note names the mother so ("Mama, 24, amekuja na mtoto"): there the age is not the patient's.
      if (swahiliWord && CHILD_PATIENT.test(text)) continue;
      const value = sexFirst ? Number(m[2] ?? m[3]) : dayOfLife ? Number(m[1] ?? m[2]) : swahiliWord ? Number(m[2]) : n;
      const unit = dayOfLife ? "days" : re === SWAHILI_MONTHS ? "months" : re === AGE_PATTERNS[3] || re === AGE_PATTERNS[6] || re === AGE_PATTERNS[7] || re === AGE_PATTERNS[PATIENT_SEX] || re === AGE_PATTERNS[PATIENT_SEX + 1] || re === AGE_PATTERNS[16] || re === REGISTER_COLUMNS || sexFirst || swahiliWord ? "y" : m[2];
      const a = toAge(value, unit === "y/o" || unit === "y.o" || unit === "y.o." || unit?.toLowerCase() === "yo" ? "y" : unit);
      if (!a) continue;
      if (!best || m.index! < best.at) best = { at: m.index!, end: m.index! + m[0].length, age: a.age, months: a.months, sex: re === AGE_PATTERNS[3] ? m[2] : re === AGE_PATTERNS[PATIENT_SEX] || re === REGISTER_COLUMNS ? m[2].toUpperCase() : sexFirst ? m[1] : swahiliWord ? (SWAHILI_MALE.test(m[1]) ? "M" : "F") : undefined };
      break;
    }
  }
  best ??= fallbackAge(text);
  // "Mother 30 yrs, baby boy": the age read is the mother's, so is the sex, whatever the baby's.
  if (best && !best.sex && !CHILD_PATIENT.test(text) && /\b(?:mother|mum)\s*,?\s*(?:is\s+|aged\s+)?$/i.test(text.slice(Math.max(0, best.at - 20), best.at))) best.sex = "F";
  let gender: Demographics["gender"] = null;
  const field = SEX_FIELD.exec(text);
  const beside = best ? swahiliBeside(text, best.at, best.end) : null;
  if (best?.sex) gender = best.sex === "M" ? "male" : "female";
  else if (field) gender = FEMALE_FIELD.test(field[1]) ? "female" : "male";
  else if (beside) gender = beside;
  else {
    // The sex stated nearest after the age ("58 year old male"), else the first one in the note; never
    // the sex of someone else (the baby delivered, the husband who came with her).
    const own = withoutOtherPeople(text);
    const after = best ? own.slice(best.end, best.end + 40) : "";
    const explicit = /\b(male|man|boy|gentleman|female|woman|girl|lady)\b/i.exec(after) ?? /\b([MF])\b/.exec(after.slice(0, 4));
    const word = explicit?.[1] ?? null;
    if (word) gender = /^(male|man|boy|gentleman|m)$/i.test(word) ? "male" : "female";
    else {
      const first = (a: RegExpExecArray | null, b: RegExpExecArray | null) => (a && (!b || a.index <= b.index) ? a : b);
      const m = first(MALE.exec(own), SWAHILI_MALE_PHRASE.exec(own));
      const f = first(FEMALE.exec(own), SWAHILI_FEMALE_PHRASE.exec(own));
      if (m && (!f || m.index < f.index)) gender = "male";
      else if (f) gender = "female";
      else if (!CHILD_PATIENT.test(text) && OBSTETRIC.test(own)) gender = "female";
    }
  }
  return { age: best?.age ?? null, ageMonths: best?.months ?? null, gender, ageStart: best?.at ?? null, ageEnd: best?.end ?? null };
}
