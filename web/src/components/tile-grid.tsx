// The responsive grid every list shows its tiles in: one column on phones, up to four on wide screens.
import { SimpleGrid } from "@mantine/core";
import type { ReactNode } from "react";

export function TileGrid({ children }: { children: ReactNode }) {
  return <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }}>{children}</SimpleGrid>;
}
