// The dialogs of bulk actions on a multi-selection: move or link through the destination picker, a colour from the
// palette, a tag added or removed. Each sends one bulk request and shows its per-item outcome.
import { Button, Group, Modal, Select, Stack } from "@mantine/core";
import { LIMITS, TAG_DEFAULT_SCOPE } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { showError } from "../../components/toast.ts";
import { DestinationPickerModal } from "../destination-picker/destination-picker-modal.tsx";
import type { Destination, PickerMode } from "../destination-picker/destination-rules.ts";
import { useTags } from "../tags/api.ts";
import { type ItemRef, useBulkAction } from "./api.ts";
import { showBulkOutcome } from "./bulk-outcome.tsx";
import { ColorPalette } from "./color-palette.tsx";
import { pickerLabel } from "./label-display.ts";

/** Items of a multi-selection, with their labels (to name refused ones) and the folder they are listed in. */
export type BulkSubjects = { items: readonly (ItemRef & { label: string })[]; from: string };

const bulkItems = ({ items }: BulkSubjects) =>
  items.map((item) => ({ objectType: item.kind === "container" ? ("CONTAINER" as const) : ("DATASTREAM" as const), objectId: item.uuid }));
const labelsOf = ({ items }: BulkSubjects) => new Map(items.map((item) => [item.uuid, item.label]));
const onFailure = { onError: (error: unknown) => showError(errorText(error)) };

export function BulkMoveLinkDialog({ mode, subjects, onClose }: { mode: PickerMode; subjects: BulkSubjects; onClose: () => void }) {
  const { t } = useTranslation();
  const move = useBulkAction("move");
  const link = useBulkAction("link");
  const items = bulkItems(subjects);
  const done = (text: string) => ({
    ...onFailure,
    onSuccess: (result: Parameters<typeof showBulkOutcome>[0]) => {
      showBulkOutcome(result, labelsOf(subjects), text);
      onClose();
    },
  });
  const confirm = (destination: Destination) => {
    const label = pickerLabel(destination.label);
    if (mode === "move") move.mutate({ items, from: subjects.from, to: destination.uuid }, done(t("containers.toasts.moved", { label })));
    else link.mutate({ items, to: destination.uuid }, done(t("containers.toasts.linked", { label })));
  };
  const count = subjects.items.length;
  return (
    <DestinationPickerModal
      title={t(mode === "move" ? "containers.bulk.moveTitle" : "containers.bulk.linkTitle", { count })}
      confirmLabel={t(mode === "move" ? "containers.picker.move" : "containers.picker.link")}
      subjects={subjects.items.map((item) => ({ ...item, from: subjects.from }))}
      perItem
      isPending={move.isPending || link.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

export function BulkColorModal({ subjects, onClose }: { subjects: BulkSubjects; onClose: () => void }) {
  const { t } = useTranslation();
  const color = useBulkAction("color");
  const pick = (value: string | null) =>
    color.mutate(
      { items: bulkItems(subjects), color: value },
      {
        ...onFailure,
        onSuccess: (result) => {
          showBulkOutcome(result, labelsOf(subjects), t("toast.updated"));
          onClose();
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={t("containers.bulk.colorTitle", { count: subjects.items.length })} size="auto">
      <ColorPalette value={null} disabled={color.isPending} onPick={pick} />
    </Modal>
  );
}

export function BulkTagModal({ subjects, onClose }: { subjects: BulkSubjects; onClose: () => void }) {
  const { t } = useTranslation();
  const catalogue = useTags({ page: 0, size: LIMITS.maxPageSize, scope: TAG_DEFAULT_SCOPE });
  const tag = useBulkAction("tag");
  const [tagId, setTagId] = useState<string | null>(null);
  const options = (catalogue.data?.content ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }));
  const apply = (assigned: boolean) => {
    if (tagId === null) return;
    tag.mutate(
      { items: bulkItems(subjects), tagId: Number(tagId), assigned },
      {
        ...onFailure,
        onSuccess: (result) => {
          showBulkOutcome(result, labelsOf(subjects), t("toast.updated"));
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t("containers.bulk.tagTitle", { count: subjects.items.length })}>
      <Stack gap="md">
        <Select
          label={t("containers.bulk.tag")}
          placeholder={t("containers.bulk.chooseTag")}
          data={options}
          value={tagId}
          onChange={setTagId}
          searchable
          data-autofocus
          nothingFoundMessage={t("containers.details.noTags")}
        />
        <Group justify="flex-end">
          <Button variant="default" disabled={tagId === null} loading={tag.isPending} onClick={() => apply(false)}>
            {t("containers.bulk.removeTag")}
          </Button>
          <Button disabled={tagId === null} loading={tag.isPending} onClick={() => apply(true)}>
            {t("containers.bulk.addTag")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
