// Pure changes to a story's slides (spec 3 §4 Story editor): add from a template or blank with the delay rule, duplicate
// with the '(copy)' rule, delete, reorder, and edit a slide's fields, background and animation.
import {
  duplicateSlideName,
  fitAnimationToSlide,
  newSlide,
  type Slide,
  type SlideAnimation,
  type SlideDetails,
  type StoryBackground,
  type StoryDetails,
} from "@repox/contracts";

export const slidesOf = (details: StoryDetails) => details.screen.slides;

export function withSlides(details: StoryDetails, slides: Slide[]): StoryDetails {
  return { ...details, screen: { ...details.screen, slides } };
}

/** Applies `change` to the slide `slideId`; the same details when there is no such slide. */
export function mapSlide(details: StoryDetails, slideId: string, change: (slide: Slide) => Slide): StoryDetails {
  const slides = slidesOf(details);
  const index = slides.findIndex((slide) => slide.id === slideId);
  const slide = slides[index];
  if (!slide) return details;
  const next = change(slide);
  if (next === slide) return details;
  return withSlides(details, slides.with(index, next));
}

/**
 * A new slide at the end: 'Slide {n}', with a template's content when one is given (`templateId` kept), and the §4
 * delays after the last slide (0 and 10000 for the first).
 */
export function slideToAdd(details: StoryDetails, id: string, template?: { id: string; slideDetails: SlideDetails }): Slide {
  const slides = slidesOf(details);
  const blank = newSlide(id, slides.length + 1, slides.at(-1));
  if (!template) return blank;
  const { duration, background, animation, elements } = structuredClone(template.slideDetails);
  return {
    ...blank,
    duration,
    background,
    elements,
    templateId: template.id,
    animation: {
      ...animation,
      enterAnimationDelay: blank.animation.enterAnimationDelay,
      leaveAnimationDelay: blank.animation.leaveAnimationDelay,
    },
  };
}

export function addSlide(details: StoryDetails, slide: Slide): StoryDetails {
  return withSlides(details, [...slidesOf(details), slide]);
}

/** A copy right after the original, named with '(copy)' once. */
export function duplicateSlide(details: StoryDetails, slideId: string, copyId: string): StoryDetails {
  const slides = slidesOf(details);
  const index = slides.findIndex((slide) => slide.id === slideId);
  const original = slides[index];
  if (!original) return details;
  const copy: Slide = { ...structuredClone(original), id: copyId, name: duplicateSlideName(original.name) };
  return withSlides(details, slides.toSpliced(index + 1, 0, copy));
}

export function deleteSlide(details: StoryDetails, slideId: string): StoryDetails {
  const slides = slidesOf(details);
  return slides.some((slide) => slide.id === slideId)
    ? withSlides(
        details,
        slides.filter((slide) => slide.id !== slideId),
      )
    : details;
}

/** Moves the slide at `from` to `to` (indexes of the list before the move). */
export function moveSlide(details: StoryDetails, from: number, to: number): StoryDetails {
  const slides = slidesOf(details);
  const moved = slides[from];
  if (!moved || from === to || to < 0 || to >= slides.length) return details;
  return withSlides(details, slides.toSpliced(from, 1).toSpliced(to, 0, moved));
}

export type SlideFields = Partial<Pick<Slide, "name" | "duration">>;

/**
 * A shorter slide pulls its elements' animations back inside it (contracts fitAnimationToSlide), and its own enter and
 * leave are never longer than it; a longer one moves nothing.
 */
export function updateSlide(details: StoryDetails, slideId: string, fields: SlideFields): StoryDetails {
  return mapSlide(details, slideId, (slide) => {
    const next = { ...slide, ...fields };
    if (next.duration >= slide.duration) return next;
    const elements = next.elements.map((element) => {
      const animation = fitAnimationToSlide(element.animation, next.duration);
      return animation === element.animation ? element : { ...element, animation };
    });
    const durationEnter = Math.min(next.animation.durationEnter, next.duration);
    const durationLeave = Math.min(next.animation.durationLeave, next.duration);
    return { ...next, elements, animation: { ...next.animation, durationEnter, durationLeave } };
  });
}

export function updateSlideBackground(details: StoryDetails, slideId: string, fields: Partial<StoryBackground>): StoryDetails {
  return mapSlide(details, slideId, (slide) => ({ ...slide, background: { ...slide.background, ...fields } }));
}

/** Changing the editor duration carries the duration up with it: a slide is never shorter than its editor minimum. */
export function updateSlideAnimation(details: StoryDetails, slideId: string, fields: Partial<SlideAnimation>): StoryDetails {
  return mapSlide(details, slideId, (slide) => {
    const animation = { ...slide.animation, ...fields };
    return { ...slide, animation, duration: Math.max(slide.duration, Math.round(animation.editorSlideDuration * 1000)) };
  });
}
