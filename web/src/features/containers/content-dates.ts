// Dates as the content area shows them: 'Do MMMM YYYY' (spec 1 §9), e.g. "3rd March 2025".
import dayjs from "dayjs";
import advancedFormat from "dayjs/plugin/advancedFormat";

dayjs.extend(advancedFormat);

export const CONTENT_DATE_FORMAT = "Do MMMM YYYY";

/** An ISO timestamp or a "YYYY-MM-DD" day; text that is no date is shown as given. */
export function formatContentDate(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(CONTENT_DATE_FORMAT) : value;
}
