// /settings/content-model/container-types and /datastream-types: the paged list of one kind of type, with the
// editor over it for /{code} or ?create.
import { PERMISSIONS } from "@repox/contracts";
import { IconBox, IconFile } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { LIST_PAGE_SIZE } from "../../api/list-params.ts";
import { confirmAndRemove } from "../../components/confirm-removal.ts";
import { ListPage } from "../../components/list-page.tsx";
import { useListSearch } from "../../components/list-search.ts";
import { useMyPermissions } from "../auth/permissions.ts";
import { ContentModelBreadcrumbs } from "../content-model/shared/content-model-breadcrumbs.tsx";
import { type TypeSummary, useDeleteType, useTypes } from "./api.ts";
import { TypeCards } from "./type-cards.tsx";
import { TypeDialog } from "./type-dialog.tsx";
import { CREATE_PARAM, type TypeKind, typeRoute } from "./type-kinds.ts";
import { TypeTable } from "./type-table.tsx";

export const ContainerTypesPage = () => <TypesPage key="container" kind="container" />;
export const DatastreamTypesPage = () => <TypesPage key="datastream" kind="datastream" />;

function TypesPage({ kind }: { kind: TypeKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { code } = useParams();
  const [searchParams] = useSearchParams();
  const { can } = useMyPermissions();
  const { page, setPage, q, search } = useListSearch();
  const types = useTypes(kind, { page, size: LIST_PAGE_SIZE, q });
  const canEdit = can(PERMISSIONS.settingsContentModelEdit);
  const remove = useDeleteType(kind);
  const askDelete = (type: TypeSummary) => confirmAndRemove({ label: type.name, key: type.code, mutation: remove });
  const editorCode = code ?? (canEdit && searchParams.has(CREATE_PARAM) ? null : undefined);

  return (
    <>
      <ListPage
        title={t(`contentTypes.${kind}.title`)}
        breadcrumbs={<ContentModelBreadcrumbs current={t(`contentTypes.${kind}.title`)} />}
        search={{ label: t(`contentTypes.${kind}.search`), onSearch: search }}
        create={
          canEdit ? { label: t(`contentTypes.${kind}.create`), onCreate: () => navigate(`${typeRoute(kind)}?${CREATE_PARAM}`) } : null
        }
        query={types}
        emptyTitle={t(`contentTypes.${kind}.empty`)}
        emptyIcon={kind === "container" ? <IconBox size={32} /> : <IconFile size={32} />}
        onPageChange={setPage}
      >
        {(items, layout) =>
          layout === "grid" ? (
            <TypeCards kind={kind} types={items} />
          ) : (
            <TypeTable kind={kind} types={items} onDelete={canEdit ? askDelete : undefined} />
          )
        }
      </ListPage>
      {editorCode !== undefined && <TypeDialog kind={kind} code={editorCode} canEdit={canEdit} onClose={() => navigate(typeRoute(kind))} />}
    </>
  );
}
