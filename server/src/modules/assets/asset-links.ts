// Signed links to an asset's bytes and thumbnail, for <img> elements that cannot send the bearer token. A link names
// the tenant in its query and is bound to the user it was made for (platform/http/access.ts "signed-url"); the routes
// still check that user's repox.stories.show.
import { SIGNED_URL_TENANT_PARAM } from "@repox/contracts";
import type { SignedInContext } from "../../platform/http/access.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";

/**
 * Links expire at the end of the next half-hour window (30 to 60 minutes), as datastream links do: the same link for
 * the same asset all through a window, so the browser's cache keeps the images of a long asset list.
 */
const WINDOW_SECONDS = 30 * 60;

export type AssetLinks = { download: string; thumbnail: string };

export function createAssetLinks(signer: Pick<UrlSigner, "signUrl">, now: () => number = Date.now) {
  return {
    linksFor(ctx: SignedInContext, assetId: string): AssetLinks {
      const seconds = Math.floor(now() / 1000);
      const expires = (Math.floor(seconds / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
      const query = new URLSearchParams({ [SIGNED_URL_TENANT_PARAM]: ctx.tenant.code });
      const sign = (path: string) =>
        signer.signUrl(`/api/assets/${assetId}/${path}?${query}`, {
          tenant: ctx.tenant.id,
          userId: ctx.user.id,
          expiresInSeconds: expires - seconds,
        });
      return { download: sign("download"), thumbnail: sign("thumbnail") };
    },
  };
}
