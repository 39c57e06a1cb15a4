// Signed links to a datastream's bytes, for <img>, <video> and iframes that cannot send the bearer token. A link names
// the tenant in its query and is bound to the user it was made for (platform/http/access.ts "signed-url").
import { SIGNED_URL_TENANT_PARAM } from "@repox/contracts";
import type { SignedInContext } from "../../platform/http/access.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";

/**
 * Links expire at the end of the next half-hour window: 30 to 60 minutes, long enough to watch a video with seeks,
 * and the same link for the same file all through a window, so the browser's cache keeps thumbnails.
 */
const WINDOW_SECONDS = 30 * 60;

export type MediaLinks = { preview: string; download: string; thumbnail: string; expiresAt: string };

export function createMediaLinks(signer: Pick<UrlSigner, "signUrl">, now: () => number = Date.now) {
  return {
    linksFor(ctx: SignedInContext, datastreamId: string): MediaLinks {
      const seconds = Math.floor(now() / 1000);
      const expires = (Math.floor(seconds / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
      const query = new URLSearchParams({ [SIGNED_URL_TENANT_PARAM]: ctx.tenant.code });
      const sign = (path: string) =>
        signer.signUrl(`/api/datastreams/${datastreamId}/${path}?${query}`, {
          tenant: ctx.tenant.id,
          userId: ctx.user.id,
          expiresInSeconds: expires - seconds,
        });
      return {
        preview: sign("preview"),
        download: sign("download"),
        thumbnail: sign("thumb/preview"),
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
  };
}

export type MediaLinkSigner = ReturnType<typeof createMediaLinks>;
