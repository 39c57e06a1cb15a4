// How POST /api/datastreams is read: any number of file parts (up to the limit) beside the JSON `data` part.
import { DATASTREAM_LIMITS, UPLOAD_DATA_PART } from "@repox/contracts";
import type { FastifyRequest } from "fastify";
import { PayloadTooLarge } from "../../platform/errors.ts";
import { type UploadRules, uploadParts } from "../../platform/http/multipart-parts.ts";

const DATASTREAM_UPLOAD: UploadRules = {
  notMultipart: "Send the files as multipart/form-data: one or more file parts and a 'data' part (JSON)",
  dataPart: UPLOAD_DATA_PART,
  dataMaxBytes: DATASTREAM_LIMITS.dataPartMaxBytes,
  limits: { files: DATASTREAM_LIMITS.maxFilesPerUpload, fields: 10, parts: DATASTREAM_LIMITS.maxFilesPerUpload + 10 },
  tooManyFiles: () => new PayloadTooLarge(`An upload holds at most ${DATASTREAM_LIMITS.maxFilesPerUpload} files`),
};

export const datastreamUploadParts = (request: FastifyRequest, fileBytes: number) => uploadParts(request, fileBytes, DATASTREAM_UPLOAD);
