// The row text of a container: '{n} folder(s) and {m} file(s)' (spec 1 §2).
import type { TFunction } from "i18next";

export function countsText(t: TFunction, folders: number, files: number): string {
  return t("containers.counts", { folders, files });
}
