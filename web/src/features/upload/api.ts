// Calls of the upload dialog (spec 1 §4, §5, §7): the datastream types the container accepts, a type's properties,
// and sending one file — multipart with progress for small files, resumable (tus) for large ones so a dropped
// connection picks up where it stopped.
import {
  type ContainerType,
  type Datastream,
  type DatastreamType,
  type DatastreamTypeSummary,
  type DatastreamUploadData,
  LIMITS,
  type Page,
  TUS_UPLOADS_PATH,
  UPLOAD_DATA_PART,
} from "@repox/contracts";
import { useQuery } from "@tanstack/react-query";
import { Upload } from "tus-js-client";
import { api } from "../../api/client.ts";
import { ApiError, failureMessage } from "../../api/errors.ts";
import { queryKeys } from "../../api/query-keys.ts";
import { authHeaders, postFormWithProgress } from "../../api/upload.ts";
import { acceptedCodes } from "../container-form/form-model.ts";

/** Files from this size on go through the resumable upload. */
export const RESUMABLE_FROM_BYTES = 20 * 1024 * 1024;

const typesKey = [...queryKeys.contentModel, "datastream-types"] as const;

/** The datastream types a container of type `containerTypeCode` accepts (its datastreamAcceptance; empty: all). */
export function useAcceptedDatastreamTypes(containerTypeCode: string) {
  const all = useQuery({
    queryKey: [...typesKey, "all"],
    queryFn: ({ signal }) =>
      api.get<Page<DatastreamTypeSummary>>("/datastream_types", { query: { page: 0, size: LIMITS.maxPageSize }, signal }),
    select: (page) => page.content,
  });
  const container = useQuery({
    queryKey: [...queryKeys.contentModel, "container-types", "detail", containerTypeCode],
    queryFn: ({ signal }) => api.get<ContainerType>(`/container_types/${encodeURIComponent(containerTypeCode)}`, { signal }),
  });
  const accepted = container.data ? acceptedCodes(container.data.datastreamAcceptance) : [];
  const data =
    all.data && container.data ? all.data.filter((type) => accepted.length === 0 || accepted.includes(type.code.toLowerCase())) : undefined;
  return { data, isLoading: all.isLoading || container.isLoading, error: all.error ?? container.error };
}

export function useDatastreamType(code: string | null) {
  return useQuery({
    queryKey: [...typesKey, "detail", code],
    queryFn: ({ signal }) => api.get<DatastreamType>(`/datastream_types/${encodeURIComponent(code ?? "")}`, { signal }),
    enabled: code !== null,
  });
}

export type UploadRequest = {
  containerUuid: string;
  file: File;
  data: DatastreamUploadData;
  signal: AbortSignal;
  onProgress: (sent: number, total: number) => void;
};

function uploadMultipart({ containerUuid, file, data, signal, onProgress }: UploadRequest): Promise<Datastream[]> {
  const form = new FormData();
  form.append(UPLOAD_DATA_PART, new Blob([JSON.stringify(data)], { type: "application/json" }));
  form.append("file", file, file.name);
  return postFormWithProgress<Datastream[]>("/datastreams", form, { query: { to: containerUuid }, signal, onProgress });
}

function uploadResumable({ containerUuid, file, data, signal, onProgress }: UploadRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${TUS_UPLOADS_PATH}/`,
      headers: authHeaders(),
      retryDelays: [0, 1000, 3000, 5000, 10000],
      chunkSize: 8 * 1024 * 1024,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      metadata: {
        container: containerUuid,
        datastreamType: data.type,
        label: data.label ?? file.name,
        filename: file.name,
        properties: JSON.stringify(data.properties),
      },
      onProgress: (sent, total) => onProgress(sent, total),
      onError: (error) => {
        const response = "originalResponse" in error ? error.originalResponse : null;
        if (!response) return reject(new ApiError(error.message, null));
        let body: unknown = null;
        try {
          body = JSON.parse(response.getBody());
        } catch {
          body = null;
        }
        reject(new ApiError(failureMessage(response.getStatus(), body), response.getStatus()));
      },
      onSuccess: () => resolve(null),
    });
    signal.addEventListener(
      "abort",
      () => {
        void upload.abort(true);
        reject(new DOMException("Upload cancelled", "AbortError"));
      },
      { once: true },
    );
    upload.findPreviousUploads().then((previous) => {
      const [last] = previous;
      if (last) upload.resumeFromPreviousUpload(last);
      upload.start();
    }, reject);
  });
}

/** Sends one file into the container with the type, label and property values of `data`. */
export function uploadDatastream(request: UploadRequest): Promise<unknown> {
  return request.file.size >= RESUMABLE_FROM_BYTES ? uploadResumable(request) : uploadMultipart(request);
}
