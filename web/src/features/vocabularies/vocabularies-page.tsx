// /settings/content-model/vocabularies: the paged vocabulary list with its editor, usage lookup and export.
import { PERMISSIONS, VOCABULARY_LIMITS, type Vocabulary } from "@repox/contracts";
import { IconBook } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPage } from "../../components/list-page.tsx";
import { useListSearch } from "../../components/list-search.ts";
import { useMyPermissions } from "../auth/permissions.ts";
import { ContentModelBreadcrumbs } from "../content-model/shared/content-model-breadcrumbs.tsx";
import { useEditorState } from "../content-model/shared/editor-state.ts";
import { useVocabularies } from "./api.ts";
import { VocabularyDialog } from "./vocabulary-dialog.tsx";
import { VocabularyList } from "./vocabulary-list.tsx";
import { VocabularyUsageModal } from "./vocabulary-usage-modal.tsx";

export function VocabulariesPage() {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const canEdit = can(PERMISSIONS.settingsContentModelEdit);
  const { page, setPage, q, search } = useListSearch();
  const vocabularies = useVocabularies({ page, size: VOCABULARY_LIMITS.vocabularyPageSize, q });
  const editor = useEditorState<Vocabulary>();
  const [usageOf, setUsageOf] = useState<Vocabulary | null>(null);

  return (
    <>
      <ListPage
        title={t("vocabularies.title")}
        breadcrumbs={<ContentModelBreadcrumbs current={t("vocabularies.title")} />}
        search={{ label: t("vocabularies.search"), onSearch: search }}
        create={canEdit ? { label: t("vocabularies.create"), onCreate: editor.create } : null}
        query={vocabularies}
        emptyTitle={t("vocabularies.empty")}
        emptyIcon={<IconBook size={32} />}
        onPageChange={setPage}
      >
        {(items, layout) => (
          <VocabularyList vocabularies={items} layout={layout} canEdit={canEdit} onEdit={editor.edit} onShowUsage={setUsageOf} />
        )}
      </ListPage>
      {editor.state && <VocabularyDialog vocabulary={editor.state.item} canEdit={canEdit} onClose={editor.close} />}
      {usageOf && <VocabularyUsageModal vocabulary={usageOf} onClose={() => setUsageOf(null)} />}
    </>
  );
}
