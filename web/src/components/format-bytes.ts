// The one way the web app writes a byte count (tiles, lists, storage, upload, file info, reports): in the largest
// unit that keeps it at 1 or more ("2 GB"), counted in powers of 1024, in the UI language.
import { intlLocale } from "../app/i18n/intl-locale.ts";

const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte", "petabyte"] as const;

export function formatBytes(bytes: number, locale: string): string {
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // "512 bytes" reads better than the short "512 byte"; larger units read best short ("2 GB").
  const unitDisplay = unit === 0 ? "long" : "short";
  const format = new Intl.NumberFormat(intlLocale(locale), { style: "unit", unit: UNITS[unit], unitDisplay, maximumFractionDigits: 1 });
  return format.format(Math.sign(bytes) * value);
}
