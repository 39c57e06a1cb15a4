// The data fields of one element per type (spec 3 §3): texts and titles (text, colour, the §9 fonts, size, weight,
// alignment; texts also decoration and style), images (the picture, ratio lock), YouTube and Vimeo (the link, whose
// video id is taken from it: YouTube's 11 characters).
import {
  Button,
  Checkbox,
  ColorInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { FONT_WEIGHTS, STORY_FONTS, STORY_LIMITS, type StoryElement, TEXT_ALIGNS, vimeoVideoId, youtubeVideoId } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fontStack } from "../../story-viewer/index.ts";
import { useEditor } from "../editor-context.tsx";

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function VideoLinkField({ element }: { element: Extract<StoryElement, { type: "YOUTUBE" | "VIMEO" }> }) {
  const { t } = useTranslation();
  const { dispatch } = useEditor();
  const [url, setUrl] = useState(element.data.url);
  const idOf = element.type === "YOUTUBE" ? youtubeVideoId : vimeoVideoId;
  const id = idOf(url);
  return (
    <Stack gap={4}>
      <TextInput
        label={t("storyEditor.element.videoUrl")}
        value={url}
        maxLength={STORY_LIMITS.urlMaxLength}
        error={id === null ? t(element.type === "YOUTUBE" ? "storyEditor.element.notYoutube" : "storyEditor.element.notVimeo") : undefined}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setUrl(next);
          const nextId = idOf(next);
          if (nextId !== null)
            dispatch({
              type: "element/update",
              elementId: element.id,
              data: { url: next.trim(), id: nextId },
              mergeKey: `element:${element.id}:url`,
            });
        }}
      />
      <Text size="xs" c="dimmed" data-testid="video-id">
        {t("storyEditor.element.videoId", { id: element.data.id })}
      </Text>
    </Stack>
  );
}

function TextFields({ element }: { element: Extract<StoryElement, { type: "TEXT" | "TITLE" }> }) {
  const { t } = useTranslation();
  const { dispatch } = useEditor();
  const elementId = element.id;
  const set = (data: Record<string, unknown>, field?: string) =>
    dispatch({ type: "element/update", elementId, data, mergeKey: field && `element:${elementId}:${field}` });
  return (
    <Stack gap="sm">
      <Textarea
        label={t("storyEditor.element.text")}
        value={element.data.text}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={STORY_LIMITS.textMaxLength}
        onChange={(event) => set({ text: event.currentTarget.value }, "text")}
      />
      <ColorInput
        label={t("storyEditor.element.color")}
        format="hex"
        value={element.data.color}
        onChange={(color) => HEX.test(color) && set({ color }, "color")}
      />
      <Select
        label={t("storyEditor.element.font")}
        data={[...STORY_FONTS]}
        value={element.data.fontFamily}
        allowDeselect={false}
        renderOption={({ option }) => <span style={{ fontFamily: fontStack(option.value) }}>{option.label}</span>}
        onChange={(fontFamily) => fontFamily && set({ fontFamily })}
      />
      <Group grow gap="xs">
        <NumberInput
          label={t("storyEditor.element.fontSize")}
          min={STORY_LIMITS.fontSizeMin}
          max={STORY_LIMITS.fontSizeMax}
          value={element.data.fontSize}
          onChange={(fontSize) => typeof fontSize === "number" && fontSize >= STORY_LIMITS.fontSizeMin && set({ fontSize }, "fontSize")}
        />
        <Select
          label={t("storyEditor.element.fontWeight")}
          data={FONT_WEIGHTS.map(String)}
          value={String(element.data.fontWeight)}
          allowDeselect={false}
          onChange={(weight) => weight && set({ fontWeight: Number(weight) })}
        />
      </Group>
      <div>
        <Text size="sm" fw={500}>
          {t("storyEditor.element.align")}
        </Text>
        <SegmentedControl
          fullWidth
          size="xs"
          value={element.data.textAlign}
          data={TEXT_ALIGNS.map((align) => ({ value: align, label: t(`storyEditor.element.aligns.${align}`) }))}
          onChange={(textAlign) => set({ textAlign })}
        />
      </div>
      {element.type === "TEXT" && (
        <Group>
          <Checkbox
            label={t("storyEditor.element.underline")}
            checked={element.data.textDecoration === "underline"}
            onChange={(event) => set({ textDecoration: event.currentTarget.checked ? "underline" : "none" })}
          />
          <Checkbox
            label={t("storyEditor.element.italic")}
            checked={element.data.fontStyle === "italic"}
            onChange={(event) => set({ fontStyle: event.currentTarget.checked ? "italic" : "normal" })}
          />
        </Group>
      )}
    </Stack>
  );
}

export function ElementDataFields({ element, onChoosePicture }: { element: StoryElement; onChoosePicture: () => void }) {
  const { t } = useTranslation();
  const { dispatch } = useEditor();
  switch (element.type) {
    case "TEXT":
    case "TITLE":
      return <TextFields element={element} />;
    case "IMAGE":
      return (
        <Stack gap="sm">
          <Button size="xs" variant="light" onClick={onChoosePicture}>
            {element.data.uuid ? t("storyEditor.element.changePicture") : t("storyEditor.element.choosePicture")}
          </Button>
          <Text size="xs" c="dimmed">
            {t("storyEditor.element.doubleClickHint")}
          </Text>
          <Switch
            label={t("storyEditor.element.lockRatio")}
            checked={element.data.lockAspectRatio}
            onChange={(event) =>
              dispatch({ type: "element/update", elementId: element.id, data: { lockAspectRatio: event.currentTarget.checked } })
            }
          />
        </Stack>
      );
    case "YOUTUBE":
    case "VIMEO":
      return <VideoLinkField key={element.id} element={element} />;
  }
}
