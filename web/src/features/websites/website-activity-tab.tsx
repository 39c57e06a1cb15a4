// The website editor's Activity tab (spec 3 §2, mirroring screens): a paged timeline, newest first; each entry its
// day (DD/MM/YYYY) with the full date and time as a tooltip, and its description; 'No activity yet' when empty. A
// failed load only stops loading (spec 3 §8).
import { Stack, Text, Timeline, Tooltip } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useActivityText } from "../../components/activity-text.ts";
import { LabelledPagination } from "../../components/list-pagination.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { formatStoryDate } from "../stories/story-text.ts";
import { formatSurveyDateTime } from "../surveys/survey-dates.ts";
import { useWebsiteActivity } from "./api.ts";

export function WebsiteActivityTab({ websiteId }: { websiteId: string }) {
  const { t, i18n } = useTranslation();
  const describe = useActivityText();
  const [page, setPage] = useState(0);
  const activity = useWebsiteActivity(websiteId, page);
  if (!activity.data) return <QueryStatus isLoading={activity.isLoading} error={null} />;
  const { content, totalPages } = activity.data;
  if (content.length === 0) {
    return (
      <Text c="dimmed" data-testid="activity-empty">
        {t("websites.activity.empty")}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Timeline bulletSize={14} lineWidth={2} data-testid="activity-timeline">
        {content.map((item) => (
          <Timeline.Item key={item.id} title={<Text size="sm">{describe(item)}</Text>}>
            <Tooltip label={formatSurveyDateTime(item.createdAt, i18n.language)}>
              <Text size="xs" c="dimmed" span data-testid="activity-date">
                {formatStoryDate(item.createdAt, i18n.language)}
              </Text>
            </Tooltip>
          </Timeline.Item>
        ))}
      </Timeline>
      {totalPages > 1 && <LabelledPagination total={totalPages} value={page + 1} onChange={(value) => setPage(value - 1)} />}
    </Stack>
  );
}
