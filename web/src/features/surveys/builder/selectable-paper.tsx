// A builder item's card: its toolbar (never inside the clickable area, so no control nests in another), then a preview
// that selects the item on click, Enter or Space, or the selected item's editor.
import { Box, Paper, Stack } from "@mantine/core";
import type { KeyboardEvent, ReactNode } from "react";

type Props = {
  isSelected: boolean;
  canEdit: boolean;
  label: string;
  onSelect: () => void;
  hasError: boolean;
  toolbar?: ReactNode;
  children: ReactNode;
};

export function SelectablePaper({ isSelected, canEdit, label, onSelect, hasError, toolbar, children }: Props) {
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
        borderColor: hasError ? "var(--mantine-color-red-6)" : isSelected ? "var(--mantine-primary-color-filled)" : undefined,
        borderLeftWidth: isSelected ? 4 : undefined,
      }}
    >
      <Stack gap="xs">
        {toolbar}
        <Box
          style={{ cursor: selectable ? "pointer" : undefined }}
          {...(selectable ? { role: "button", tabIndex: 0, "aria-label": label, onClick: onSelect, onKeyDown } : {})}
        >
          {/* Disabled preview inputs would swallow the click (browsers send none from a disabled control). */}
          <Box style={{ pointerEvents: selectable ? "none" : undefined }}>{children}</Box>
        </Box>
      </Stack>
    </Paper>
  );
}
