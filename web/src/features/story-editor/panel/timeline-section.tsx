// Timeline (spec 3 §2): the slides along the story's time axis (enter delay to leave delay) and, under the selected
// slide, its elements from their enter to their leave delay within the slide. A bar selects its slide or element.
import { Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import type { Slide } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { useEditor } from "../editor-context.tsx";
import classes from "./timeline.module.css";

export type Span = { start: number; end: number };

/** Where a span sits on an axis of `total` ms, in percent. */
export function spanStyle(span: Span, total: number): { left: string; width: string } {
  const safe = Math.max(total, 1);
  const start = Math.min(Math.max(span.start, 0), safe);
  const end = Math.min(Math.max(span.end, start), safe);
  return { left: `${(start / safe) * 100}%`, width: `${Math.max(((end - start) / safe) * 100, 0.5)}%` };
}

const slideSpan = (slide: Slide): Span => ({
  start: slide.animation.enterAnimationDelay,
  end: slide.animation.leaveAnimationDelay + slide.animation.durationLeave,
});

function Bar({
  label,
  span,
  total,
  isSelected,
  onClick,
}: {
  label: string;
  span: Span;
  total: number;
  isSelected: boolean;
  onClick: () => void;
}) {
  return (
    <div className={classes.row}>
      <Text size="xs" className={classes.label} truncate>
        {label}
      </Text>
      <div className={classes.track}>
        <Tooltip label={`${label}: ${(span.start / 1000).toFixed(2)} – ${(span.end / 1000).toFixed(2)} s`}>
          <UnstyledButton
            className={classes.bar}
            data-selected={isSelected || undefined}
            style={spanStyle(span, total)}
            onClick={onClick}
            aria-label={label}
          />
        </Tooltip>
      </div>
    </div>
  );
}

export function TimelineSection() {
  const { t } = useTranslation();
  const { state, dispatch } = useEditor();
  const slides = state.history.present.storyDetails.screen.slides;
  if (slides.length === 0) return <Text c="dimmed">{t("storyEditor.noSlideSelected")}</Text>;
  const storyTotal = Math.max(...slides.map((slide) => slideSpan(slide).end));
  const selected = slides.find((slide) => slide.id === state.selection.slideId);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {t("storyEditor.timeline.story", { seconds: (storyTotal / 1000).toFixed(1) })}
      </Text>
      {slides.map((slide) => (
        <Bar
          key={slide.id}
          label={slide.name}
          span={slideSpan(slide)}
          total={storyTotal}
          isSelected={slide.id === selected?.id}
          onClick={() => dispatch({ type: "slide/select", slideId: slide.id })}
        />
      ))}
      {selected && selected.elements.length > 0 && (
        <>
          <Text size="xs" c="dimmed" mt="xs">
            {t("storyEditor.timeline.slide", { name: selected.name, seconds: (selected.duration / 1000).toFixed(1) })}
          </Text>
          {selected.elements.map((element) => (
            <Bar
              key={element.id}
              label={element.name || t(`storyEditor.elements.types.${element.type}`)}
              span={{
                start: element.animation.enterAnimationDelay,
                end: element.animation.leaveAnimationDelay + element.animation.durationLeave,
              }}
              total={Math.max(selected.duration, element.animation.leaveAnimationDelay + element.animation.durationLeave)}
              isSelected={element.id === state.selection.elementId}
              onClick={() => dispatch({ type: "element/select", elementId: element.id })}
            />
          ))}
        </>
      )}
    </Stack>
  );
}
