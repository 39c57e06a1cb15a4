// Guides (spec 3 §2 Guide creator, §3 Guide draft, §5 Guide, §9 Guide): a mobile app's guide drafted by staff, saved,
// published, and read by the app without sign-in. Logo and cover are story assets sized to the spec's dimensions.
import { z } from "zod";
import { PageQuery, pageOf, Uuid } from "./common.ts";
import { idOrReference, readOnlyFields, WRITE_TIMESTAMPS } from "./read-back.ts";

/** The language flags a guide may carry (spec 3 §9 Guide), in the order the creator shows them. */
export const GUIDE_LANGUAGES = ["GR", "US", "IT", "FR"] as const;
export type GuideLanguage = (typeof GUIDE_LANGUAGES)[number];

/** What a logo and a cover are stored as (spec 3 §9 Guide): at least this large and of this shape, then resized to it. */
export const GUIDE_IMAGE_SIZES = {
  logo: { width: 1148, height: 249 },
  cover: { width: 1920, height: 1200 },
} as const;
export type GuideImageRole = keyof typeof GUIDE_IMAGE_SIZES;

export const GUIDE_LIMITS = {
  titleMaxLength: 255,
  descriptionMaxLength: 1000,
  welcomeTextMaxLength: 2000,
  onboardingMaxImages: 20,
  /** How far an image's width/height ratio may stray from the expected one: 2 %. */
  aspectTolerance: 0.02,
  /** Public reads of one address per minute (the guide JSON and its images). */
  publicReadsPerMinute: 240,
  bodyMaxBytes: 64 * 1024,
} as const;

const L = GUIDE_LIMITS;
const missingOr = (wrongKind: string) => (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : wrongKind);
const trimmed = (max: number) =>
  z
    .string({ error: missingOr("must be text") })
    .trim()
    .max(max, { error: `must be at most ${max} characters` });

export const GuideLanguageName = z.enum(GUIDE_LANGUAGES, { error: `must be one of ${GUIDE_LANGUAGES.join(", ")}` });

/** A welcome text per selected language; a language not selected may not have one. */
export const GuideWelcomeTexts = z.partialRecord(GuideLanguageName, trimmed(L.welcomeTextMaxLength));
export type GuideWelcomeTexts = z.infer<typeof GuideWelcomeTexts>;

/** POST /api/guides and PUT /api/guides/{id}. Only the title is required: a guide may be saved half made. */
/** A story asset's uuid, or the image `{asset, url}` a GET answers (the asset it was made from). */
const GuideAssetInput = idOrReference(Uuid, "asset", "must be a valid UUID");

export const GuideBody = z
  .object({
    title: trimmed(L.titleMaxLength).min(1, { error: "is required" }),
    description: trimmed(L.descriptionMaxLength).default(""),
    languages: z
      .array(GuideLanguageName)
      .max(GUIDE_LANGUAGES.length)
      .default([])
      .refine((list) => new Set(list).size === list.length, { error: "must not name a language twice" }),
    /** A story asset's uuid; the guide keeps a copy sized 1148×249. */
    logo: GuideAssetInput.nullable().default(null),
    /** A story asset's uuid; the guide keeps a copy sized 1920×1200. */
    cover: GuideAssetInput.nullable().default(null),
    welcomeTexts: GuideWelcomeTexts.default({}),
    /** Story assets' uuids in the order the app shows them. */
    onboarding: z
      .array(GuideAssetInput)
      .max(L.onboardingMaxImages, { error: `must hold at most ${L.onboardingMaxImages} images` })
      .default([]),
  })
  .superRefine((body, issue) => {
    for (const language of Object.keys(body.welcomeTexts)) {
      if (!body.languages.includes(language as GuideLanguage)) {
        issue.addIssue({
          code: "custom",
          path: ["welcomeTexts", language],
          message: `is for ${language}, which is not one of the guide's languages`,
        });
      }
    }
  });
export type GuideBody = z.infer<typeof GuideBody>;
export type GuideBodyInput = z.input<typeof GuideBody>;

export const GuideParams = z.object({ id: Uuid });
export const GuideImageParams = z.object({ id: Uuid, sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: "must be a sha-256" }) });
export const GuideListQuery = PageQuery;
export type GuideListQuery = z.infer<typeof GuideListQuery>;

/** One image of a guide as staff read it: the asset it came from and a signed link to what the guide holds. */
export const GuideImage = z.object({ asset: z.string(), url: z.string() });
export type GuideImage = z.infer<typeof GuideImage>;

export const Guide = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  languages: z.array(GuideLanguageName),
  logo: GuideImage.nullable(),
  cover: GuideImage.nullable(),
  welcomeTexts: GuideWelcomeTexts,
  onboarding: z.array(GuideImage),
  isPublished: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Guide = z.infer<typeof Guide>;
export const GUIDE_READ_ONLY_FIELDS = readOnlyFields(Guide, GuideBody, WRITE_TIMESTAMPS);
export const GuidePage = pageOf(Guide);

/** GET /api/pub/guides/{id} (tenant header, no sign-in): what a mobile app needs, image links that need no sign-in. */
export const PublicGuide = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  languages: z.array(GuideLanguageName),
  welcomeTexts: GuideWelcomeTexts,
  logoUrl: z.string(),
  coverUrl: z.string(),
  onboarding: z.array(z.object({ url: z.string() })),
  publishedAt: z.string(),
});
export type PublicGuide = z.infer<typeof PublicGuide>;

/** The query of a public image link: the tenant, since an <img> cannot send the header. */
export const PublicGuideImageQuery = z.object({ tenant: z.string().min(1).max(63) });

/** What a guide needs before it can be created in the creator and published (spec 3 §5 Guide). */
export type GuideCompleteness = Pick<GuideBody, "title" | "languages" | "logo" | "cover" | "welcomeTexts">;

/** The §5 rule: a title, a language, a logo, a cover and a welcome text. */
export function isGuideComplete(guide: GuideCompleteness): boolean {
  const hasWelcomeText = guide.languages.some((language) => (guide.welcomeTexts[language] ?? "").trim() !== "");
  return guide.title.trim() !== "" && guide.languages.length > 0 && !!guide.logo && !!guide.cover && hasWelcomeText;
}

/** Whether a width × height image can become `role` (at least that large, ratio within 2 %). */
export function fitsGuideImage(role: GuideImageRole, width: number, height: number): boolean {
  const expected = GUIDE_IMAGE_SIZES[role];
  const ratio = width / height / (expected.width / expected.height);
  return width >= expected.width && height >= expected.height && Math.abs(ratio - 1) <= L.aspectTolerance;
}
