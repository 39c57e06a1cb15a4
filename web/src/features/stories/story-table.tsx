// The stories as a table (spec 3 §2): Name, Description (cut at 10), Tags, Aspect Ratio, Orientation, Updated at.
// A row opens the editor, by click or Enter.
import { Table, Text } from "@mantine/core";
import type { StorySummary } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { storyEditPath } from "./story-card.tsx";
import { StoryTagBadges } from "./story-tag-badges.tsx";
import { formatStoryDate, tableDescription } from "./story-text.ts";

export function StoryTable({ stories }: { stories: StorySummary[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const open = (story: StorySummary) => navigate(storyEditPath(story.id));
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover data-testid="stories-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("stories.columns.name")}</Table.Th>
            <Table.Th>{t("stories.columns.description")}</Table.Th>
            <Table.Th>{t("stories.columns.tags")}</Table.Th>
            <Table.Th>{t("stories.columns.aspectRatio")}</Table.Th>
            <Table.Th>{t("stories.columns.orientation")}</Table.Th>
            <Table.Th>{t("stories.columns.updatedAt")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stories.map((story) => (
            <Table.Tr
              key={story.id}
              tabIndex={0}
              style={{ cursor: "pointer" }}
              aria-label={t("stories.open", { title: story.title })}
              onClick={() => open(story)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && event.target === event.currentTarget) open(story);
              }}
            >
              <Table.Td>
                <Text size="sm" fw={500}>
                  {story.title}
                </Text>
              </Table.Td>
              <Table.Td title={story.description}>{tableDescription(story.description)}</Table.Td>
              <Table.Td>
                <StoryTagBadges tags={story.tags} />
              </Table.Td>
              <Table.Td>{story.aspectRatio}</Table.Td>
              <Table.Td>{t(`stories.orientations.${story.orientation}`)}</Table.Td>
              <Table.Td>{formatStoryDate(story.updatedAt, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
