// A list tile that opens its item's editor: the whole card is one button.
import { Card } from "@mantine/core";
import type { ReactNode } from "react";

export function ItemCard({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <Card component="button" type="button" withBorder padding="md" ta="left" onClick={onOpen} style={{ cursor: "pointer" }}>
      {children}
    </Card>
  );
}
