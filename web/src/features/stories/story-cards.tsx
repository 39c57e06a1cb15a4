// The stories as cards, led on the first page by the 'Add new Story' card for those who may create.
import { Card, Center, Stack, Text } from "@mantine/core";
import type { StorySummary } from "@repox/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TileGrid } from "../../components/tile-grid.tsx";
import { STORY_CARD_HEIGHT, StoryCard } from "./story-card.tsx";

export function AddStoryCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder component={Link} to="/stories/new" padding="md" mih={STORY_CARD_HEIGHT} style={{ borderStyle: "dashed" }}>
      <Center h="100%" mih={STORY_CARD_HEIGHT - 40}>
        <Stack align="center" gap="xs">
          <IconPlus size={32} stroke={1.5} />
          <Text fw={600}>{t("stories.addNew")}</Text>
        </Stack>
      </Center>
    </Card>
  );
}

export function StoryCards({ stories, withAddCard }: { stories: StorySummary[]; withAddCard: boolean }) {
  return (
    <TileGrid>
      {withAddCard && <AddStoryCard />}
      {stories.map((story) => (
        <StoryCard key={story.id} story={story} />
      ))}
    </TileGrid>
  );
}
