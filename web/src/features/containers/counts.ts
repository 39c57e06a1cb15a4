// The row text of a container: spec 1 §2's '{n} folder(s) and {m} file(s)', with each count in its plural form.
import type { TFunction } from "i18next";

export function countsText(t: TFunction, folders: number, files: number): string {
  return t("containers.counts", {
    folders: t("containers.folderCount", { count: folders }),
    files: t("containers.fileCount", { count: files }),
  });
}
