// Actions shown as menu entries: inside any Mantine Menu (the context menu) or behind a "⋯" button.
import { ActionIcon, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import type { ContentAction } from "./content-actions.tsx";

export function ActionMenuItems({ actions }: { actions: readonly ContentAction[] }) {
  return actions.map((action) => (
    <Menu.Item key={action.id} leftSection={action.icon} color={action.color} onClick={action.run}>
      {action.label}
    </Menu.Item>
  ));
}

type Props = { actions: readonly ContentAction[]; label: string; variant?: "subtle" | "default" };

export function ActionMenuButton({ actions, label, variant = "subtle" }: Props) {
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant={variant}
          color="gray"
          size={variant === "default" ? "lg" : "md"}
          aria-label={label}
          onClick={(event) => event.stopPropagation()}
          onDoubleClick={(event) => event.stopPropagation()}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <ActionMenuItems actions={actions} />
      </Menu.Dropdown>
    </Menu>
  );
}
