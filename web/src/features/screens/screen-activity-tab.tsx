// The screen's Activity tab (spec 3 §2): a paged timeline, newest first, each entry's DD/MM/YYYY date with the full
// date and time in a tooltip, and its description; 'No activity yet' when empty. Failures stop loading silently.
import { Stack, Text, Timeline, Tooltip } from "@mantine/core";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useActivityText } from "../../components/activity-text.ts";
import { LabelledPagination } from "../../components/list-pagination.tsx";
import { formatSurveyDateTime } from "../surveys/survey-dates.ts";
import { useScreenActivity } from "./api.ts";

export function ScreenActivityTab({ screenId }: { screenId: string }) {
  const { t, i18n } = useTranslation();
  const describe = useActivityText();
  const [page, setPage] = useState(0);
  const activity = useScreenActivity(screenId, page);
  if (!activity.data) return null;
  const { content, totalPages } = activity.data;
  if (content.length === 0) return <Text c="dimmed">{t("screens.noActivity")}</Text>;
  return (
    <Stack gap="md">
      <Timeline bulletSize={14} lineWidth={2} data-testid="activity-timeline">
        {content.map((item) => (
          <Timeline.Item key={item.id} title={<Text size="sm">{describe(item)}</Text>}>
            <Tooltip label={formatSurveyDateTime(item.createdAt, i18n.language)}>
              <Text size="xs" c="dimmed" span>
                {dayjs(item.createdAt).format("DD/MM/YYYY")}
              </Text>
            </Tooltip>
          </Timeline.Item>
        ))}
      </Timeline>
      {totalPages > 1 && <LabelledPagination total={totalPages} value={page + 1} onChange={(value) => setPage(value - 1)} />}
    </Stack>
  );
}
