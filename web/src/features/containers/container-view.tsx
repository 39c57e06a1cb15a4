// /containers/{uuid}: breadcrumbs, the container's title with its published state and actions, the body its type's
// layout asks for, and the file preview over it when the address carries ?datastream={uuid}.
import { Group, Title } from "@mantine/core";
import { type Container, ROOT } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { QueryStatus } from "../../components/query-status.tsx";
import { ActionMenuButton } from "./action-menu.tsx";
import { useContainer } from "./api.ts";
import { CataloguingLayout, RecordLayout } from "./container-layouts.tsx";
import { ContainerNotFound, isMissingContainer } from "./container-not-found.tsx";
import { useContentActions } from "./content-actions.tsx";
import { ContentBreadcrumbs } from "./content-breadcrumbs.tsx";
import { datastreamPath } from "./content-items.ts";
import { contentExtensions } from "./extensions.ts";
import { FolderWorkspace } from "./folder-workspace.tsx";
import { IiifManifestLink } from "./iiif-manifest-link.tsx";
import { PublishControl } from "./publish-control.tsx";

/** Where the container is moved out of by its own actions: the parent on its first path, or the top level. */
export function firstParentOf(container: Container): string {
  return container.paths[0]?.nodes.at(-1)?.uuid ?? ROOT;
}

function ContainerBody({ container }: { container: Container }) {
  const navigate = useNavigate();
  switch (container.type.layout) {
    case "RECORD":
      return <RecordLayout container={container} />;
    case "CATALOGUING":
      return (
        <CataloguingLayout
          container={container}
          onOpenFile={
            contentExtensions.datastreamPreview ? (datastream) => navigate(datastreamPath(container.uuid, datastream.uuid)) : null
          }
        />
      );
    default:
      return <FolderWorkspace folder={container} />;
  }
}

function FilePreview({ containerUuid }: { containerUuid: string }) {
  const [params, setParams] = useSearchParams();
  const datastreamUuid = params.get("datastream");
  const Preview = contentExtensions.datastreamPreview;
  if (!datastreamUuid || !Preview) return null;
  const close = () =>
    setParams((current) => {
      current.delete("datastream");
      return current;
    });
  return <Preview containerUuid={containerUuid} datastreamUuid={datastreamUuid} onClose={close} />;
}

export function ContainerView({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const container = useContainer(uuid);
  const actions = useContentActions();
  if (!container.data && isMissingContainer(container.error)) return <ContainerNotFound />;
  if (!container.data) return <QueryStatus isLoading={container.isLoading} error={container.error} />;
  const current = container.data;
  const currentActions = actions.containerActions({ container: current, from: firstParentOf(current), isCurrent: true });
  return (
    <>
      <ContentBreadcrumbs container={current} canEdit={actions.canEdit} />
      <Group justify="space-between" mb="md" wrap="nowrap" gap="sm">
        {/* On a phone the badge goes below the title rather than squeezing it to a few letters. */}
        <Group gap="sm" miw={0} wrap="wrap">
          <Title order={2} lineClamp={2} title={current.label} style={{ flex: "1 1 12rem", minWidth: "min(100%, 12rem)" }}>
            {current.label}
          </Title>
          <PublishControl uuid={current.uuid} published={current.published} />
          <IiifManifestLink uuid={current.uuid} published={current.published} />
        </Group>
        <ActionMenuButton actions={currentActions} label={t("containers.itemActions", { label: current.label })} variant="default" />
      </Group>
      <ContainerBody container={current} />
      <FilePreview containerUuid={current.uuid} />
    </>
  );
}
