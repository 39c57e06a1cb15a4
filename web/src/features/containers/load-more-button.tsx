// "Load more" under a section of a large folder, with how much of it is shown.
import { Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { FolderSection } from "./folder-listing.ts";

export function LoadMoreButton<T>({ section, label }: { section: FolderSection<T>; label: string }) {
  const { t } = useTranslation();
  if (!section.hasMore) return null;
  return (
    <Group justify="center" gap="sm" mt="sm">
      <Button
        variant="light"
        onClick={section.loadMore}
        loading={section.isLoadingMore}
        aria-label={`${t("containers.loadMore")}: ${label}`}
      >
        {t("containers.loadMore")}
      </Button>
      <Text size="sm" c="dimmed">
        {t("containers.shownOf", { shown: section.items.length, total: section.total })}
      </Text>
    </Group>
  );
}
