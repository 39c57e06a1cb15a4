// Sort by Name or Date, and the ASC/DESC toggle beside it (spec 3 §2).
import { ActionIcon, Group, SegmentedControl, Tooltip } from "@mantine/core";
import type { StorySort } from "@repox/contracts";
import { IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { type StorySortField, sortOf, sortParts } from "./story-list-query.ts";

export function StorySortControl({ value, onChange }: { value: StorySort; onChange: (sort: StorySort) => void }) {
  const { t } = useTranslation();
  const { field, direction } = sortParts(value);
  const isAscending = direction === "ASC";
  const directionLabel = isAscending ? t("stories.sort.ascending") : t("stories.sort.descending");
  return (
    <Group gap={4} wrap="nowrap">
      <SegmentedControl
        aria-label={t("stories.sort.by")}
        value={field}
        onChange={(next) => onChange(sortOf(next as StorySortField, direction))}
        data={[
          { value: "title", label: t("stories.sort.name") },
          { value: "updatedAt", label: t("stories.sort.date") },
        ]}
      />
      <Tooltip label={directionLabel}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={directionLabel}
          data-direction={direction}
          onClick={() => onChange(sortOf(field, isAscending ? "DESC" : "ASC"))}
        >
          {isAscending ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
