// The Activity tab: what happened to the item, newest first, 20 at a time with 'Load more' (spec 1 §9).
import { Button, Stack, Text, Timeline } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useActivityText } from "../../components/activity-text.ts";
import { QueryStatus } from "../../components/query-status.tsx";
import { type ActivitySubject, useActivity } from "./api.ts";
import { formatContentDateTime } from "./content-date-time.ts";

export function ActivityTab({ subject }: { subject: ActivitySubject }) {
  const { t, i18n } = useTranslation();
  const describe = useActivityText();
  const activity = useActivity(subject);
  if (!activity.data) return <QueryStatus isLoading={activity.isLoading} error={activity.error} />;
  const items = activity.data.pages.flatMap((page) => page.content);
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("containers.activity.empty")}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Timeline bulletSize={12} lineWidth={2}>
        {items.map((item) => {
          const name = item.user
            ? `${item.user.firstname} ${item.user.lastname}`.trim() || item.user.username
            : t("containers.details.deletedUser");
          return (
            <Timeline.Item key={item.id} title={<Text size="sm">{describe(item)}</Text>}>
              <Text size="xs" c="dimmed">
                {formatContentDateTime(item.createdAt, i18n.language)} · {t("containers.activity.by", { name })}
              </Text>
            </Timeline.Item>
          );
        })}
      </Timeline>
      {activity.hasNextPage && (
        <Button variant="subtle" size="xs" onClick={() => activity.fetchNextPage()} loading={activity.isFetchingNextPage}>
          {t("containers.loadMore")}
        </Button>
      )}
    </Stack>
  );
}
