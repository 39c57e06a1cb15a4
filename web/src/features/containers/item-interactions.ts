// The props every listed item (tile or row) gets: selection by click and ctrl/meta click, opening by double click or
// Enter, the context menu by right click, the menu key or Shift+F10, and arrow-key focus movement (spec 1 §2).
import type { KeyboardEvent, MouseEvent } from "react";
import type { ContentItem } from "./content-items.ts";

export type ItemElementProps = {
  tabIndex: number;
  "data-item-key": string;
  "aria-selected": boolean;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  onDoubleClick: () => void;
  onContextMenu: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onFocus: () => void;
};

export type ItemInteractions = {
  propsFor: (entry: ContentItem) => ItemElementProps;
  isSelected: (entry: ContentItem) => boolean;
};
