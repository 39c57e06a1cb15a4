// One choice of the Story new screen as a card: a drawn frame of the shape it gives, its name and, for story types,
// what it is. Disabled choices stay visible but cannot be picked.
import { Badge, Box, Group, Radio, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

type Props = {
  value: string;
  label: string;
  description?: string;
  icon: ReactNode;
  disabled?: boolean;
  disabledNote?: string;
};

export function ChoiceCard({ value, label, description, icon, disabled, disabledNote }: Props) {
  return (
    <Radio.Card
      value={value}
      disabled={disabled}
      radius="md"
      p="md"
      aria-label={label}
      style={disabled ? { opacity: 0.55, cursor: "not-allowed" } : undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Radio.Indicator disabled={disabled} mt={2} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Text fw={600}>{label}</Text>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
          {disabled && disabledNote && (
            <Badge size="xs" variant="light" color="gray">
              {disabledNote}
            </Badge>
          )}
        </Stack>
        {icon}
      </Group>
    </Radio.Card>
  );
}

/** A frame drawn in the proportions of a canvas, 48 pixels on its long side. */
export function CanvasShape({ width, height }: { width: number; height: number }) {
  const LONG_SIDE = 48;
  const scale = LONG_SIDE / Math.max(width, height);
  return (
    <Box
      aria-hidden
      w={Math.round(width * scale)}
      h={Math.round(height * scale)}
      style={{ border: "2px solid var(--mantine-color-dimmed)", borderRadius: 4, flexShrink: 0 }}
    />
  );
}
