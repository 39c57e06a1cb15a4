// What one response adds to (or, deleted, takes from) its survey's counters and texts, computed against the version it
// answered: every answerable question on the response's path counts as shown, answered ones add their choice keys.
import { type Answer, isAnswerable, type Question, type Section, sectionPath } from "@repox/contracts";
import { answerKeys, answerTexts } from "./answer-keys.ts";
import type { CounterChange } from "./repository.ts";

type Version = { sections: Section[]; questions: Question[] };

function answeredOnPath(version: Version, answers: Answer[]): { question: Question; value: unknown }[] {
  const values = new Map(answers.map((answer) => [answer.id, answer.value]));
  const questions = new Map(version.questions.map((question) => [question.id, question]));
  return sectionPath(version, (id) => values.get(id))
    .flatMap((section) => section.questions)
    .map((id) => questions.get(id))
    .filter((question): question is Question => question !== undefined && isAnswerable(question))
    .map((question) => ({ question, value: values.get(question.id) }));
}

/** The counter changes of one response; `delta` +1 when it arrives, -1 when it is deleted. */
export function responseCounterChanges(version: Version, answers: Answer[], delta: number): CounterChange[] {
  return answeredOnPath(version, answers).flatMap(({ question, value }) =>
    answerKeys(question, value).map((key) => ({ questionId: question.id, key, delta })),
  );
}

/** The same for many responses, summed per counter. */
export function sumCounterChanges(changes: CounterChange[]): CounterChange[] {
  const sums = new Map<string, CounterChange>();
  for (const change of changes) {
    const id = `${change.questionId}\n${change.key}`;
    const sum = sums.get(id);
    if (sum) sum.delta += change.delta;
    else sums.set(id, { ...change });
  }
  return [...sums.values()].filter((change) => change.delta !== 0);
}

export function responseTexts(version: Version, answers: Answer[]): { questionId: string; isOther: boolean; value: string }[] {
  return answeredOnPath(version, answers).flatMap(({ question, value }) =>
    answerTexts(question, value).map((text) => ({ questionId: question.id, ...text })),
  );
}
