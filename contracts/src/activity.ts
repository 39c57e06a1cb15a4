// The activity log (ARCHITECTURE §4 "Activity"): every change to a container, datastream, survey, screen or website
// appends one item; Activity tabs read them newest first, 20 a page (spec 1 §9).
import { z } from "zod";
import { PageQuery } from "./common.ts";

export const ACTIVITY_PAGE_SIZE = 20;

/** Who did it; null when that user has been deleted since. */
export const ActivityUser = z.object({ uuid: z.string(), username: z.string(), firstname: z.string(), lastname: z.string() });
export type ActivityUser = z.infer<typeof ActivityUser>;

export const ActivityItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** A code such as created, updated, renamed, colored, moved, linked. */
  action: z.string(),
  /** What changed, in a sentence without the actor: "Renamed from 'Draft' to 'Final'". */
  description: z.string(),
  user: ActivityUser.nullable(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

export const ActivityQuery = PageQuery.extend({ size: PageQuery.shape.size.default(ACTIVITY_PAGE_SIZE) });
export type ActivityQuery = z.infer<typeof ActivityQuery>;
