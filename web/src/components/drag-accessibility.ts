// What screen readers hear while an item is dragged, in the UI language (dnd-kit's defaults are English ids). `keys`
// names the translations' group, which holds instructions, pickedUp, movedOver, dropped, droppedInPlace and cancelled.
import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";
import type { TFunction } from "i18next";

export function dragAccessibility(
  t: TFunction,
  keys: "contentTypes.drag" | "guides.onboarding.drag" | "surveys.builder.drag",
  nameOf: (id: UniqueIdentifier) => string,
): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  return {
    screenReaderInstructions: { draggable: t(`${keys}.instructions`) },
    announcements: {
      onDragStart: ({ active }) => t(`${keys}.pickedUp`, { name: nameOf(active.id) }),
      onDragOver: ({ active, over }) => (over ? t(`${keys}.movedOver`, { name: nameOf(active.id), over: nameOf(over.id) }) : undefined),
      onDragEnd: ({ active, over }) =>
        over
          ? t(`${keys}.dropped`, { name: nameOf(active.id), over: nameOf(over.id) })
          : t(`${keys}.droppedInPlace`, { name: nameOf(active.id) }),
      onDragCancel: ({ active }) => t(`${keys}.cancelled`, { name: nameOf(active.id) }),
    },
  };
}
