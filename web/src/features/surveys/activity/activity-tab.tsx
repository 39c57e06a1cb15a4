// The survey editor's Activity tab (spec 3 §2): a vertical timeline of what happened to the survey, newest first, each
// entry with its date (spec 3 §9: DD/MM/YYYY, h:mm a) and description (and who did it), paged; 'No activity yet' when
// nothing has.
import { Stack, Text, Timeline } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useActivityText } from "../../../components/activity-text.ts";
import { LabelledPagination } from "../../../components/list-pagination.tsx";
import { QueryStatus } from "../../../components/query-status.tsx";
import { formatSurveyDateTime } from "../survey-dates.ts";
import { useSurveyActivity } from "./api.ts";

export function ActivityTab({ surveyUuid }: { surveyUuid: string }) {
  const { t, i18n } = useTranslation();
  const describe = useActivityText();
  const [page, setPage] = useState(0);
  const activity = useSurveyActivity(surveyUuid, page);
  if (!activity.data) return <QueryStatus isLoading={activity.isLoading} error={activity.error} />;
  const { content, totalPages } = activity.data;
  if (content.length === 0) {
    return (
      <Text c="dimmed" data-testid="activity-empty">
        {t("surveyActivity.empty")}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Timeline bulletSize={14} lineWidth={2} data-testid="activity-timeline">
        {content.map((item) => {
          const name = item.user
            ? `${item.user.firstname} ${item.user.lastname}`.trim() || item.user.username
            : t("surveyActivity.deletedUser");
          return (
            <Timeline.Item key={item.id} title={<Text size="sm">{describe(item)}</Text>}>
              <Text size="xs" c="dimmed" span data-testid="activity-date">
                {formatSurveyDateTime(item.createdAt, i18n.language)}
              </Text>
              <Text size="xs" c="dimmed" span>
                {" · "}
                {t("surveyActivity.by", { name })}
              </Text>
            </Timeline.Item>
          );
        })}
      </Timeline>
      {totalPages > 1 && <LabelledPagination total={totalPages} value={page + 1} onChange={(value) => setPage(value - 1)} />}
    </Stack>
  );
}
