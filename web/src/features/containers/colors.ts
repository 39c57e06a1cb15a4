// Container colours (spec 1 §5, §9): the hex check, the text colour readable on a colour, and the tile tint.
import { COLOR_TINT_ALPHA } from "@repox/contracts";

export type Rgb = { r: number; g: number; b: number };

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
/** Spec 1 §5: brightness above this takes dark text, otherwise white. */
const BRIGHTNESS_THRESHOLD = 125;
export const DARK_TEXT = "#000000";
export const LIGHT_TEXT = "#ffffff";

export function isHexColor(value: string): boolean {
  return HEX.test(value.trim());
}

/** "#abc" or "#aabbcc" (the # optional) as six lowercase digits with #; throws 'Invalid hex color value: {value}'. */
export function normalizeHexColor(value: string): string {
  const digits = HEX.exec(value.trim())?.[1];
  if (!digits) throw new Error(`Invalid hex color value: ${value}`);
  const six = digits.length === 3 ? [...digits].map((digit) => digit + digit).join("") : digits;
  return `#${six.toLowerCase()}`;
}

export function hexToRgb(value: string): Rgb {
  const six = normalizeHexColor(value);
  return {
    r: Number.parseInt(six.slice(1, 3), 16),
    g: Number.parseInt(six.slice(3, 5), 16),
    b: Number.parseInt(six.slice(5, 7), 16),
  };
}

/** Perceived brightness, 0 to 255: (299 R + 587 G + 114 B) / 1000. */
export function brightness({ r, g, b }: Rgb): number {
  return (299 * r + 587 * g + 114 * b) / 1000;
}

/** Dark text on light colours, white on the others. */
export function textColorOn(background: string): string {
  return brightness(hexToRgb(background)) > BRIGHTNESS_THRESHOLD ? DARK_TEXT : LIGHT_TEXT;
}

/** The colour with the 8C alpha suffix, as tiles are tinted. */
export function tintOf(color: string): string {
  return `${normalizeHexColor(color)}${COLOR_TINT_ALPHA}`;
}

/** The tint and the text colour a tile of this colour gets; null for no colour or one that is not a hex colour. */
export function tileColors(color: string | null): { background: string; text: string } | null {
  if (!color || !isHexColor(color)) return null;
  return { background: tintOf(color), text: textColorOn(color) };
}
