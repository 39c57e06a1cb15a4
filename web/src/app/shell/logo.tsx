// The Repox mark and the product name the tenant chose (general settings).
import { Group, Text } from "@mantine/core";
import { useProductName } from "../../features/settings/public-settings.ts";

export function Logo({ caption }: { caption?: string }) {
  const productName = useProductName();
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-indigo-6)" />
        <path
          d="M10 23V9h7a4.5 4.5 0 0 1 0 9h-7m7 0 5 5"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text fw={800} size="lg" data-testid="product-name">
        {productName}
      </Text>
      {caption && (
        <Text c="dimmed" size="sm" visibleFrom="xs">
          {caption}
        </Text>
      )}
    </Group>
  );
}
