// Spec 2 §8: some failures (loading languages, the export) read 'Something went wrong. Error code: {status}.'
// whatever the server said; with no response at all they read 'Something went wrong.'.
import i18next from "i18next";
import { ApiError, errorText } from "../../../api/errors.ts";

export function statusFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status !== null) return i18next.t("contentModel.failure", { status: error.status });
  return errorText(error);
}
