// The side menu's storage bar (spec 1 §2 Side menu): percent used with two decimals, a bar coloured by the thresholds
// and '{used} of {total} used' with a tooltip.
import { Progress, Stack, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../components/format-bytes.ts";
import { useStorageInfo } from "./api.ts";
import { BAR_MANTINE_COLORS, percentText, storageBarColor, usedPercent } from "./storage-usage.ts";

export function StorageBar() {
  const { t, i18n } = useTranslation();
  const { data } = useStorageInfo();
  if (!data) return null;
  const percent = usedPercent(data);
  const figures = {
    used: formatBytes(data.used, i18n.language),
    total: formatBytes(data.total, i18n.language),
    percent: percentText(percent, i18n.language),
  };
  return (
    <Tooltip label={t("storage.tooltip", figures)} withArrow>
      <Stack gap={4} px="sm" py="xs" data-testid="storage-bar">
        <Text size="sm" fw={600}>
          {t("storage.percentUsed", figures)}
        </Text>
        <Progress value={percent} color={BAR_MANTINE_COLORS[storageBarColor(percent)]} aria-label={t("storage.usedOfTotal", figures)} />
        <Text size="xs" c="dimmed">
          {t("storage.usedOfTotal", figures)}
        </Text>
      </Stack>
    </Tooltip>
  );
}
