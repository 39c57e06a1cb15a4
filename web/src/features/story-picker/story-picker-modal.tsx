// The 'Push story' dialog (spec 3 §2 Screens and Websites, §5): an extra-large story browser with search (from 4
// characters, 800 ms after the last key) and pages; one story is picked and the confirm button (Push for a screen,
// Assign for a website) is enabled only then. The caller does the linking with the picked story's id.
import { Box, Button, Card, Group, LoadingOverlay, Modal, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { STORY_DEFAULT_SORT, STORY_LIMITS, type StorySummary } from "@repox/contracts";
import { IconSearchOff } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogFooter } from "../../components/dialog-footer.tsx";
import { ListPagination } from "../../components/list-pagination.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { SearchField } from "../../components/search-field.tsx";
import { useStoryPage } from "../stories/api.ts";
import { StoryCover } from "../stories/story-cover.tsx";
import { AspectRatioBadge, OrientationBadge } from "../stories/story-format-badges.tsx";
import { appliedStorySearch } from "../stories/story-list-query.ts";
import { cardTitle } from "../stories/story-text.ts";
import classes from "./story-picker.module.css";

export type StoryPickerProps = {
  opened: boolean;
  title: string;
  confirmLabel: string;
  onClose: () => void;
  onPick: (storyId: string) => void;
  /** While the caller links the picked story, the confirm button spins. */
  isPicking?: boolean;
};

function PickableStory({ story, isPicked, onPick }: { story: StorySummary; isPicked: boolean; onPick: () => void }) {
  return (
    <UnstyledButton
      className={classes.story}
      data-picked={isPicked || undefined}
      aria-pressed={isPicked}
      aria-label={story.title}
      onClick={onPick}
      data-testid="story-picker-item"
    >
      <Card withBorder padding="xs" h="100%">
        <Card.Section>
          <StoryCover story={story} height={110} />
        </Card.Section>
        <Stack gap={4} mt="xs">
          <Text fw={600} size="sm" title={story.title}>
            {cardTitle(story.title)}
          </Text>
          <Group gap={4}>
            <AspectRatioBadge aspectRatio={story.aspectRatio} />
            <OrientationBadge orientation={story.orientation} />
          </Group>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

/** The browser itself; mounted only while the dialog is open, so a closed dialog asks the server for nothing. */
function StoryBrowser({ picked, onPick }: { picked: string | null; onPick: (storyId: string) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [q, setQ] = useState("");
  const stories = useStoryPage({ page, q, sort: STORY_DEFAULT_SORT });
  const search = (typed: string) => {
    const applied = appliedStorySearch(typed);
    if (applied === q) return;
    setQ(applied);
    setPage(0);
  };
  const data = stories.data;
  return (
    <Stack gap="md">
      <SearchField label={t("storyPicker.search")} onSearch={search} delay={STORY_LIMITS.searchDebounceMs} />
      {!data ? (
        <QueryStatus isLoading={stories.isLoading} error={stories.error} />
      ) : (
        <Box pos="relative" mih={120}>
          <LoadingOverlay visible={stories.isPlaceholderData} zIndex={10} overlayProps={{ blur: 1 }} />
          {data.empty ? (
            <Group gap="xs" c="dimmed" justify="center" py="xl">
              <IconSearchOff size={20} />
              <Text>{q === "" ? t("storyPicker.empty") : t("storyPicker.noMatches")}</Text>
            </Group>
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
              {data.content.map((story) => (
                <PickableStory key={story.id} story={story} isPicked={picked === story.id} onPick={() => onPick(story.id)} />
              ))}
            </SimpleGrid>
          )}
          {!data.empty && <ListPagination page={data} onChange={setPage} />}
        </Box>
      )}
    </Stack>
  );
}

export function StoryPickerModal({ opened, title, confirmLabel, onClose, onPick, isPicking = false }: StoryPickerProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | null>(null);
  const close = () => {
    setPicked(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} size="xl">
      <StoryBrowser picked={picked} onPick={setPicked} />
      <DialogFooter spread={false}>
        <Button variant="default" onClick={close}>
          {t("common.cancel")}
        </Button>
        <Button
          disabled={!picked}
          loading={isPicking}
          onClick={() => {
            if (!picked) return;
            onPick(picked);
            setPicked(null);
          }}
        >
          {confirmLabel}
        </Button>
      </DialogFooter>
    </Modal>
  );
}
