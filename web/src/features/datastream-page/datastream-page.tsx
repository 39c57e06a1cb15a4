// The page of one file (spec 1 §2 "Datastream detail page"): breadcrumb Content › the container's path › the
// container › the file; the preview; a right sidebar (toggleable) with the file's facts, properties and tags; Edit.
import { ActionIcon, Anchor, Box, Breadcrumbs, Button, Group, Text, Title, Tooltip } from "@mantine/core";
import type { Container, Datastream } from "@repox/contracts";
import { IconDownload, IconEdit, IconLayoutSidebarRight } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { errorText } from "../../api/errors.ts";
import { QueryStatus } from "../../components/query-status.tsx";
import { showError } from "../../components/toast.ts";
import { useContainer, useDownloadDatastream } from "../containers/api.ts";
import { containerPath, datastreamPath } from "../containers/content-items.ts";
import { ItemTags } from "../containers/item-tags.tsx";
import { breadcrumbLabel } from "../containers/label-display.ts";
import { useDatastream } from "../file-preview/api.ts";
import { DatastreamEditModal } from "../file-preview/datastream-edit-modal.tsx";
import { FileActionsMenu } from "../file-preview/file-actions-menu.tsx";
import { InfoSidebar } from "../file-preview/info-sidebar.tsx";
import { PreviewBody } from "../file-preview/preview-body.tsx";

export function DatastreamPage() {
  const { uuid = "" } = useParams();
  const datastream = useDatastream(uuid);
  if (!datastream.data) return <QueryStatus isLoading={datastream.isLoading} error={datastream.error} />;
  return <DatastreamView datastream={datastream.data} />;
}

function DatastreamView({ datastream }: { datastream: Datastream }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = datastream.membership[0] ?? null;
  const container = useContainer(home?.uuid ?? null);
  const download = useDownloadDatastream();
  const [isSidebarOpen, setSidebarOpen] = useState(true);
  const [isEditing, setEditing] = useState(false);

  return (
    <Box>
      <FileBreadcrumbs datastream={datastream} container={container.data ?? null} />
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} style={{ overflowWrap: "anywhere" }}>
          {datastream.label}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
            {t("containers.actions.edit")}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={download.isPending}
            onClick={() => download.mutate(datastream, { onError: (error) => showError(errorText(error)) })}
          >
            {t("filePreview.download")}
          </Button>
          <Tooltip label={t("datastreamPage.toggleSidebar")}>
            <ActionIcon
              variant={isSidebarOpen ? "light" : "subtle"}
              color="gray"
              size="lg"
              aria-label={t("datastreamPage.toggleSidebar")}
              aria-pressed={isSidebarOpen}
              onClick={() => setSidebarOpen(!isSidebarOpen)}
            >
              <IconLayoutSidebarRight size={20} />
            </ActionIcon>
          </Tooltip>
          {home && (
            <FileActionsMenu
              datastream={datastream}
              containerUuid={home.uuid}
              onEdit={() => setEditing(true)}
              onRemoved={() => navigate(containerPath(home.uuid))}
              withPageLink={false}
            />
          )}
        </Group>
      </Group>
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <PreviewBody datastream={datastream} onDownload={() => download.mutate(datastream)} />
        </Box>
        {isSidebarOpen && (
          <Box w={320} style={{ flexShrink: 0 }}>
            <InfoSidebar
              datastream={datastream}
              extra={
                <>
                  <Title order={6}>{t("datastreamPage.tags")}</Title>
                  <ItemTags item={{ kind: "datastream", uuid: datastream.uuid }} />
                  {datastream.membership.length > 0 && <Title order={6}>{t("datastreamPage.containers")}</Title>}
                  {datastream.membership.map((node) => (
                    <Anchor key={node.uuid} component={Link} to={datastreamPath(node.uuid, datastream.uuid)} size="sm">
                      {node.label}
                    </Anchor>
                  ))}
                </>
              }
            />
          </Box>
        )}
      </Group>
      {isEditing && <DatastreamEditModal datastream={datastream} containerUuid={home?.uuid ?? ""} onClose={() => setEditing(false)} />}
    </Box>
  );
}

function FileBreadcrumbs({ datastream, container }: { datastream: Datastream; container: Container | null }) {
  const { t } = useTranslation();
  const ancestors = container?.paths[0]?.nodes ?? [];
  return (
    <Box component="nav" aria-label={t("containers.breadcrumbs")} mb="xs">
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: "wrap" }}>
        <Anchor component={Link} to="/containers" size="sm">
          {t("containers.breadcrumbRoot")}
        </Anchor>
        {ancestors.map((node) => (
          <Anchor key={node.uuid} component={Link} to={containerPath(node.uuid)} size="sm" title={node.label}>
            {breadcrumbLabel(node.label)}
          </Anchor>
        ))}
        {container && (
          <Anchor component={Link} to={containerPath(container.uuid)} size="sm" title={container.label}>
            {breadcrumbLabel(container.label)}
          </Anchor>
        )}
        <Text size="sm" fw={600} title={datastream.label} aria-current="page">
          {breadcrumbLabel(datastream.label)}
        </Text>
      </Breadcrumbs>
    </Box>
  );
}
