// One file of the upload dialog: its label, its progress with the percent, a cancel button while it is sent, and the
// server's message when it failed.
import { ActionIcon, Group, Progress, Stack, Text, TextInput } from "@mantine/core";
import { IconTrash, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../components/format-bytes.ts";
import type { UploadRow as Row } from "./upload-state.ts";

type Props = { row: Row; disabled: boolean; onLabel: (label: string) => void; onRemove: () => void; onCancel: () => void };

export function UploadRow({ row, disabled, onLabel, onRemove, onCancel }: Props) {
  const { t, i18n } = useTranslation();
  const isUploading = row.status === "uploading";
  return (
    <Stack gap={4} data-testid="upload-row" data-status={row.status}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          label={t("upload.fileLabel", { name: row.file.name, size: formatBytes(row.file.size, i18n.language) })}
          value={row.label}
          disabled={disabled || row.status !== "waiting"}
          error={row.label.trim() === "" ? t("common.required") : undefined}
          onChange={(event) => onLabel(event.currentTarget.value)}
        />
        {isUploading ? (
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t("upload.cancel")} onClick={onCancel}>
            <IconX size={18} />
          </ActionIcon>
        ) : (
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t("upload.removeFile")}
            disabled={disabled || row.status === "done"}
            onClick={onRemove}
          >
            <IconTrash size={18} />
          </ActionIcon>
        )}
      </Group>
      {row.status !== "waiting" && (
        <Group gap="xs" wrap="nowrap">
          <Progress
            style={{ flex: 1 }}
            value={row.percent}
            color={row.status === "failed" || row.status === "cancelled" ? "red" : undefined}
          />
          <Text size="xs" w={90} ta="right" data-testid="upload-percent">
            {row.status === "cancelled" ? t("upload.cancelled") : `${row.percent}%`}
          </Text>
        </Group>
      )}
      {row.error && (
        <Text size="sm" c="red" role="alert">
          {row.error}
        </Text>
      )}
    </Stack>
  );
}
