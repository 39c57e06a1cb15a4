// The actions of one vocabulary: open its terms, edit, show usage, export as xlsx and delete (with confirmation).
import { ActionIcon, Menu } from "@mantine/core";
import type { Vocabulary } from "@repox/contracts";
import { IconDots, IconDownload, IconEdit, IconList, IconSitemap, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { confirmAndRemove } from "../../components/confirm-removal.ts";
import { toastOutcome } from "../../components/toast.ts";
import { useDeleteVocabulary, useExportVocabulary } from "./api.ts";

export type VocabularyHandlers = {
  canEdit: boolean;
  onEdit: (vocabulary: Vocabulary) => void;
  onShowUsage: (vocabulary: Vocabulary) => void;
};

export function termsPath(vocabulary: Vocabulary) {
  return `/settings/content-model/vocabulary/${vocabulary.uuid}`;
}

export function VocabularyActions({ vocabulary, canEdit, onEdit, onShowUsage }: VocabularyHandlers & { vocabulary: Vocabulary }) {
  const { t } = useTranslation();
  const remove = useDeleteVocabulary();
  const exportFile = useExportVocabulary();

  const askRemoval = () => confirmAndRemove({ label: vocabulary.name, key: vocabulary.uuid, mutation: remove });
  const download = () => exportFile.mutate(vocabulary, toastOutcome(t("toast.exported")));

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t("vocabularies.actions", { name: vocabulary.name })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={termsPath(vocabulary)} leftSection={<IconList size={16} />}>
          {t("vocabularies.open")}
        </Menu.Item>
        {canEdit && (
          <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onEdit(vocabulary)}>
            {t("vocabularies.edit")}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconSitemap size={16} />} onClick={() => onShowUsage(vocabulary)}>
          {t("vocabularies.usage")}
        </Menu.Item>
        <Menu.Item leftSection={<IconDownload size={16} />} onClick={download} disabled={exportFile.isPending}>
          {t("vocabularies.export")}
        </Menu.Item>
        {canEdit && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={askRemoval}>
            {t("vocabularies.delete")}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
