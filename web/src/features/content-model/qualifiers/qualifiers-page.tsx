// /settings/content-model/qualifiers: the paged qualifier list with its editor.
import { PERMISSIONS, type Qualifier } from "@repox/contracts";
import { IconLanguage } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LIST_PAGE_SIZE } from "../../../api/list-params.ts";
import { ListPage } from "../../../components/list-page.tsx";
import { useListSearch } from "../../../components/list-search.ts";
import { useMyPermissions } from "../../auth/permissions.ts";
import { ContentModelBreadcrumbs } from "../shared/content-model-breadcrumbs.tsx";
import { useEditorState } from "../shared/editor-state.ts";
import { useQualifiers } from "./api.ts";
import { QualifierDialog } from "./qualifier-dialog.tsx";
import { QualifierList } from "./qualifier-list.tsx";

export function QualifiersPage() {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const canEdit = can(PERMISSIONS.settingsContentModelEdit);
  const { page, setPage, q, search } = useListSearch();
  const qualifiers = useQualifiers({ page, size: LIST_PAGE_SIZE, q });
  const editor = useEditorState<Qualifier>();

  return (
    <>
      <ListPage
        title={t("contentModel.qualifiers.title")}
        breadcrumbs={<ContentModelBreadcrumbs current={t("contentModel.qualifiers.title")} />}
        search={{ label: t("contentModel.qualifiers.search"), onSearch: search }}
        create={canEdit ? { label: t("contentModel.qualifiers.create"), onCreate: editor.create } : null}
        query={qualifiers}
        emptyTitle={t("contentModel.qualifiers.empty")}
        emptyIcon={<IconLanguage size={32} />}
        onPageChange={setPage}
      >
        {(items, layout) => <QualifierList qualifiers={items} layout={layout} onOpen={editor.edit} />}
      </ListPage>
      {editor.state && <QualifierDialog qualifier={editor.state.item} canEdit={canEdit} onClose={editor.close} />}
    </>
  );
}
