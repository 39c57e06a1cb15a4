// Websites (spec 3 §3 Website, §7 Websites): a named place a story is published as an embed. The operator calls under
// /api/str/websites, the public embed's calls under /api/str/pub/websites (tenant header, no sign-in), and the §5/§9
// numbers of the embed code dialog.
import { z } from "zod";
import { pageOf, Uuid } from "./common.ts";
import { readOnlyFields, WRITE_TIMESTAMPS } from "./read-back.ts";
import { ASPECT_RATIOS, ORIENTATIONS } from "./story-constants.ts";

export const WEBSITE_LIMITS = {
  nameMaxLength: 255,
  descriptionMaxLength: 255,
} as const;

/** The embed code dialog (spec 3 §5, §9): 640×480 by default, at least 640×300, in steps of 10. */
export const WEBSITE_EMBED = { defaultWidth: 640, defaultHeight: 480, minWidth: 640, minHeight: 300, step: 10 } as const;

const missingOr = (wrongKind: string) => (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : wrongKind);
const text = (max: number) =>
  z
    .string({ error: missingOr("must be text") })
    .trim()
    .max(max, { error: `must be at most ${max} characters` });

export const WebsiteParams = z.object({ id: Uuid });
export type WebsiteParams = z.infer<typeof WebsiteParams>;
export const WebsiteMediaParams = z.object({ id: Uuid, uuid: Uuid });
export type WebsiteMediaParams = z.infer<typeof WebsiteMediaParams>;

/** POST and PUT /api/str/websites: the name is required (spec 3 §2 'Website name *'), the description may be empty. */
export const WebsiteBody = z.object({
  name: text(WEBSITE_LIMITS.nameMaxLength).min(1, { error: "is required" }),
  description: text(WEBSITE_LIMITS.descriptionMaxLength).default(""),
});
export type WebsiteBody = z.infer<typeof WebsiteBody>;
export type WebsiteBodyInput = z.input<typeof WebsiteBody>;

/** POST /api/str/websites/{id}/link. */
export const WebsiteLinkBody = z.object({ storyId: Uuid });
export type WebsiteLinkBody = z.infer<typeof WebsiteLinkBody>;

/** The assigned story as a website shows it: its card (title, format, cover). */
export const WebsiteStory = z.object({
  id: Uuid,
  title: z.string(),
  description: z.string(),
  aspectRatio: z.enum(ASPECT_RATIOS),
  orientation: z.enum(ORIENTATIONS),
  /** A signed thumbnail link of the story's cover, or null. */
  coverUrl: z.string().nullable(),
});
export type WebsiteStory = z.infer<typeof WebsiteStory>;

export const Website = z.object({
  id: Uuid,
  /** The same as id (spec 3 §3: uuid, also used as id in routes). */
  uuid: Uuid,
  name: z.string(),
  description: z.string(),
  storyId: Uuid.nullable(),
  story: WebsiteStory.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Website = z.infer<typeof Website>;
/** What PUT compares when sent; `story` is storyId's card, whose cover link is signed anew on every read. */
export const WEBSITE_READ_ONLY_FIELDS = readOnlyFields(Website, WebsiteBody, [...WRITE_TIMESTAMPS, "story"]);

export const WebsitePage = pageOf(Website);

/** Where a website's story plays, framed by other sites: /{tenant}/story-embed/{websiteId}. */
export const websiteEmbedPath = (tenant: string, websiteId: string) =>
  `/${encodeURIComponent(tenant)}/story-embed/${encodeURIComponent(websiteId)}`;
