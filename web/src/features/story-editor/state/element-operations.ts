// Pure changes to the elements of one slide (spec 3 §4, §5): add, move and resize within the minimum sizes, rotate in
// 45° steps that wrap to 0 past ±315, nudge, restack, edit data and animation, delete, and size an image on first load.
import {
  ELEMENT_MIN_SIZE,
  type ElementAnimation,
  rotateStep,
  type Slide,
  STORY_STEPS,
  type StoryDetails,
  type StoryElement,
} from "@repox/contracts";
import { mapSlide } from "./slide-operations.ts";

export type Geometry = { x: number; y: number; width: number; height: number; rotation: number };

export function mapElement(details: StoryDetails, slideId: string, elementId: string, change: (element: StoryElement) => StoryElement) {
  return mapSlide(details, slideId, (slide) => {
    const index = slide.elements.findIndex((element) => element.id === elementId);
    const element = slide.elements[index];
    if (!element) return slide;
    const next = change(element);
    return next === element ? slide : { ...slide, elements: slide.elements.with(index, next) };
  });
}

/** Any angle to the nearest 45° step, then into −315..315 (a full turn is 0). */
export function normalizeRotation(degrees: number): number {
  const stepped = Math.round(degrees / STORY_STEPS.rotationDegrees) * STORY_STEPS.rotationDegrees;
  const wrapped = stepped % 360;
  return wrapped === 0 ? 0 : wrapped;
}

/** Whole pixels, never below the type's minimum size. */
export function fitGeometry(element: StoryElement, geometry: Partial<Geometry>): StoryElement {
  const min = ELEMENT_MIN_SIZE[element.type];
  return {
    ...element,
    x: Math.round(geometry.x ?? element.x),
    y: Math.round(geometry.y ?? element.y),
    width: Math.max(min.width, Math.round(geometry.width ?? element.width)),
    height: Math.max(min.height, Math.round(geometry.height ?? element.height)),
    rotation: normalizeRotation(geometry.rotation ?? element.rotation),
  };
}

/**
 * A new element goes on top: its zIndex (1 by default, spec 3 §9) is raised to the slide's highest, and being last in
 * the list it is drawn above the others of that zIndex (after a restack numbered them 1, 2, 3 …, a plain 1 would put
 * it underneath).
 */
export function addElement(details: StoryDetails, slideId: string, element: StoryElement): StoryDetails {
  return mapSlide(details, slideId, (slide) => {
    const zIndex = Math.max(element.zIndex, ...slide.elements.map((other) => other.zIndex));
    return { ...slide, elements: [...slide.elements, zIndex === element.zIndex ? element : { ...element, zIndex }] };
  });
}

export function deleteElement(details: StoryDetails, slideId: string, elementId: string): StoryDetails {
  return mapSlide(details, slideId, (slide) =>
    slide.elements.some((element) => element.id === elementId)
      ? { ...slide, elements: slide.elements.filter((element) => element.id !== elementId) }
      : slide,
  );
}

export function setGeometry(details: StoryDetails, slideId: string, elementId: string, geometry: Partial<Geometry>): StoryDetails {
  return mapElement(details, slideId, elementId, (element) => fitGeometry(element, geometry));
}

export function nudgeElement(details: StoryDetails, slideId: string, elementId: string, dx: number, dy: number): StoryDetails {
  return mapElement(details, slideId, elementId, (element) => fitGeometry(element, { x: element.x + dx, y: element.y + dy }));
}

export function rotateElement(details: StoryDetails, slideId: string, elementId: string, direction: 1 | -1): StoryDetails {
  return mapElement(details, slideId, elementId, (element) => ({ ...element, rotation: rotateStep(element.rotation, direction) }));
}

export type StackMove = "front" | "back" | "forward" | "backward";

/** Restacks the slide's elements: they are ordered by zIndex (ties in list order) and numbered 1, 2, 3 … again. */
export function restackElement(details: StoryDetails, slideId: string, elementId: string, move: StackMove): StoryDetails {
  return mapSlide(details, slideId, (slide): Slide => {
    const stack = slide.elements
      .map((element, index) => ({ element, index }))
      .sort((a, b) => a.element.zIndex - b.element.zIndex || a.index - b.index);
    const from = stack.findIndex((entry) => entry.element.id === elementId);
    if (from < 0) return slide;
    const to = { front: stack.length - 1, back: 0, forward: Math.min(stack.length - 1, from + 1), backward: Math.max(0, from - 1) }[move];
    const moved = stack[from];
    if (!moved) return slide;
    const reordered = stack.toSpliced(from, 1).toSpliced(to, 0, moved);
    const zIndexOf = new Map(reordered.map((entry, position) => [entry.element.id, position + 1]));
    return {
      ...slide,
      elements: slide.elements.map((element) => {
        const zIndex = zIndexOf.get(element.id) ?? element.zIndex;
        return zIndex === element.zIndex ? element : { ...element, zIndex };
      }),
    };
  });
}

/** The element's own fields (its name) and its data; a YouTube or Vimeo URL is checked by the editor before it lands here. */
export function updateElement(
  details: StoryDetails,
  slideId: string,
  elementId: string,
  change: { name?: string; data?: Record<string, unknown> },
): StoryDetails {
  return mapElement(details, slideId, elementId, (element) => {
    const data = change.data ? { ...element.data, ...change.data } : element.data;
    return { ...element, ...(change.name === undefined ? {} : { name: change.name }), data } as StoryElement;
  });
}

export function updateElementAnimation(
  details: StoryDetails,
  slideId: string,
  elementId: string,
  fields: Partial<ElementAnimation>,
): StoryDetails {
  return mapElement(details, slideId, elementId, (element) => ({ ...element, animation: { ...element.animation, ...fields } }));
}

/**
 * Spec 3 §4: an image's dimensions are set once, when its picture first loads: its natural size, halved when that is
 * larger than the story's screen, never below the minimum size.
 */
export function sizeImage(
  details: StoryDetails,
  slideId: string,
  elementId: string,
  natural: { width: number; height: number },
): StoryDetails {
  const screen = { width: details.screen.width ?? Number.POSITIVE_INFINITY, height: details.screen.height ?? Number.POSITIVE_INFINITY };
  return mapElement(details, slideId, elementId, (element) => {
    if (element.type !== "IMAGE" || element.data.dimensionsAreSet || natural.width <= 0 || natural.height <= 0) return element;
    const isLarger = natural.width > screen.width || natural.height > screen.height;
    const factor = isLarger ? 0.5 : 1;
    const sized = fitGeometry(element, { width: natural.width * factor, height: natural.height * factor });
    return { ...sized, type: "IMAGE", data: { ...element.data, dimensionsAreSet: true } };
  });
}
