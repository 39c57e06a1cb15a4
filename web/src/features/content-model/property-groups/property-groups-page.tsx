// /settings/content-model/property-groups: the paged list of property groups with their editor.
import { PERMISSIONS, type PropertyGroup } from "@repox/contracts";
import { IconFolders } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LIST_PAGE_SIZE } from "../../../api/list-params.ts";
import { ListPage } from "../../../components/list-page.tsx";
import { useListSearch } from "../../../components/list-search.ts";
import { useMyPermissions } from "../../auth/permissions.ts";
import { ContentModelBreadcrumbs } from "../shared/content-model-breadcrumbs.tsx";
import { useEditorState } from "../shared/editor-state.ts";
import { usePropertyGroups } from "./api.ts";
import { PropertyGroupDialog } from "./property-group-dialog.tsx";
import { PropertyGroupList } from "./property-group-list.tsx";

export function PropertyGroupsPage() {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const canEdit = can(PERMISSIONS.settingsContentModelEdit);
  const { page, setPage, q, search } = useListSearch();
  const groups = usePropertyGroups({ page, size: LIST_PAGE_SIZE, q });
  const editor = useEditorState<PropertyGroup>();

  return (
    <>
      <ListPage
        title={t("contentModel.propertyGroups.title")}
        breadcrumbs={<ContentModelBreadcrumbs current={t("contentModel.propertyGroups.title")} />}
        search={{ label: t("contentModel.propertyGroups.search"), onSearch: search }}
        create={canEdit ? { label: t("contentModel.propertyGroups.create"), onCreate: editor.create } : null}
        query={groups}
        emptyTitle={t("contentModel.propertyGroups.empty")}
        emptyIcon={<IconFolders size={32} />}
        onPageChange={setPage}
      >
        {(items, layout) => <PropertyGroupList groups={items} layout={layout} onOpen={editor.edit} />}
      </ListPage>
      {editor.state && <PropertyGroupDialog group={editor.state.item} canEdit={canEdit} onClose={editor.close} />}
    </>
  );
}
