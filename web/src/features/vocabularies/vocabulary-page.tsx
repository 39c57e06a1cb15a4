// /settings/content-model/vocabulary/{uuid}: one vocabulary's terms, paged on the server, with search, add, edit,
// delete, the two-stage import and the export.
import { Anchor, Button, Group, Text } from "@mantine/core";
import { PERMISSIONS, type Term, VOCABULARY_LIMITS } from "@repox/contracts";
import { IconDownload, IconFileImport, IconList, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { confirmAndRemove } from "../../components/confirm-removal.ts";
import { useListSearch } from "../../components/list-search.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { PagedList } from "../../components/paged-list.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { toastOutcome } from "../../components/toast.ts";
import { useMyPermissions } from "../auth/permissions.ts";
import { ContentModelBreadcrumbs } from "../content-model/shared/content-model-breadcrumbs.tsx";
import { useEditorState } from "../content-model/shared/editor-state.ts";
import { useDeleteTerm, useExportVocabulary, useTerms, useVocabulary } from "./api.ts";
import { TermDialog } from "./term-dialog.tsx";
import { TermImportModal } from "./term-import-modal.tsx";
import { TermSearchField } from "./term-search-field.tsx";
import { TermTable } from "./term-table.tsx";

export function VocabularyPage() {
  const { t } = useTranslation();
  const { uuid = "" } = useParams();
  const { can } = useMyPermissions();
  const canEdit = can(PERMISSIONS.settingsContentModelEdit);
  const vocabulary = useVocabulary(uuid);
  const { page, setPage, q, search } = useListSearch();
  const terms = useTerms(uuid, { page, size: VOCABULARY_LIMITS.termPageSize, q });
  const editor = useEditorState<Term>();
  const [isImporting, setImporting] = useState(false);
  const removeTerm = useDeleteTerm(uuid);
  const exportFile = useExportVocabulary();

  if (!vocabulary.data) return <QueryStatus isLoading={vocabulary.isLoading} error={vocabulary.error} />;
  const current = vocabulary.data;
  const { name, description, vocUri } = current;

  const askRemoval = (term: Term) => confirmAndRemove({ label: term.label, key: term.termId, mutation: removeTerm });
  const download = () => exportFile.mutate(current, toastOutcome(t("toast.exported")));

  return (
    <>
      <ContentModelBreadcrumbs current={name} via={[{ label: t("vocabularies.title"), to: "/settings/content-model/vocabularies" }]} />
      <PageHeader title={name}>
        <TermSearchField value={q} onSearch={search} />
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download} loading={exportFile.isPending}>
          {t("vocabularies.export")}
        </Button>
        {canEdit && (
          <>
            <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
              {t("terms.import")}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={editor.create}>
              {t("terms.add")}
            </Button>
          </>
        )}
      </PageHeader>
      {(description || vocUri) && (
        <Group gap="md" mb="md">
          {description && <Text c="dimmed">{description}</Text>}
          {vocUri && (
            <Anchor href={vocUri} target="_blank" rel="noopener noreferrer" size="sm">
              {vocUri}
            </Anchor>
          )}
        </Group>
      )}
      <PagedList query={terms} emptyTitle={t("terms.empty")} emptyIcon={<IconList size={32} />} onPageChange={setPage}>
        {(items) => <TermTable terms={items} canEdit={canEdit} onEdit={editor.edit} onDelete={askRemoval} />}
      </PagedList>
      {editor.state && <TermDialog vocabularyUuid={uuid} term={editor.state.item} onClose={editor.close} />}
      {isImporting && <TermImportModal vocabularyUuid={uuid} onClose={() => setImporting(false)} />}
    </>
  );
}
