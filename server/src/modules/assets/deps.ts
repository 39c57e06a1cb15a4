// What the assets area needs from the platform and other areas (wired once in services.ts).
import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import type { MediaService } from "../../platform/media/media-service.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { SettingsService } from "../settings/service.ts";
import type { StorageService } from "../storage/service.ts";

export type AssetsDeps = {
  settings: SettingsService;
  storage: StorageService;
  blobs: BlobStore;
  media: MediaService;
  signedUrls: Pick<UrlSigner, "signUrl">;
};
