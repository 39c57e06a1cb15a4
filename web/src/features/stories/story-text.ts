// How the stories list writes a story (spec 3 §2, §9): titles cut at 30 characters, tags at 10, descriptions at 85
// on a card and 10 in the table, and the updated date as DD/MM/YYYY.
import { STORY_LIMITS, type StoryTag, storyTagLabel } from "@repox/contracts";
import dayjs from "dayjs";
import { currentLanguage, intlLocale, usesSpecDateFormats } from "../../app/i18n/intl-locale.ts";

export const STORY_DATE_FORMAT = "DD/MM/YYYY";

const ELLIPSIS = "…";

/**
 * The first `max` characters of `text`, with an ellipsis when some were left out. Characters are code points, so an
 * emoji or a Greek letter with its accent is never split in half.
 */
export function cutText(text: string, max: number): string {
  const characters = Array.from(text.trim());
  return characters.length > max ? `${characters.slice(0, max).join("").trimEnd()}${ELLIPSIS}` : characters.join("");
}

export const cardTitle = (title: string) => cutText(title, STORY_LIMITS.cardTitleLength);
export const cardDescription = (description: string) => cutText(description, STORY_LIMITS.cardDescriptionLength);
export const tableDescription = (description: string) => cutText(description, STORY_LIMITS.tableDescriptionLength);
/** A tag as 'scope:name', cut at 10 characters. */
export const cardTag = (tag: Pick<StoryTag, "scope" | "name">) => cutText(storyTagLabel(tag), STORY_LIMITS.cardTagLength);

/** The day a story was last changed, DD/MM/YYYY in English and each other UI language's own short date. */
export function formatStoryDate(value: string, language: string = currentLanguage()): string {
  const date = dayjs(value);
  if (!date.isValid()) return value;
  if (usesSpecDateFormats(language)) return date.format(STORY_DATE_FORMAT);
  return new Intl.DateTimeFormat(intlLocale(language), { day: "2-digit", month: "2-digit", year: "numeric" }).format(date.toDate());
}
