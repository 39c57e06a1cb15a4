// The create/edit tag dialog; `new` in the path creates.
import { Modal } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { QueryStatus } from "../../components/query-status.tsx";
import { useTag } from "./api.ts";
import { TagForm } from "./tag-form.tsx";

type Props = { id: string; canEdit: boolean; onClose: () => void };

export function TagDialog({ id, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const isNew = id === "new";
  const tag = useTag(isNew ? null : Number(id));
  return (
    <Modal opened onClose={onClose} title={isNew ? t("tags.createTitle") : t("tags.editTitle")}>
      {isNew || tag.data ? (
        <TagForm key={tag.data?.id ?? "new"} tag={tag.data ?? null} canEdit={canEdit} onDone={onClose} />
      ) : (
        <QueryStatus isLoading={tag.isLoading} error={tag.error} />
      )}
    </Modal>
  );
}
