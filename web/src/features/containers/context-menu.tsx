// The context menu of a folder's items: opens at the pointer (or under the item for the keyboard) and scrolls when
// fewer than 271 px remain below (spec 1 §2), shifted up when even its smallest height does not fit below; with more
// room, a menu taller than the room opens upwards instead, and scrolls if it is taller than either side.
import { Menu, ScrollArea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ActionMenuItems } from "./action-menu.tsx";
import type { ContentAction } from "./content-actions.tsx";
import { contextMenuPlacement } from "./context-menu-placement.ts";

/** Where the menu opens, what it offers, and the item that gets the focus back when it closes. */
export type ContextMenuState = { x: number; y: number; actions: ContentAction[]; origin: HTMLElement };

export function ContextMenu({ menu, onClose }: { menu: ContextMenuState; onClose: () => void }) {
  const { t } = useTranslation();
  const close = () => {
    onClose();
    menu.origin.focus({ preventScroll: true });
  };
  const { maxHeight, mayFlip } = contextMenuPlacement(menu.y, window.innerHeight);
  return (
    <Menu
      opened
      onChange={(opened) => !opened && close()}
      position="bottom-start"
      offset={2}
      // The vertical (cross-axis) shift keeps a menu opened in the window's last pixels whole on the screen.
      middlewares={{ flip: mayFlip, shift: { crossAxis: true, padding: 8 } }}
      withinPortal
    >
      <Menu.Target>
        <div aria-hidden style={{ position: "fixed", left: menu.x, top: menu.y, width: 0, height: 0 }} />
      </Menu.Target>
      <Menu.Dropdown aria-label={t("containers.contextMenu")} data-testid="content-context-menu">
        <ScrollArea.Autosize mah={maxHeight} type="auto" data-scrolling={mayFlip ? undefined : "true"}>
          <ActionMenuItems actions={menu.actions} />
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
