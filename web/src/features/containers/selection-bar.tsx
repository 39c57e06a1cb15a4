// The bar over a folder's items while several are selected: how many, every action that applies to all of them as a
// button, and a way to clear the selection.
import { Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ContentAction } from "./content-actions.tsx";

type Props = { count: number; actions: readonly ContentAction[]; onClear: () => void };

export function SelectionBar({ count, actions, onClear }: Props) {
  const { t } = useTranslation();
  return (
    // One line that scrolls sideways when narrow: a bar growing a second line would shift the items under the pointer.
    <Group
      gap="xs"
      wrap="nowrap"
      role="toolbar"
      aria-label={t("containers.bulk.bar")}
      data-testid="selection-bar"
      style={{ minWidth: 0, overflowX: "auto" }}
    >
      <Text size="sm" fw={600} role="status" style={{ whiteSpace: "nowrap" }}>
        {t("containers.selected", { count })}
      </Text>
      {actions.map((action) => (
        <Button
          key={action.id}
          size="compact-sm"
          variant="light"
          color={action.color}
          leftSection={action.icon}
          onClick={action.run}
          // Whole labels: the bar scrolls rather than cutting a button to a letter or two.
          style={{ flexShrink: 0 }}
        >
          {action.label}
        </Button>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={onClear} style={{ flexShrink: 0 }}>
        {t("containers.clearSelection")}
      </Button>
    </Group>
  );
}
