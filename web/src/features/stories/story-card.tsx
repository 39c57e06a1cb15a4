// One story on the grid (spec 3 §2): cover, title cut at 30, tags at 10, description at 85, the ratio and orientation
// badges and the day it was last changed. The whole card opens the editor.
import { Card, Group, Stack, Text } from "@mantine/core";
import type { StorySummary } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StoryCover } from "./story-cover.tsx";
import { AspectRatioBadge, OrientationBadge } from "./story-format-badges.tsx";
import { StoryTagBadges } from "./story-tag-badges.tsx";
import { cardDescription, cardTitle, formatStoryDate } from "./story-text.ts";

export const STORY_CARD_HEIGHT = 340;
const COVER_HEIGHT = 140;

export function storyEditPath(id: string) {
  return `/stories/edit/${encodeURIComponent(id)}`;
}

export function StoryCard({ story }: { story: StorySummary }) {
  const { t, i18n } = useTranslation();
  return (
    <Card
      withBorder
      component={Link}
      to={storyEditPath(story.id)}
      padding="md"
      mih={STORY_CARD_HEIGHT}
      aria-label={story.title}
      data-testid="story-card"
    >
      <Card.Section>
        <StoryCover story={story} height={COVER_HEIGHT} />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={600} title={story.title} data-testid="story-card-title">
          {cardTitle(story.title)}
        </Text>
        <StoryTagBadges tags={story.tags} />
        {story.description && (
          <Text size="sm" c="dimmed" title={story.description} style={{ overflowWrap: "anywhere" }}>
            {cardDescription(story.description)}
          </Text>
        )}
        <Stack gap={6} mt="auto">
          <Group gap={4}>
            <AspectRatioBadge aspectRatio={story.aspectRatio} />
            <OrientationBadge orientation={story.orientation} />
          </Group>
          <Text size="xs" c="dimmed">
            {t("stories.updatedOn", { date: formatStoryDate(story.updatedAt, i18n.language) })}
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}
