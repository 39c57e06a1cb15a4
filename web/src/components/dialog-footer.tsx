// The button row at the bottom of a form dialog, pinned while the body scrolls.
import { Group } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./dialog-footer.module.css";

export function DialogFooter({ children, spread }: { children: ReactNode; spread: boolean }) {
  return (
    <Group className={classes.footer} justify={spread ? "space-between" : "flex-end"}>
      {children}
    </Group>
  );
}
