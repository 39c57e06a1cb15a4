// What screen readers hear while a property is dragged, in the UI language (dnd-kit's defaults are English ids).
import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";
import type { TFunction } from "i18next";

export function dragAccessibility(
  t: TFunction,
  nameOf: (id: UniqueIdentifier) => string,
): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  return {
    screenReaderInstructions: { draggable: t("contentTypes.drag.instructions") },
    announcements: {
      onDragStart: ({ active }) => t("contentTypes.drag.pickedUp", { name: nameOf(active.id) }),
      onDragOver: ({ active, over }) =>
        over ? t("contentTypes.drag.movedOver", { name: nameOf(active.id), over: nameOf(over.id) }) : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t("contentTypes.drag.dropped", { name: nameOf(active.id), over: nameOf(over.id) })
          : t("contentTypes.drag.droppedInPlace", { name: nameOf(active.id) }),
      onDragCancel: ({ active }) => t("contentTypes.drag.cancelled", { name: nameOf(active.id) }),
    },
  };
}
