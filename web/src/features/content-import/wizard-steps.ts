// The steps of the import wizard (spec 1 §4): Upload, Preview & Submit, and an Errors/Warnings step only when the
// preview found either. Submit needs a preview without errors that holds at least one container.
import type { ImportPreview } from "@repox/contracts";

export type WizardStep = "upload" | "preview" | "issues";

/** Which issues the preview holds, naming the Errors/Warnings step; null when it holds none. */
export type IssueKinds = "errors" | "warnings" | "both";

export function issueKinds(preview: ImportPreview | null): IssueKinds | null {
  if (!preview) return null;
  const hasErrors = preview.errors.length > 0;
  const hasWarnings = preview.warnings.length > 0;
  if (hasErrors && hasWarnings) return "both";
  if (hasErrors) return "errors";
  return hasWarnings ? "warnings" : null;
}

export function wizardSteps(preview: ImportPreview | null): WizardStep[] {
  return issueKinds(preview) ? ["upload", "preview", "issues"] : ["upload", "preview"];
}

export function canSubmit(preview: ImportPreview | null): boolean {
  return preview !== null && preview.errors.length === 0 && preview.containers.length > 0;
}

/** Next from Upload needs a file that passed the checks; from the preview it leads to the issues, when there are any. */
export function canGoNext(step: WizardStep, steps: readonly WizardStep[], hasUsableFile: boolean): boolean {
  if (step === "upload") return hasUsableFile;
  return steps.indexOf(step) < steps.length - 1;
}
