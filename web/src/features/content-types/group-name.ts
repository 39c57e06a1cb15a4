// The name a section or a group option shows.
import type { PropertyGroup } from "@repox/contracts";
import type { TFunction } from "i18next";

export function groupName(t: TFunction, groups: readonly PropertyGroup[], groupId: number | null): string {
  if (groupId === null) return t("contentTypes.noGroup");
  return groups.find((group) => group.id === groupId)?.name ?? t("contentTypes.unknownGroup", { id: groupId });
}
