// Switches a list between cards and a table: two toggle buttons, the current one pressed.
import { ActionIcon } from "@mantine/core";
import { IconLayoutGrid, IconList } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { ListLayout } from "./layout-preference.ts";

export function LayoutToggle({ value, onChange }: { value: ListLayout; onChange: (layout: ListLayout) => void }) {
  const { t } = useTranslation();
  const button = (layout: ListLayout, label: string, icon: React.ReactNode) => (
    <ActionIcon
      variant={value === layout ? "filled" : "default"}
      size="lg"
      aria-label={label}
      aria-pressed={value === layout}
      onClick={() => onChange(layout)}
    >
      {icon}
    </ActionIcon>
  );
  return (
    <ActionIcon.Group role="group" aria-label={t("common.layout")}>
      {button("grid", t("common.gridView"), <IconLayoutGrid size={18} />)}
      {button("list", t("common.listView"), <IconList size={18} />)}
    </ActionIcon.Group>
  );
}
