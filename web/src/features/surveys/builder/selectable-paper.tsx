// A builder item's body: a preview that selects the item on click or Enter, or the selected item's editor.
import { Paper } from "@mantine/core";
import type { KeyboardEvent, ReactNode } from "react";

type Props = { isSelected: boolean; canEdit: boolean; label: string; onSelect: () => void; hasError: boolean; children: ReactNode };

export function SelectablePaper({ isSelected, canEdit, label, onSelect, hasError, children }: Props) {
  const selectable = canEdit && !isSelected;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target === event.currentTarget && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      onSelect();
    }
  };
  return (
    <Paper
      withBorder
      p="md"
      shadow={isSelected ? "sm" : undefined}
      style={{
        cursor: selectable ? "pointer" : undefined,
        borderColor: hasError ? "var(--mantine-color-red-6)" : isSelected ? "var(--mantine-primary-color-filled)" : undefined,
        borderLeftWidth: isSelected ? 4 : undefined,
      }}
      {...(selectable ? { role: "button", tabIndex: 0, "aria-label": label, onClick: onSelect, onKeyDown } : {})}
    >
      {children}
    </Paper>
  );
}
