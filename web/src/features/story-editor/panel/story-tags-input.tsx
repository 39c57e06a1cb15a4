// The story's tags (spec 3 §2, §9): shown as 'scope:name'; a search of the story tags after more than 2 characters
// and 600 ms; a tag not found is created with POST /api/story_tags from 'scope:name'.
import { Button, Group, Input, Loader, Pill, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { STORY_LIMITS, type StoryTag, storyTagLabel } from "@repox/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../api/errors.ts";
import { showError } from "../../../components/toast.ts";
import { useCreateStoryTag, useStoryTagSearch } from "../api.ts";
import { useEditor } from "../editor-context.tsx";

/** 'scope:name' split at its first colon; null when either part is empty. */
export function parseTagText(text: string): { scope: string; name: string } | null {
  const at = text.indexOf(":");
  if (at < 0) return null;
  const scope = text.slice(0, at).trim();
  const name = text.slice(at + 1).trim();
  return scope && name && !name.includes(":") ? { scope, name } : null;
}

export function StoryTagsInput() {
  const { t } = useTranslation();
  const { state, dispatch } = useEditor();
  const tags = state.history.present.tags;
  const [text, setText] = useState("");
  const [debounced] = useDebouncedValue(text.trim(), STORY_LIMITS.tagSearchDebounceMs);
  const search = useStoryTagSearch(debounced);
  const create = useCreateStoryTag();
  const isSearching = debounced.length >= STORY_LIMITS.tagSearchMinLength;
  const found = (isSearching ? (search.data?.content ?? []) : []).filter((tag) => !tags.some((chosen) => chosen.id === tag.id));
  const typed = parseTagText(text);
  const exists = (search.data?.content ?? []).some(
    (tag) => typed && storyTagLabel(tag).toLowerCase() === `${typed.scope}:${typed.name}`.toLowerCase(),
  );

  const add = (tag: StoryTag) => {
    dispatch({ type: "story/tags", tags: [...tags, tag] });
    setText("");
  };

  return (
    <Input.Wrapper label={t("storyEditor.story.tags")}>
      <Stack gap={6}>
        {tags.length > 0 && (
          <Group gap={4}>
            {tags.map((tag) => (
              <Pill
                key={tag.id}
                withRemoveButton
                onRemove={() => dispatch({ type: "story/tags", tags: tags.filter((chosen) => chosen.id !== tag.id) })}
              >
                {storyTagLabel(tag)}
              </Pill>
            ))}
          </Group>
        )}
        <TextInput
          placeholder={t("storyEditor.story.tagSearch")}
          aria-label={t("storyEditor.story.tagSearch")}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          rightSection={isSearching && search.isFetching ? <Loader size="xs" /> : null}
        />
        {found.map((tag) => (
          <UnstyledButton key={tag.id} onClick={() => add(tag)} data-tag-option={storyTagLabel(tag)}>
            <Text size="sm">{storyTagLabel(tag)}</Text>
          </UnstyledButton>
        ))}
        {typed && !exists && isSearching && !search.isFetching && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            loading={create.isPending}
            onClick={() => create.mutate({ ...typed }, { onSuccess: add, onError: (error) => showError(errorText(error)) })}
          >
            {t("storyEditor.story.createTag", { tag: `${typed.scope}:${typed.name}` })}
          </Button>
        )}
        {isSearching && !typed && found.length === 0 && !search.isFetching && (
          <Text size="xs" c="dimmed">
            {t("storyEditor.story.tagHint")}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
