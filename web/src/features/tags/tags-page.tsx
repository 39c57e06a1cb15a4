// /settings/tags and /settings/tags/{id|new}: the paged tag list with its editor modal.
import { PERMISSIONS } from "@repox/contracts";
import { IconTags } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { LIST_PAGE_SIZE } from "../../api/list-params.ts";
import { ListPage } from "../../components/list-page.tsx";
import { useListSearch } from "../../components/list-search.ts";
import { useMyPermissions } from "../auth/permissions.ts";
import { useTags } from "./api.ts";
import { TagCards } from "./tag-cards.tsx";
import { TagDialog } from "./tag-dialog.tsx";
import { TagTable } from "./tag-table.tsx";

export function TagsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { can } = useMyPermissions();
  const { page, setPage, q, search } = useListSearch();
  const tags = useTags({ page, size: LIST_PAGE_SIZE, q });
  const canEdit = can(PERMISSIONS.tagsEdit);

  return (
    <>
      <ListPage
        title={t("tags.title")}
        search={{ label: t("tags.search"), onSearch: search }}
        create={canEdit ? { label: t("tags.create"), onCreate: () => navigate("/settings/tags/new") } : null}
        query={tags}
        emptyTitle={t("tags.empty")}
        emptyIcon={<IconTags size={32} />}
        onPageChange={setPage}
      >
        {(items, layout) => (layout === "grid" ? <TagCards tags={items} /> : <TagTable tags={items} />)}
      </ListPage>
      {id && <TagDialog id={id} canEdit={canEdit} onClose={() => navigate("/settings/tags")} />}
    </>
  );
}
