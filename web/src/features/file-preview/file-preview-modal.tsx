// The file preview over a container, opened by `?datastream={uuid}` (spec 1 §2): back, download, the info sidebar
// (toggleable) and the file menu; the file is shown by kind.
import { ActionIcon, Box, Button, Group, Modal, ScrollArea, Tooltip } from "@mantine/core";
import { IconArrowLeft, IconDownload, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { QueryStatus } from "../../components/query-status.tsx";
import { showError } from "../../components/toast.ts";
import { useDownloadDatastream } from "../containers/api.ts";
import { useDatastream } from "./api.ts";
import { DatastreamEditModal } from "./datastream-edit-modal.tsx";
import { FileActionsMenu } from "./file-actions-menu.tsx";
import { InfoSidebar } from "./info-sidebar.tsx";
import { PreviewBody } from "./preview-body.tsx";

type Props = { containerUuid: string; datastreamUuid: string; onClose: () => void };

export function FilePreviewModal({ containerUuid, datastreamUuid, onClose }: Props) {
  const { t } = useTranslation();
  const datastream = useDatastream(datastreamUuid);
  const download = useDownloadDatastream();
  const [isInfoOpen, setInfoOpen] = useState(true);
  const [isEditing, setEditing] = useState(false);
  const data = datastream.data;
  const startDownload = () => {
    if (data) download.mutate(data, { onError: (error) => showError(errorText(error)) });
  };

  return (
    <Modal opened onClose={onClose} fullScreen withCloseButton={false} padding={0}>
      <Group
        justify="space-between"
        px="md"
        py="xs"
        wrap="nowrap"
        style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
      >
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("filePreview.back")} onClick={onClose}>
            <IconArrowLeft size={20} />
          </ActionIcon>
          {/* The dialog is named by this title (Modal.Title wires aria-labelledby). */}
          <Modal.Title fw={600} style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }} data-testid="preview-title">
            {data?.label ?? t("filePreview.title")}
          </Modal.Title>
        </Group>
        {data && (
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" leftSection={<IconDownload size={16} />} loading={download.isPending} onClick={startDownload}>
              {t("filePreview.download")}
            </Button>
            <Tooltip label={t("filePreview.info")}>
              <ActionIcon
                variant={isInfoOpen ? "light" : "subtle"}
                color="gray"
                size="lg"
                aria-label={t("filePreview.info")}
                aria-pressed={isInfoOpen}
                onClick={() => setInfoOpen(!isInfoOpen)}
              >
                <IconInfoCircle size={20} />
              </ActionIcon>
            </Tooltip>
            <FileActionsMenu
              datastream={data}
              containerUuid={containerUuid}
              onEdit={() => setEditing(true)}
              onRemoved={onClose}
              withPageLink
            />
          </Group>
        )}
      </Group>
      {!data ? (
        <QueryStatus isLoading={datastream.isLoading} error={datastream.error} />
      ) : (
        <Group align="stretch" gap={0} wrap="nowrap" style={{ height: "calc(100dvh - 60px)" }}>
          <ScrollArea style={{ flex: 1 }} p="md">
            <PreviewBody datastream={data} onDownload={startDownload} />
          </ScrollArea>
          {isInfoOpen && (
            <Box w={320} p="md" style={{ borderLeft: "1px solid var(--mantine-color-default-border)", overflowY: "auto" }}>
              <InfoSidebar datastream={data} />
            </Box>
          )}
        </Group>
      )}
      {isEditing && data && <DatastreamEditModal datastream={data} containerUuid={containerUuid} onClose={() => setEditing(false)} />}
    </Modal>
  );
}
