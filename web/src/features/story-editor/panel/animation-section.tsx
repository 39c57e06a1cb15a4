// Animation (spec 3 §2, §5): the enter and leave animations (animate.css fadeIn and fadeOut families) of the selected
// element, or of the selected slide when no element is selected; delays on a slider in 0.25 s steps, durations in ms.
import { NumberInput, Select, Slider, Stack, Text } from "@mantine/core";
import {
  type ElementAnimation,
  ENTER_ANIMATIONS,
  LEAVE_ANIMATIONS,
  type SlideAnimation,
  STORY_LIMITS,
  STORY_STEPS,
} from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { useEditor } from "../editor-context.tsx";
import { selectedElement, selectedSlide } from "../state/editor-reducer.ts";

type Shared = Pick<
  ElementAnimation & SlideAnimation,
  "enterAnimation" | "leaveAnimation" | "enterAnimationDelay" | "leaveAnimationDelay" | "durationEnter" | "durationLeave"
>;

/** A changed delay keeps leave at or after enter, as the schema asks. */
export function delaysAfter(animation: Shared, change: Partial<Shared>): Partial<Shared> {
  const next = { ...animation, ...change };
  if (change.enterAnimationDelay !== undefined && next.leaveAnimationDelay < next.enterAnimationDelay)
    return { ...change, leaveAnimationDelay: next.enterAnimationDelay };
  if (change.leaveAnimationDelay !== undefined && next.leaveAnimationDelay < next.enterAnimationDelay)
    return { ...change, enterAnimationDelay: next.leaveAnimationDelay };
  return change;
}

function DelaySlider({
  label,
  valueMs,
  maxMs,
  onChange,
}: {
  label: string;
  valueMs: number;
  maxMs: number;
  onChange: (ms: number) => void;
}) {
  const step = STORY_STEPS.delayMs / 1000;
  return (
    <div>
      <Text size="sm" fw={500}>
        {label}: {(valueMs / 1000).toFixed(2)} s
      </Text>
      <Slider
        thumbLabel={label}
        min={0}
        max={Math.max(maxMs, valueMs) / 1000}
        step={step}
        value={valueMs / 1000}
        label={(value) => `${value.toFixed(2)} s`}
        onChange={(seconds) => onChange(Math.round(seconds * 1000))}
      />
    </div>
  );
}

export function AnimationSection() {
  const { t } = useTranslation();
  const { state, dispatch } = useEditor();
  const slide = selectedSlide(state);
  const element = selectedElement(state);
  if (!slide) return <Text c="dimmed">{t("storyEditor.noSlideSelected")}</Text>;
  const animation: Shared = element ? element.animation : slide.animation;
  const key = element ? `element:${element.id}` : `slide:${slide.id}`;
  const change = (fields: Partial<Shared>, field: string) => {
    const patch = delaysAfter(animation, fields);
    if (element) dispatch({ type: "element/animation", elementId: element.id, fields: patch, mergeKey: `${key}:${field}` });
    else dispatch({ type: "slide/animation", slideId: slide.id, fields: patch, mergeKey: `${key}:${field}` });
  };
  // Element delays count from the slide's start, slide delays along the whole story.
  const maxDelayMs = element ? slide.duration : slide.animation.leaveAnimationDelay + 30_000;
  const duration = (label: string, value: number, field: "durationEnter" | "durationLeave") => (
    <NumberInput
      label={label}
      suffix=" ms"
      min={0}
      max={STORY_LIMITS.animationDurationMaxMs}
      step={STORY_STEPS.durationMs}
      value={value}
      onChange={(next) => typeof next === "number" && change({ [field]: next }, field)}
    />
  );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {element ? t("storyEditor.animation.ofElement") : t("storyEditor.animation.ofSlide", { name: slide.name })}
      </Text>
      <Select
        label={t("storyEditor.animation.enter")}
        data={[...ENTER_ANIMATIONS]}
        value={animation.enterAnimation}
        allowDeselect={false}
        onChange={(value) => value && change({ enterAnimation: value as Shared["enterAnimation"] }, "enter")}
      />
      <DelaySlider
        label={t("storyEditor.animation.enterDelay")}
        valueMs={animation.enterAnimationDelay}
        maxMs={maxDelayMs}
        onChange={(ms) => change({ enterAnimationDelay: ms }, "enterDelay")}
      />
      {duration(t("storyEditor.animation.enterDuration"), animation.durationEnter, "durationEnter")}
      <Select
        label={t("storyEditor.animation.leave")}
        data={[...LEAVE_ANIMATIONS]}
        value={animation.leaveAnimation}
        allowDeselect={false}
        onChange={(value) => value && change({ leaveAnimation: value as Shared["leaveAnimation"] }, "leave")}
      />
      <DelaySlider
        label={t("storyEditor.animation.leaveDelay")}
        valueMs={animation.leaveAnimationDelay}
        maxMs={maxDelayMs}
        onChange={(ms) => change({ leaveAnimationDelay: ms }, "leaveDelay")}
      />
      {duration(t("storyEditor.animation.leaveDuration"), animation.durationLeave, "durationLeave")}
    </Stack>
  );
}
