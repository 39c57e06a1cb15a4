// Dates in the printout: the content area's 'Do MMMM YYYY' with the time, 'hh:mm' (spec 1 §9).
import dayjs from "dayjs";
import { CONTENT_DATE_FORMAT } from "../containers/content-dates.ts";

export const PRINT_DATE_FORMAT = `${CONTENT_DATE_FORMAT} hh:mm`;

/** An ISO timestamp in local time; text that is no date is shown as given. */
export function formatPrintDate(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(PRINT_DATE_FORMAT) : value;
}
