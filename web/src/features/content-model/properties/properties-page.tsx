// /settings/content-model/properties: the paged property list (search, type filter) with its editor and usage list.
import { Select } from "@mantine/core";
import { PERMISSIONS, type Property, type PropertyTypeCode } from "@repox/contracts";
import { IconListDetails } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LIST_PAGE_SIZE } from "../../../api/list-params.ts";
import { ListPage } from "../../../components/list-page.tsx";
import { useListSearch } from "../../../components/list-search.ts";
import { useMyPermissions } from "../../auth/permissions.ts";
import { ContentModelBreadcrumbs } from "../shared/content-model-breadcrumbs.tsx";
import { useEditorState } from "../shared/editor-state.ts";
import { useProperties } from "./api.ts";
import { PropertyDialog } from "./property-dialog.tsx";
import { PropertyList } from "./property-list.tsx";
import { propertyTypeOptions } from "./property-type-label.ts";
import { PropertyUsageModal } from "./property-usage-modal.tsx";

export function PropertiesPage() {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const canEdit = can(PERMISSIONS.settingsContentModelEdit);
  const { page, setPage, q, search } = useListSearch();
  const [propertyType, setPropertyType] = useState<PropertyTypeCode | null>(null);
  const properties = useProperties({ page, size: LIST_PAGE_SIZE, q, propertyType: propertyType ?? undefined });
  const editor = useEditorState<Property>();
  const [usageOf, setUsageOf] = useState<Property | null>(null);

  const typeFilter = (
    <Select
      aria-label={t("contentModel.properties.typeFilter")}
      placeholder={t("contentModel.properties.allTypes")}
      data={propertyTypeOptions()}
      value={propertyType}
      onChange={(value) => {
        setPropertyType(value as PropertyTypeCode | null);
        setPage(0);
      }}
      clearable
      w={180}
    />
  );

  return (
    <>
      <ListPage
        title={t("contentModel.properties.title")}
        breadcrumbs={<ContentModelBreadcrumbs current={t("contentModel.properties.title")} />}
        filters={typeFilter}
        search={{ label: t("contentModel.properties.search"), onSearch: search }}
        create={canEdit ? { label: t("contentModel.properties.create"), onCreate: editor.create } : null}
        query={properties}
        emptyTitle={t("contentModel.properties.empty")}
        emptyIcon={<IconListDetails size={32} />}
        onPageChange={setPage}
      >
        {(items, layout) => <PropertyList properties={items} layout={layout} onOpen={editor.edit} onShowUsage={setUsageOf} />}
      </ListPage>
      {editor.state && <PropertyDialog property={editor.state.item} canEdit={canEdit} onClose={editor.close} />}
      {usageOf && <PropertyUsageModal property={usageOf} onClose={() => setUsageOf(null)} />}
    </>
  );
}
