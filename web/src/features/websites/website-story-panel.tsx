// The website's story (spec 3 §2 Websites): the 'Assigned story' card ('No story assigned' when none), 'Remove story'
// (only with a story), 'Assign story' (the 'Push story' dialog with an Assign button) and 'Embed code'. Link and
// unlink failures only stop loading (spec 3 §8).
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import type { Website } from "@repox/contracts";
import { IconCode, IconLink, IconLinkOff } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AspectRatioBadge, OrientationBadge } from "../stories/story-format-badges.tsx";
import { StoryPickerModal } from "../story-picker/index.ts";
import { useLinkStory, useUnlinkStory } from "./api.ts";
import { EmbedCodeModal } from "./embed-code-modal.tsx";

export function WebsiteStoryPanel({ website, canEdit }: { website: Website; canEdit: boolean }) {
  const { t } = useTranslation();
  const [isPicking, setPicking] = useState(false);
  const [isEmbedding, setEmbedding] = useState(false);
  const link = useLinkStory();
  const unlink = useUnlinkStory();
  const story = website.story;
  return (
    <Stack gap="sm">
      <Card withBorder padding="md" data-testid="assigned-story">
        <Text size="sm" c="dimmed" mb={4}>
          {t("websites.assignedStory")}
        </Text>
        {story ? (
          <Stack gap={6}>
            <Text fw={600}>{story.title}</Text>
            <Group gap={4}>
              <AspectRatioBadge aspectRatio={story.aspectRatio} />
              <OrientationBadge orientation={story.orientation} />
            </Group>
          </Stack>
        ) : (
          <Text fw={500}>{t("websites.noStory")}</Text>
        )}
      </Card>
      <Group gap="sm">
        {canEdit && (
          <>
            <Button
              variant="default"
              leftSection={<IconLinkOff size={16} />}
              disabled={!story}
              loading={unlink.isPending}
              onClick={() => unlink.mutate(website.id)}
            >
              {t("websites.removeStory")}
            </Button>
            <Button variant="default" leftSection={<IconLink size={16} />} onClick={() => setPicking(true)}>
              {t("websites.assignStory")}
            </Button>
          </>
        )}
        <Button variant="default" leftSection={<IconCode size={16} />} onClick={() => setEmbedding(true)}>
          {t("websites.embedCode")}
        </Button>
      </Group>
      <StoryPickerModal
        opened={isPicking}
        title={t("websites.pushStory")}
        confirmLabel={t("websites.assign")}
        isPicking={link.isPending}
        onClose={() => setPicking(false)}
        onPick={(storyId) => link.mutate({ id: website.id, storyId }, { onSettled: () => setPicking(false) })}
      />
      <EmbedCodeModal opened={isEmbedding} onClose={() => setEmbedding(false)} websiteId={website.id} title={website.name} />
    </Stack>
  );
}
