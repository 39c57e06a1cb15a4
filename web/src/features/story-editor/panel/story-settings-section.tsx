// Story Settings (spec 3 §2): the story's title, description and tags.
import { Stack, Textarea, TextInput } from "@mantine/core";
import { STORY_LIMITS } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { useEditor } from "../editor-context.tsx";
import { StoryTagsInput } from "./story-tags-input.tsx";

export function StorySettingsSection() {
  const { t } = useTranslation();
  const { state, dispatch } = useEditor();
  const draft = state.history.present;
  return (
    <Stack gap="sm">
      <TextInput
        label={t("storyEditor.story.title")}
        value={draft.title}
        maxLength={STORY_LIMITS.titleMaxLength}
        error={draft.title.trim() ? undefined : t("storyEditor.story.titleRequired")}
        onChange={(event) => dispatch({ type: "story/update", fields: { title: event.currentTarget.value }, mergeKey: "story:title" })}
      />
      <Textarea
        label={t("storyEditor.story.description")}
        value={draft.description}
        maxLength={STORY_LIMITS.descriptionMaxLength}
        autosize
        minRows={2}
        maxRows={6}
        onChange={(event) =>
          dispatch({ type: "story/update", fields: { description: event.currentTarget.value }, mergeKey: "story:description" })
        }
      />
      <StoryTagsInput />
    </Stack>
  );
}
