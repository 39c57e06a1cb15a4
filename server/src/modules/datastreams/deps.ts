// What the datastreams area needs from the platform and other areas (wired once in services.ts).
import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import type { MediaService } from "../../platform/media/media-service.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { ContainersService } from "../containers/service.ts";
import type { ContentModelService } from "../content-model/service.ts";
import type { SettingsService } from "../settings/service.ts";
import type { StorageService } from "../storage/service.ts";
import type { VocabularyTermsPort } from "../vocabularies/content-port.ts";

export type DatastreamsDeps = {
  containers: ContainersService;
  contentModel: ContentModelService;
  vocabularyTerms: VocabularyTermsPort;
  settings: SettingsService;
  storage: StorageService;
  blobs: BlobStore;
  media: MediaService;
  signedUrls: Pick<UrlSigner, "signUrl">;
  /** Frees files nothing holds any more once the transaction commits (trash's purge job). */
  purgeFiles: (trx: Trx, tenantId: string, sha256s: readonly string[]) => Promise<void>;
};
