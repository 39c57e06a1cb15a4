// How a change to several items ends: a success toast when every item was changed; otherwise an error toast with the
// count and a dialog listing each refused item with the server's reason.
import { List, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { BulkResult } from "@repox/contracts";
import i18next from "i18next";
import { showError, showSuccess } from "../../components/toast.ts";

/** Item labels by uuid, for naming refused items. */
export type LabelsByUuid = ReadonlyMap<string, string>;

export function showBulkOutcome({ results }: BulkResult, labels: LabelsByUuid, successText: string) {
  const t = i18next.t;
  const refused = results.filter((result) => !result.ok);
  if (refused.length === 0) {
    showSuccess(successText);
    return;
  }
  showError(t("containers.bulk.refusedSummary", { count: refused.length, total: results.length, done: results.length - refused.length }));
  modals.open({
    title: t("containers.bulk.refusedTitle"),
    children: (
      <>
        <Text size="sm" mb="sm">
          {t("containers.bulk.refusedIntro", { count: refused.length })}
        </Text>
        <List size="sm" spacing={4} aria-label={t("containers.bulk.refusedTitle")}>
          {refused.map((result) => (
            <List.Item key={`${result.objectType}:${result.objectId}`}>
              <Text span fw={600} size="sm">
                {labels.get(result.objectId) ?? result.objectId}
              </Text>
              {`: ${result.message ?? ""}`}
            </List.Item>
          ))}
        </List>
      </>
    ),
  });
}
