// Dates in the printout: the content area's date with the time, 'Do MMMM YYYY hh:mm' in English
// (spec 1 §9) and the language's own date-and-time form in the others.
import dayjs from "dayjs";
import { currentLanguage, intlLocale, usesSpecDateFormats } from "../../app/i18n/intl-locale.ts";
import { CONTENT_DATE_FORMAT, CONTENT_DATE_PARTS } from "../containers/content-dates.ts";

export const PRINT_DATE_FORMAT = `${CONTENT_DATE_FORMAT} hh:mm`;

/** An ISO timestamp in local time; text that is no date is shown as given. */
export function formatPrintDate(value: string, language: string = currentLanguage()): string {
  const date = dayjs(value);
  if (!date.isValid()) return value;
  if (usesSpecDateFormats(language)) return date.format(PRINT_DATE_FORMAT);
  const parts: Intl.DateTimeFormatOptions = { ...CONTENT_DATE_PARTS, hour: "2-digit", minute: "2-digit" };
  return new Intl.DateTimeFormat(intlLocale(language), parts).format(date.toDate());
}
