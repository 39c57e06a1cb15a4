// The shared delete confirmation (spec 1 §8: 'Are you sure you want to remove {label} ?'), and a delete behind it.
import { modals } from "@mantine/modals";
import type { UseMutationResult } from "@tanstack/react-query";
import i18next from "i18next";
import { toastOutcome } from "./toast.ts";

export function confirmRemoval(label: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title: i18next.t("common.removeConfirmationTitle"),
    children: i18next.t("common.confirmRemoval", { label }),
    labels: { confirm: i18next.t("common.delete"), cancel: i18next.t("common.cancel") },
    confirmProps: { color: "red" },
    onConfirm,
  });
}

/** What a delete needs: the name the confirmation shows, the item's key and the delete mutation. */
export type Removal<K> = { label: string; key: K; mutation: UseMutationResult<unknown, Error, K> };

/** Asks first, then deletes and toasts 'Successfully deleted' or the server's message. */
export function confirmAndRemove<K>({ label, key, mutation }: Removal<K>, onDeleted?: () => void) {
  confirmRemoval(label, () => mutation.mutate(key, toastOutcome(i18next.t("toast.deleted"), onDeleted)));
}
