// A folder as a tile: tinted with its colour (8C alpha) and text dark or white by the colour's brightness (spec 1 §5).
import { Card, Group, Text, Tooltip } from "@mantine/core";
import type { ContainerSummary } from "@repox/contracts";
import { IconCircleCheckFilled, IconFolderFilled, IconStarFilled } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ActionMenuButton } from "./action-menu.tsx";
import { tileColors } from "./colors.ts";
import classes from "./content.module.css";
import type { ContentAction } from "./content-actions.tsx";
import { countsText } from "./counts.ts";
import type { ItemElementProps } from "./item-interactions.ts";

type Props = { container: ContainerSummary; itemProps: ItemElementProps; actions: ContentAction[] };

export function ContainerTile({ container, itemProps, actions }: Props) {
  const { t } = useTranslation();
  const colors = tileColors(container.color);
  const dimmed = colors ? "inherit" : "dimmed";
  return (
    <Card
      withBorder
      padding="sm"
      role="option"
      aria-label={container.label}
      className={classes.item}
      style={colors ? { backgroundColor: colors.background, color: colors.text } : undefined}
      {...itemProps}
    >
      <Group wrap="nowrap" gap="sm" justify="space-between">
        <Group wrap="nowrap" gap="sm" miw={0}>
          <IconFolderFilled
            size={32}
            style={{ flexShrink: 0 }}
            color={colors ? "currentColor" : "var(--mantine-color-yellow-5)"}
            aria-hidden
          />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate c="inherit" title={container.label}>
              {container.label}
            </Text>
            <Text size="xs" c={dimmed}>
              {countsText(t, container.childCount, container.datastreamCount)}
            </Text>
          </div>
        </Group>
        <Group gap={2} wrap="nowrap">
          {container.published && (
            <Tooltip label={t("containers.publish.published")}>
              <IconCircleCheckFilled size={16} color="var(--mantine-color-teal-6)" aria-label={t("containers.publish.published")} />
            </Tooltip>
          )}
          {container.starred && <IconStarFilled size={16} color="var(--mantine-color-yellow-6)" aria-label={t("containers.starred")} />}
          <ActionMenuButton actions={actions} label={t("containers.itemActions", { label: container.label })} />
        </Group>
      </Group>
    </Card>
  );
}
