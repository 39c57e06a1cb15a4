// /settings/content-model/namespaces: the paged namespace list with its editor.
import { type Namespace, PERMISSIONS } from "@repox/contracts";
import { IconWorld } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LIST_PAGE_SIZE } from "../../../api/list-params.ts";
import { ListPage } from "../../../components/list-page.tsx";
import { useListSearch } from "../../../components/list-search.ts";
import { useMyPermissions } from "../../auth/permissions.ts";
import { ContentModelBreadcrumbs } from "../shared/content-model-breadcrumbs.tsx";
import { useEditorState } from "../shared/editor-state.ts";
import { useNamespaces } from "./api.ts";
import { NamespaceDialog } from "./namespace-dialog.tsx";
import { NamespaceList } from "./namespace-list.tsx";

export function NamespacesPage() {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const canEdit = can(PERMISSIONS.settingsContentModelEdit);
  const { page, setPage, q, search } = useListSearch();
  const namespaces = useNamespaces({ page, size: LIST_PAGE_SIZE, q });
  const editor = useEditorState<Namespace>();

  return (
    <>
      <ListPage
        title={t("contentModel.namespaces.title")}
        breadcrumbs={<ContentModelBreadcrumbs current={t("contentModel.namespaces.title")} />}
        search={{ label: t("contentModel.namespaces.search"), onSearch: search }}
        create={canEdit ? { label: t("contentModel.namespaces.create"), onCreate: editor.create } : null}
        query={namespaces}
        emptyTitle={t("contentModel.namespaces.empty")}
        emptyIcon={<IconWorld size={32} />}
        onPageChange={setPage}
      >
        {(items, layout) => <NamespaceList namespaces={items} layout={layout} onOpen={editor.edit} />}
      </ListPage>
      {editor.state && <NamespaceDialog namespace={editor.state.item} canEdit={canEdit} onClose={editor.close} />}
    </>
  );
}
