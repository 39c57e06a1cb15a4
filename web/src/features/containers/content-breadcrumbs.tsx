// Content › the ancestors of the container's first path › the container (spec 1 §2): labels cut to 40 characters
// without Greek accents, a tick when published, and a menu on the last crumb offering the colour palette.
import { ActionIcon, Anchor, Box, Breadcrumbs, ColorSwatch, Group, Menu, Text, Tooltip } from "@mantine/core";
import type { Container } from "@repox/contracts";
import { IconChevronDown, IconCircleCheckFilled } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ColorPalette } from "./color-palette.tsx";
import { containerPath } from "./content-items.ts";
import { breadcrumbLabel } from "./label-display.ts";
import { useColorChange } from "./use-color-change.ts";

type Props = { container: Container; canEdit: boolean };

export function ContentBreadcrumbs({ container, canEdit }: Props) {
  const { t } = useTranslation();
  const { change, isPending } = useColorChange();
  const ancestors = container.paths[0]?.nodes ?? [];
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
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600} title={container.label} aria-current="page">
            {breadcrumbLabel(container.label)}
          </Text>
          {container.color && <ColorSwatch color={container.color} size={12} withShadow={false} aria-hidden />}
          {container.published && (
            <Tooltip label={t("containers.publishedTick")}>
              <IconCircleCheckFilled size={16} color="var(--mantine-color-teal-6)" aria-label={t("containers.publishedTick")} />
            </Tooltip>
          )}
          {canEdit && (
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t("containers.breadcrumbMenu", { label: container.label })}>
                  <IconChevronDown size={14} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown p="sm">
                <Menu.Label>{t("containers.color.title")}</Menu.Label>
                <ColorPalette value={container.color} disabled={isPending} onPick={(color) => change(container.uuid, color)} />
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Breadcrumbs>
    </Box>
  );
}
