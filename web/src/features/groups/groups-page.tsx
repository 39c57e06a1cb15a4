// /settings/groups and /settings/groups/{id|new}: the paged groups list with its editor modal.
import { PERMISSIONS } from "@repox/contracts";
import { IconUsersGroup } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { LIST_PAGE_SIZE } from "../../api/list-params.ts";
import { ListPage } from "../../components/list-page.tsx";
import { useMyPermissions } from "../auth/permissions.ts";
import { useGroups } from "./api.ts";
import { GroupCards } from "./group-cards.tsx";
import { GroupDialog } from "./group-dialog.tsx";
import { GroupTable } from "./group-table.tsx";

export function GroupsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { can } = useMyPermissions();
  const [page, setPage] = useState(0);
  const groups = useGroups({ page, size: LIST_PAGE_SIZE });
  const canEdit = can(PERMISSIONS.settingsIamEdit);

  return (
    <>
      <ListPage
        title={t("groups.title")}
        create={canEdit ? { label: t("groups.create"), onCreate: () => navigate("/settings/groups/new") } : null}
        query={groups}
        emptyTitle={t("groups.empty")}
        emptyIcon={<IconUsersGroup size={32} />}
        onPageChange={setPage}
      >
        {(items, layout) => (layout === "grid" ? <GroupCards groups={items} /> : <GroupTable groups={items} />)}
      </ListPage>
      {id && <GroupDialog id={id} canEdit={canEdit} onClose={() => navigate("/settings/groups")} />}
    </>
  );
}
