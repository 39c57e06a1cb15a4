// The surveys benchmark's survey and respondents: 20 questions of every answerable type in two sections, and
// deterministic answers (a seeded generator) that pass the server's answer checks. Used by the seeder (bundled) and by
// bench/surveys.mjs (public submissions).

const grid = (rows, columns) => ({
  rows: Array.from({ length: rows }, (_, i) => ({ id: `r${i + 1}`, value: `Row ${i + 1}` })),
  columns: Array.from({ length: columns }, (_, i) => ({ id: `c${i + 1}`, value: `Column ${i + 1}` })),
});

const question = (id, type, details = {}, required = false) => ({ id, type, title: `Question ${id}`, description: "", required, details });

export const benchQuestions = [
  question("q01", "SHORT_ANSWER"),
  question("q02", "SHORT_ANSWER"),
  question("q03", "PARAGRAPH"),
  question("q04", "DROPDOWN", { options: ["North", "South", "East", "West"] }),
  question("q05", "MULTIPLE_CHOICE", { options: ["Yes", "No", "Not sure"], hasOtherOption: true }),
  question("q06", "CHECKBOXES", { options: ["Red", "Green", "Blue", "Yellow", "Black"], hasOtherOption: true }),
  question("q07", "MULTIPLE_CHOICE_GRID", grid(3, 4)),
  question("q08", "CHECKBOX_GRID", grid(3, 3)),
  question("q09", "LINEAR_SCALE", { from: 1, to: 5, fromLabel: "Poor", toLabel: "Great" }),
  question("q10", "EMAIL", {}, true),
  question("q11", "SHORT_ANSWER"),
  question("q12", "PARAGRAPH"),
  question("q13", "DROPDOWN", { options: ["One", "Two", "Three"] }),
  question("q14", "MULTIPLE_CHOICE", { options: ["Daily", "Weekly", "Monthly", "Never"] }),
  question("q15", "CHECKBOXES", { options: ["Web", "Phone", "Mail"] }),
  question("q16", "MULTIPLE_CHOICE_GRID", grid(4, 5)),
  question("q17", "LINEAR_SCALE", { from: 0, to: 10, fromLabel: "Never", toLabel: "Always" }),
  question("q18", "DATE"),
  question("q19", "TIME"),
  question("q20", "SHORT_ANSWER"),
];

export const benchSections = [
  { id: "s1", title: "First", description: "", questions: benchQuestions.slice(0, 10).map((q) => q.id) },
  { id: "s2", title: "Second", description: "", questions: benchQuestions.slice(10).map((q) => q.id) },
];

export const benchSurvey = (label) => ({ label, surveyType: "EMAIL_ONLY", sections: benchSections, questions: benchQuestions });

/** A small fast seeded generator (mulberry32). */
export function randomOf(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ["fine", "quick", "slow", "great", "helpful", "friendly", "late", "clear", "busy", "calm", "bright", "warm"];
const pick = (random, list) => list[Math.floor(random() * list.length)];
const words = (random, count) => Array.from({ length: count }, () => pick(random, WORDS)).join(" ");

function answerOf(q, random, index) {
  const d = q.details;
  switch (q.type) {
    case "SHORT_ANSWER":
      return random() < 0.6 ? words(random, 3) : "";
    case "PARAGRAPH":
      return random() < 0.4 ? words(random, 30) : "";
    case "DROPDOWN":
      return pick(random, d.options);
    case "MULTIPLE_CHOICE":
      return d.hasOtherOption && random() < 0.1
        ? { answers: [], other: words(random, 2) }
        : { answers: [pick(random, d.options)], other: "" };
    case "CHECKBOXES": {
      const answers = d.options.filter(() => random() < 0.4);
      return { answers, other: d.hasOtherOption && random() < 0.1 ? words(random, 2) : "" };
    }
    case "MULTIPLE_CHOICE_GRID":
      return d.rows.map((row) => ({ rowId: row.id, columnIds: [pick(random, d.columns).id] }));
    case "CHECKBOX_GRID":
      return d.rows.map((row) => ({ rowId: row.id, columnIds: d.columns.filter(() => random() < 0.5).map((c) => c.id) }));
    case "LINEAR_SCALE":
      return d.from + Math.floor(random() * (d.to - d.from + 1));
    case "EMAIL":
      return `answer${index}@bench.example`;
    case "DATE":
      return `2026-${String(1 + Math.floor(random() * 12)).padStart(2, "0")}-${String(1 + Math.floor(random() * 28)).padStart(2, "0")}`;
    case "TIME":
      return `${String(Math.floor(random() * 24)).padStart(2, "0")}:${String(Math.floor(random() * 60)).padStart(2, "0")}`;
    default:
      return "";
  }
}

/** Respondent `index`'s submission (the public POST body), the same for the same index. */
export function benchSubmission(index, prefix = "respondent") {
  const random = randomOf(index + 1);
  return {
    email: `${prefix}${index}@bench.example`,
    firstName: pick(random, ["Zoë", "Ana", "Luka", "Eleni", "Marco", "Jovana"]),
    lastName: pick(random, ["Ångström", "Petrović", "Rossi", "Papadopoulou", "García"]),
    organization: "",
    answers: benchQuestions.map((q) => ({ id: q.id, value: answerOf(q, random, index) })).filter(({ value }) => value !== ""),
  };
}
