// /settings/users and /settings/users/{uuid|new}: the paged users list with its create and edit dialog.
import { PERMISSIONS } from "@repox/contracts";
import { IconUsers } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { LIST_PAGE_SIZE } from "../../api/list-params.ts";
import { ListPage } from "../../components/list-page.tsx";
import { useListSearch } from "../../components/list-search.ts";
import { useMyPermissions } from "../auth/permissions.ts";
import { useUsers } from "./api.ts";
import { UserCards } from "./user-cards.tsx";
import { UserDialog } from "./user-dialog.tsx";
import { UserTable } from "./user-table.tsx";

export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { uuid } = useParams();
  const { can } = useMyPermissions();
  const { page, setPage, q, search } = useListSearch();
  const users = useUsers({ page, size: LIST_PAGE_SIZE, q });
  const canEdit = can(PERMISSIONS.settingsIamEdit);

  return (
    <>
      <ListPage
        title={t("users.title")}
        search={{ label: t("users.search"), onSearch: search }}
        create={canEdit ? { label: t("users.create"), onCreate: () => navigate("/settings/users/new") } : null}
        query={users}
        emptyTitle={t("users.empty")}
        emptyIcon={<IconUsers size={32} />}
        onPageChange={setPage}
      >
        {(items, layout) => (layout === "grid" ? <UserCards users={items} /> : <UserTable users={items} />)}
      </ListPage>
      {uuid && <UserDialog uuid={uuid} canEdit={canEdit} onClose={() => navigate("/settings/users")} />}
    </>
  );
}
