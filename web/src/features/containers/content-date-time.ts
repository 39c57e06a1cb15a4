// A date with its time of day, where the order of events matters (activity, trash): the content area's date followed
// by the hour and minute as the UI language writes them.
import { formatContentDate } from "./content-dates.ts";

/** An ISO timestamp; text that is no date is shown as given. */
export function formatContentDateTime(value: string, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${formatContentDate(value)} ${new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(date)}`;
}
