// /api/import: a spreadsheet's preview (multipart, nothing saved) and the submit that creates the containers.
import {
  ErrorBody,
  FileUploadForm,
  IMPORT_LIMITS,
  ImportPreview,
  ImportQuery,
  ImportSubmitBody,
  ImportSubmitResult,
  PERMISSIONS,
} from "@repox/contracts";
import { BadRequest, HttpError } from "../../platform/errors.ts";
import type { App } from "../../platform/http/types.ts";
import type { ImportsService } from "./service.ts";

const access = { access: PERMISSIONS.contentImport };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };

export function importRoutes(app: App, imports: ImportsService) {
  const tags = ["Import"];
  app.post(
    "/api/import/preview",
    {
      config: access,
      schema: {
        tags,
        querystring: ImportQuery,
        consumes: ["multipart/form-data"],
        documented: { body: FileUploadForm },
        response: { 200: ImportPreview, ...errors },
      },
    },
    async (req) => {
      const part = await req
        .file({ limits: { fileSize: IMPORT_LIMITS.fileMaxBytes + 1, files: 1, fields: 10, parts: 11 } })
        .catch((error: unknown) => {
          if (error instanceof HttpError) throw error;
          throw new BadRequest("Send the spreadsheet as multipart/form-data with a 'file' field");
        });
      if (!part) throw new BadRequest("Choose a file to upload: the request holds no file");
      return imports.preview(req.ctx, req.query.to, { filename: part.filename, mimetype: part.mimetype, file: part.file });
    },
  );
  app.post(
    "/api/import/submit",
    {
      config: access,
      bodyLimit: IMPORT_LIMITS.submitMaxBytes,
      schema: { tags, body: ImportSubmitBody, response: { 200: ImportSubmitResult, ...errors } },
    },
    (req) => imports.submit(req.ctx, req.body),
  );
}
