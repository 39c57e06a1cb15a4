// /containers (My Content, the top level) and /containers/{uuid} (a container), with the content dialogs around them.
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { ActionMenuButton } from "./action-menu.tsx";
import { ContainerView } from "./container-view.tsx";
import { useContentActions } from "./content-actions.tsx";
import { ContentDialogs } from "./content-dialogs.tsx";
import { FolderWorkspace } from "./folder-workspace.tsx";

function RootView() {
  const { t } = useTranslation();
  const actions = useContentActions();
  return (
    <>
      <PageHeader title={t("containers.title")}>
        <ActionMenuButton
          actions={actions.rootActions()}
          label={t("containers.itemActions", { label: t("containers.title") })}
          variant="default"
        />
      </PageHeader>
      <FolderWorkspace folder={null} />
    </>
  );
}

export function ContainersPage() {
  const { uuid } = useParams();
  return <ContentDialogs>{uuid ? <ContainerView key={uuid} uuid={uuid} /> : <RootView />}</ContentDialogs>;
}
