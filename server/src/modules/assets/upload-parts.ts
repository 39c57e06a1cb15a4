// How POST /api/assets is read: one image in the `file` part beside the JSON `data` part; other parts are refused.
import { ASSET_DATA_PART, ASSET_FILE_PART, ASSET_LIMITS } from "@repox/contracts";
import type { FastifyRequest } from "fastify";
import { BadRequest } from "../../platform/errors.ts";
import { type UploadPart, type UploadRules, uploadParts } from "../../platform/http/multipart-parts.ts";

export type AssetUploadPart = UploadPart;

export const ONE_FILE_ONLY = "Upload exactly one image: the request holds more than one file";

/** Two file parts pass the parser (the `data` part may come as a file); the service refuses a second image. */
const ASSET_UPLOAD: UploadRules = {
  notMultipart: "Send the image as multipart/form-data: a 'file' part with the image and a 'data' part (JSON)",
  dataPart: ASSET_DATA_PART,
  dataMaxBytes: ASSET_LIMITS.dataPartMaxBytes,
  limits: { files: 2, fields: 4, parts: 6 },
  tooManyFiles: () => new BadRequest(ONE_FILE_ONLY),
  only: { filePart: ASSET_FILE_PART, fileNoun: "image" },
};

export const assetUploadParts = (request: FastifyRequest, fileBytes: number) => uploadParts(request, fileBytes, ASSET_UPLOAD);
