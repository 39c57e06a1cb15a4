// The confirmations before a response, or all of them, are deleted for good.
import { modals } from "@mantine/modals";
import i18next from "i18next";

export function confirmResponseDelete(onConfirm: () => void) {
  modals.openConfirmModal({
    title: i18next.t("surveyResponses.response.deleteTitle"),
    children: i18next.t("surveyResponses.response.deleteConfirm"),
    labels: { confirm: i18next.t("common.delete"), cancel: i18next.t("common.cancel") },
    confirmProps: { color: "red" },
    onConfirm,
  });
}

export function confirmDeleteAll(onConfirm: () => void) {
  modals.openConfirmModal({
    title: i18next.t("surveyResponses.deleteAll"),
    children: i18next.t("surveyResponses.deleteAllConfirm"),
    labels: { confirm: i18next.t("surveyResponses.deleteAll"), cancel: i18next.t("common.cancel") },
    confirmProps: { color: "red" },
    onConfirm,
  });
}
