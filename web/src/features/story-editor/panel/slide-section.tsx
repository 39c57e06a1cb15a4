// Edit Slide (spec 3 §2, §5): name, duration (never below the editor's minimum), background colour or picture, and
// saving the slide as a template for the 'Saved Templates' tab.
import { Button, ColorInput, Group, NumberInput, Select, Stack, Text, TextInput } from "@mantine/core";
import { BACKGROUND_POSITIONS, BACKGROUND_SIZES, STORY_LIMITS } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AssetPickerModal } from "../asset-picker-modal.tsx";
import { useEditor } from "../editor-context.tsx";
import { selectedSlide } from "../state/editor-reducer.ts";
import { SaveTemplateModal } from "./save-template-modal.tsx";

export function SlideSection() {
  const { t } = useTranslation();
  const { state, dispatch } = useEditor();
  const [isPicking, setPicking] = useState(false);
  const [isSavingTemplate, setSavingTemplate] = useState(false);
  const slide = selectedSlide(state);
  if (!slide) return <Text c="dimmed">{t("storyEditor.noSlideSelected")}</Text>;
  const slideId = slide.id;
  const minSeconds = slide.animation.editorSlideDuration;
  return (
    <Stack gap="sm">
      <TextInput
        label={t("storyEditor.slide.name")}
        value={slide.name}
        maxLength={STORY_LIMITS.nameMaxLength}
        onChange={(event) =>
          dispatch({ type: "slide/update", slideId, fields: { name: event.currentTarget.value }, mergeKey: `slide:${slideId}:name` })
        }
      />
      <NumberInput
        label={t("storyEditor.slide.duration")}
        description={t("storyEditor.slide.durationMin", { seconds: minSeconds })}
        suffix=" s"
        min={minSeconds}
        max={STORY_LIMITS.slideDurationMaxMs / 1000}
        step={0.25}
        decimalScale={2}
        value={slide.duration / 1000}
        onChange={(value) => {
          if (typeof value !== "number") return;
          const duration = Math.round(Math.max(value, minSeconds) * 1000);
          dispatch({ type: "slide/update", slideId, fields: { duration }, mergeKey: `slide:${slideId}:duration` });
        }}
      />
      <NumberInput
        label={t("storyEditor.slide.editorDuration")}
        suffix=" s"
        min={0}
        max={STORY_LIMITS.editorDurationMaxSeconds}
        step={1}
        value={minSeconds}
        onChange={(value) =>
          typeof value === "number" &&
          dispatch({
            type: "slide/animation",
            slideId,
            fields: { editorSlideDuration: value },
            mergeKey: `slide:${slideId}:editorDuration`,
          })
        }
      />
      <ColorInput
        label={t("storyEditor.slide.background")}
        value={slide.background.color}
        format="hex"
        onChange={(color) =>
          /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(color) &&
          dispatch({ type: "slide/background", slideId, fields: { color }, mergeKey: `slide:${slideId}:color` })
        }
      />
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => setPicking(true)}>
          {slide.background.uuid ? t("storyEditor.slide.changeBackgroundImage") : t("storyEditor.slide.backgroundImage")}
        </Button>
        {slide.background.uuid && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => dispatch({ type: "slide/background", slideId, fields: { uuid: null } })}
          >
            {t("storyEditor.slide.removeBackgroundImage")}
          </Button>
        )}
      </Group>
      {slide.background.uuid && (
        <Group grow>
          <Select
            label={t("storyEditor.slide.backgroundSize")}
            data={[...BACKGROUND_SIZES]}
            value={slide.background.size}
            allowDeselect={false}
            onChange={(size) =>
              size && dispatch({ type: "slide/background", slideId, fields: { size: size as (typeof BACKGROUND_SIZES)[number] } })
            }
          />
          <Select
            label={t("storyEditor.slide.backgroundPosition")}
            data={[...BACKGROUND_POSITIONS]}
            value={slide.background.position}
            allowDeselect={false}
            onChange={(position) =>
              position &&
              dispatch({ type: "slide/background", slideId, fields: { position: position as (typeof BACKGROUND_POSITIONS)[number] } })
            }
          />
        </Group>
      )}
      <Button size="xs" variant="default" onClick={() => setSavingTemplate(true)}>
        {t("storyEditor.slide.saveAsTemplate")}
      </Button>
      <AssetPickerModal
        opened={isPicking}
        onClose={() => setPicking(false)}
        withStore
        title={t("storyEditor.slide.backgroundImage")}
        onPick={(picture) => dispatch({ type: "slide/background", slideId, fields: { uuid: picture.uuid, from: picture.from } })}
      />
      <SaveTemplateModal slide={slide} opened={isSavingTemplate} onClose={() => setSavingTemplate(false)} />
    </Stack>
  );
}
