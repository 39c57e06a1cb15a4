// /stories/new (spec 3 §2 Story new screen, §5): breadcrumbs Stories > New, the Story Title, the three story types
// (only Slideshow can be chosen), then for a slideshow its orientation and aspect ratio. Next stays disabled until all
// are chosen; it creates the story on the canvas of that format and opens it in the editor.
import { Anchor, Box, Breadcrumbs, Button, Group, Radio, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { ASPECT_RATIOS, type AspectRatio, canvasSize, ORIENTATIONS, type Orientation, STORY_LIMITS, STORY_TYPES } from "@repox/contracts";
import { IconArrowRight, IconClockHour4, IconPresentation, IconTarget } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { errorText } from "../../api/errors.ts";
import { showError } from "../../components/toast.ts";
import { useCreateStory } from "./api.ts";
import { CanvasShape, ChoiceCard } from "./choice-card.tsx";
import { EMPTY_NEW_STORY, type NewStoryDraft, newStoryBody, type SelectableStoryType } from "./new-story-draft.ts";
import { storyEditPath } from "./story-card.tsx";

const TYPE_ICONS = {
  SLIDESHOW: <IconPresentation size={32} stroke={1.4} />,
  TIMELINE: <IconClockHour4 size={32} stroke={1.4} />,
  OBJECTS: <IconTarget size={32} stroke={1.4} />,
};

export function StoryNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateStory();
  const [draft, setDraft] = useState<NewStoryDraft>(EMPTY_NEW_STORY);
  const body = newStoryBody(draft);
  const change = (patch: Partial<NewStoryDraft>) => setDraft((current) => ({ ...current, ...patch }));
  // Shapes are drawn in the chosen orientation and ratio, landscape 16:9 until one is chosen.
  const shownOrientation = draft.orientation ?? "LANDSCAPE";
  const shownRatio = draft.aspectRatio ?? "16:9";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body || create.isPending) return;
    create.mutate(body, {
      onSuccess: ({ uuid }) => navigate(storyEditPath(uuid)),
      onError: (error) => showError(errorText(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Box component="nav" aria-label={t("stories.breadcrumbs")}>
        <Breadcrumbs mb="xs">
          <Anchor component={Link} to="/stories">
            {t("stories.title")}
          </Anchor>
          <span>{t("stories.new.breadcrumb")}</span>
        </Breadcrumbs>
      </Box>
      <Title order={2} mb="lg">
        {t("stories.new.title")}
      </Title>
      <Stack gap="xl" maw={960}>
        <TextInput
          label={t("stories.new.storyTitle")}
          required
          maxLength={STORY_LIMITS.titleMaxLength}
          value={draft.title}
          onChange={(event) => change({ title: event.currentTarget.value })}
          data-autofocus
          autoFocus
        />
        <Radio.Group
          label={t("stories.new.storyType")}
          required
          value={draft.storyType}
          onChange={(value) => change({ storyType: value as SelectableStoryType })}
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
            {STORY_TYPES.map((type) => (
              <ChoiceCard
                key={type}
                value={type}
                label={t(`stories.types.${type}.name`)}
                description={t(`stories.types.${type}.description`)}
                icon={TYPE_ICONS[type]}
                disabled={type !== "SLIDESHOW"}
                disabledNote={t("stories.new.notAvailable")}
              />
            ))}
          </SimpleGrid>
        </Radio.Group>
        {draft.storyType === "SLIDESHOW" && (
          <>
            <Radio.Group
              label={t("stories.new.orientation")}
              required
              value={draft.orientation}
              onChange={(value) => change({ orientation: value as Orientation })}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                {ORIENTATIONS.map((orientation) => (
                  <ChoiceCard
                    key={orientation}
                    value={orientation}
                    label={t(`stories.orientations.${orientation}`)}
                    icon={<CanvasShape {...canvasSize(shownRatio, orientation)} />}
                  />
                ))}
              </SimpleGrid>
            </Radio.Group>
            <Radio.Group
              label={t("stories.new.aspectRatio")}
              required
              value={draft.aspectRatio}
              onChange={(value) => change({ aspectRatio: value as AspectRatio })}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                {ASPECT_RATIOS.map((ratio) => {
                  const canvas = canvasSize(ratio, shownOrientation);
                  return (
                    <ChoiceCard
                      key={ratio}
                      value={ratio}
                      label={ratio}
                      description={t("stories.new.canvas", canvas)}
                      icon={<CanvasShape {...canvas} />}
                    />
                  );
                })}
              </SimpleGrid>
            </Radio.Group>
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!body} loading={create.isPending} rightSection={<IconArrowRight size={16} />}>
            {t("stories.new.next")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
