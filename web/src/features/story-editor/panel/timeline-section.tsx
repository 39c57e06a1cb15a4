// Timeline (spec 3 §2): the slides one after another along the story's time axis, as they play, and, under the selected
// slide, its elements from their enter to the end of their leave within the slide. A bar selects its slide or element;
// dragging a slide's end changes its duration (never below the editor minimum), dragging an element's start, end or
// whole bar changes its enter and leave delays; all in 0.25 s steps, each drag one undo step.
import { Stack, Text } from "@mantine/core";
import type { Slide, StoryElement } from "@repox/contracts";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useEditor } from "../editor-context.tsx";
import { draggedElementDelays, draggedSlideDuration } from "../state/timeline-drag.ts";
import { type StartDrag, TimelineBar } from "./timeline-bar.tsx";

const elementEnd = (element: StoryElement) => element.animation.leaveAnimationDelay + element.animation.durationLeave;

export function TimelineSection() {
  const { t } = useTranslation();
  const { state, dispatch } = useEditor();
  // Every gesture gets a key of its own, so the changes it makes while the pointer moves merge into one undo step.
  const gestures = useRef(0);
  const gestureKey = (what: string) => `timeline:${what}:${++gestures.current}`;
  const slides = state.history.present.storyDetails.screen.slides;
  if (slides.length === 0) return <Text c="dimmed">{t("storyEditor.noSlideSelected")}</Text>;

  const storyTotal = slides.reduce((total, slide) => total + slide.duration, 0);
  const selected = slides.find((slide) => slide.id === state.selection.slideId);
  let startMs = 0;

  const dragSlide =
    (slide: Slide): StartDrag =>
    () => {
      const key = gestureKey(slide.id);
      return (deltaMs) =>
        dispatch({ type: "slide/update", slideId: slide.id, fields: { duration: draggedSlideDuration(slide, deltaMs) }, mergeKey: key });
    };
  const dragElement =
    (slide: Slide, element: StoryElement): StartDrag =>
    (handle) => {
      if (element.id !== state.selection.elementId) dispatch({ type: "element/select", elementId: element.id });
      const key = gestureKey(element.id);
      return (deltaMs) =>
        dispatch({
          type: "element/animation",
          elementId: element.id,
          fields: draggedElementDelays(element.animation, handle, deltaMs, slide.duration),
          mergeKey: key,
        });
    };

  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {t("storyEditor.timeline.story", { seconds: (storyTotal / 1000).toFixed(1) })}
      </Text>
      {slides.map((slide) => {
        const span = { start: startMs, end: startMs + slide.duration };
        startMs = span.end;
        return (
          <TimelineBar
            key={slide.id}
            label={slide.name}
            span={span}
            total={storyTotal}
            isSelected={slide.id === selected?.id}
            onSelect={() => dispatch({ type: "slide/select", slideId: slide.id })}
            startDrag={dragSlide(slide)}
            edges={{ end: { label: t("storyEditor.timeline.slideEnd", { name: slide.name }), valueMs: slide.duration } }}
            canMoveBody={false}
            marks={[
              { start: span.start, end: span.start + slide.animation.durationEnter },
              { start: span.end - slide.animation.durationLeave, end: span.end },
            ]}
          />
        );
      })}
      {selected && selected.elements.length > 0 && (
        <>
          <Text size="xs" c="dimmed" mt="xs">
            {t("storyEditor.timeline.slide", { name: selected.name, seconds: (selected.duration / 1000).toFixed(1) })}
          </Text>
          {selected.elements.map((element) => {
            const label = element.name || t(`storyEditor.elements.types.${element.type}`);
            const { enterAnimationDelay: enter, leaveAnimationDelay: leave, durationEnter } = element.animation;
            return (
              <TimelineBar
                key={element.id}
                label={label}
                span={{ start: enter, end: elementEnd(element) }}
                total={Math.max(selected.duration, ...selected.elements.map(elementEnd))}
                isSelected={element.id === state.selection.elementId}
                onSelect={() => dispatch({ type: "element/select", elementId: element.id })}
                startDrag={dragElement(selected, element)}
                edges={{
                  start: { label: t("storyEditor.timeline.enterOf", { name: label }), valueMs: enter },
                  end: { label: t("storyEditor.timeline.leaveOf", { name: label }), valueMs: leave },
                }}
                canMoveBody
                marks={[
                  { start: enter, end: Math.min(enter + durationEnter, leave) },
                  { start: leave, end: elementEnd(element) },
                ]}
              />
            );
          })}
        </>
      )}
    </Stack>
  );
}
