// The survey's cross-field rules (issue 12 "Model"): unique ids, every question in exactly one section, each type's
// details, branching targets, open before close. One schema, CheckedSurveyBody, for the server and the editor.
import type { z } from "zod";
import { BRANCHING_TYPES, GRID_TYPES, OPTION_TYPES } from "./survey-answers.ts";
import { parseSurveyTime } from "./survey-timestamps.ts";
import { SUBMIT_TARGET, SURVEY_LIMITS, SurveyBody } from "./surveys.ts";

type Issue = { path: (string | number)[]; message: string };

export function surveyStructureIssues(survey: z.infer<typeof SurveyBody>): Issue[] {
  const issues: Issue[] = [];
  const questionIndex = new Map<string, number>();
  survey.questions.forEach((question, index) => {
    if (questionIndex.has(question.id))
      issues.push({ path: ["questions", index, "id"], message: `'${question.id}' is used by another question` });
    else questionIndex.set(question.id, index);
  });
  const sectionIndex = new Map<string, number>();
  const placedIn = new Map<string, number>();
  survey.sections.forEach((section, index) => {
    if (section.id === SUBMIT_TARGET) issues.push({ path: ["sections", index, "id"], message: `'${SUBMIT_TARGET}' cannot name a section` });
    else if (sectionIndex.has(section.id))
      issues.push({ path: ["sections", index, "id"], message: `'${section.id}' is used by another section` });
    else sectionIndex.set(section.id, index);
    section.questions.forEach((id, position) => {
      const path = ["sections", index, "questions", position];
      if (!questionIndex.has(id)) issues.push({ path, message: `names no question of the survey: '${id}'` });
      else if (placedIn.has(id)) issues.push({ path, message: `question '${id}' is in more than one section` });
      else placedIn.set(id, index);
    });
  });
  survey.questions.forEach((question, index) => {
    if (questionIndex.get(question.id) === index && !placedIn.has(question.id)) {
      issues.push({ path: ["questions", index], message: `question '${question.id}' is in no section` });
    }
  });
  const branchingPerSection = new Map<number, string>();
  survey.questions.forEach((question, index) => {
    const path = ["questions", index, "details"];
    const { details, type } = question;
    if (OPTION_TYPES.includes(type)) {
      const options = details.options ?? [];
      if (options.length === 0) issues.push({ path: [...path, "options"], message: `of '${question.id}' needs at least one option` });
      const twice = options.find((option, i) => options.indexOf(option) !== i);
      if (twice !== undefined) issues.push({ path: [...path, "options"], message: `of '${question.id}' has the option '${twice}' twice` });
    }
    if (GRID_TYPES.includes(type)) {
      for (const key of ["rows", "columns"] as const) {
        const lines = details[key] ?? [];
        if (lines.length === 0) issues.push({ path: [...path, key], message: `of '${question.id}' needs at least one` });
        const ids = lines.map((line) => line.id);
        const twice = ids.find((id, i) => ids.indexOf(id) !== i);
        if (twice !== undefined) issues.push({ path: [...path, key], message: `of '${question.id}' use the id '${twice}' twice` });
      }
    }
    if (type === "LINEAR_SCALE") {
      const { scaleMin, scaleMax } = SURVEY_LIMITS;
      const from = details.from ?? 1;
      const to = details.to ?? 2;
      for (const [key, value] of [
        ["from", from],
        ["to", to],
      ] as const) {
        if (!Number.isInteger(value) || value < scaleMin || value > scaleMax) {
          issues.push({ path: [...path, key], message: `of '${question.id}' must be a whole number from ${scaleMin} to ${scaleMax}` });
        }
      }
      if (to <= from) issues.push({ path: [...path, "to"], message: `of '${question.id}' must be greater than 'from'` });
    }
    const goTo = details.goTo;
    if (goTo && Object.keys(goTo).length > 0 && BRANCHING_TYPES.includes(type)) {
      const home = placedIn.get(question.id);
      if (home !== undefined) {
        const other = branchingPerSection.get(home);
        if (other)
          issues.push({
            path: [...path, "goTo"],
            message: `'${question.id}': section already branches on '${other}'; one branching question a section`,
          });
        branchingPerSection.set(home, question.id);
      }
      for (const [option, target] of Object.entries(goTo)) {
        if (!(details.options ?? []).includes(option))
          issues.push({ path: [...path, "goTo"], message: `of '${question.id}' names '${option}', which is not an option` });
        if (target === SUBMIT_TARGET) continue;
        const targetIndex = sectionIndex.get(target);
        if (targetIndex === undefined)
          issues.push({ path: [...path, "goTo"], message: `of '${question.id}' leads to no section: '${target}'` });
        else if (home !== undefined && targetIndex <= home) {
          issues.push({ path: [...path, "goTo"], message: `of '${question.id}' must lead to a later section or to the end` });
        }
      }
    }
  });
  if (survey.openAt && survey.closeAt && parseSurveyTime(survey.openAt) >= parseSurveyTime(survey.closeAt)) {
    issues.push({ path: ["openAt"], message: "must be before closeAt" });
  }
  return issues;
}

export const CheckedSurveyBody = SurveyBody.superRefine((survey, context) => {
  for (const issue of surveyStructureIssues(survey)) context.addIssue({ code: "custom", path: issue.path, message: issue.message });
});
export type CheckedSurveyBody = z.infer<typeof CheckedSurveyBody>;
