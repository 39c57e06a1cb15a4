// A tag's colour as a small round swatch beside its name.
import { ColorSwatch } from "@mantine/core";

export function TagSwatch({ color, size = 14 }: { color: string; size?: number }) {
  return <ColorSwatch color={color} size={size} withShadow={false} aria-hidden="true" style={{ flexShrink: 0 }} />;
}
