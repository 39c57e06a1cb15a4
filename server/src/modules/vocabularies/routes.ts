// /api/vocabularies: vocabularies, their terms, usages, xlsx export and the two-stage term import.
import {
  ErrorBody,
  FileUploadForm,
  PERMISSIONS,
  pageOf,
  TERM_READ_ONLY_FIELDS,
  Term,
  TermCreateBody,
  TermFileRows,
  TermImportBody,
  TermImportResult,
  TermListQuery,
  TermParams,
  TermUpdateBody,
  VOCABULARY_LIMITS,
  VOCABULARY_READ_ONLY_FIELDS,
  Vocabulary,
  VocabularyBody,
  VocabularyContentModelUsages,
  VocabularyExportBody,
  VocabularyListQuery,
  VocabularyParams,
  VocabularyUsages,
  XLSX_MEDIA_TYPE,
} from "@repox/contracts";
import { BadRequest, HttpError } from "../../platform/errors.ts";
import { sendMadeFile } from "../../platform/http/made-file.ts";
import { errorAnswers, streamedFileAnswer } from "../../platform/http/openapi-answers.ts";
import { readBack } from "../../platform/http/read-back.ts";
import type { App } from "../../platform/http/types.ts";
import type { VocabulariesService } from "./service.ts";

const read = { access: "signed-in" };
const edit = { access: PERMISSIONS.settingsContentModelEdit };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };

export function vocabularyRoutes(app: App, vocabularies: VocabulariesService) {
  const tags = ["Vocabularies"];
  app.get(
    "/api/vocabularies",
    { config: read, schema: { tags, querystring: VocabularyListQuery, response: { 200: pageOf(Vocabulary), ...errors } } },
    (req) => vocabularies.list(req.ctx, req.query),
  );
  app.get(
    "/api/vocabularies/:uuid",
    { config: read, schema: { tags, params: VocabularyParams, response: { 200: Vocabulary, ...errors } } },
    (req) => vocabularies.get(req.ctx, req.params.uuid),
  );
  app.post(
    "/api/vocabularies",
    { config: edit, schema: { tags, body: VocabularyBody, response: { 201: Vocabulary, ...errors } } },
    async (req, reply) => reply.status(201).send(await vocabularies.create(req.ctx, req.body)),
  );
  app.put(
    "/api/vocabularies/:uuid",
    {
      config: {
        ...edit,
        readBack: readBack(VOCABULARY_READ_ONLY_FIELDS, (ctx, { uuid }: { uuid: string }) => vocabularies.get(ctx, uuid)),
      },
      schema: { tags, params: VocabularyParams, body: VocabularyBody, response: { 200: Vocabulary, ...errors } },
    },
    (req) => vocabularies.update(req.ctx, req.params.uuid, req.body),
  );
  app.delete("/api/vocabularies/:uuid", { config: edit, schema: { tags, params: VocabularyParams } }, async (req, reply) => {
    await vocabularies.remove(req.ctx, req.params.uuid);
    return reply.status(204).send();
  });

  app.post(
    "/api/vocabularies/:uuid/usages",
    { config: read, schema: { tags, params: VocabularyParams, response: { 200: VocabularyUsages, ...errors } } },
    (req) => vocabularies.usages(req.ctx, req.params.uuid),
  );
  app.post(
    "/api/vocabularies/:uuid/usages_cm",
    { config: read, schema: { tags, params: VocabularyParams, response: { 200: VocabularyContentModelUsages, ...errors } } },
    (req) => vocabularies.contentModelUsages(req.ctx, req.params.uuid),
  );

  app.post(
    "/api/vocabularies/:uuid/export",
    {
      config: read,
      schema: {
        tags,
        params: VocabularyParams,
        body: VocabularyExportBody,
        documented: {
          responses: { ...streamedFileAnswer([XLSX_MEDIA_TYPE], "The terms as a spreadsheet"), ...errorAnswers([400, 401, 403, 404]) },
        },
      },
    },
    async (req, reply) => {
      const { fileName, content } = await vocabularies.exportTerms(req.ctx, req.params.uuid);
      return sendMadeFile(reply, { mediaType: XLSX_MEDIA_TYPE, fileName, content });
    },
  );

  app.post(
    "/api/vocabularies/:uuid/load",
    {
      config: edit,
      schema: {
        tags,
        params: VocabularyParams,
        consumes: ["multipart/form-data"],
        documented: { body: FileUploadForm },
        response: { 200: TermFileRows, ...errors },
      },
    },
    async (req) => {
      const part = await req
        .file({ limits: { fileSize: VOCABULARY_LIMITS.fileMaxBytes + 1, files: 1, fields: 10, parts: 11 } })
        .catch((error: unknown) => {
          if (error instanceof HttpError) throw error;
          throw new BadRequest("Send the term file as multipart/form-data with a 'file' field");
        });
      if (!part) throw new BadRequest("Choose a file to upload: the request holds no file");
      return vocabularies.loadTermFile(req.ctx, req.params.uuid, { filename: part.filename, mimetype: part.mimetype, file: part.file });
    },
  );
  app.post(
    "/api/vocabularies/:uuid/import",
    {
      config: edit,
      bodyLimit: VOCABULARY_LIMITS.importMaxBytes,
      schema: { tags, params: VocabularyParams, body: TermImportBody, response: { 200: TermImportResult, ...errors } },
    },
    (req) => vocabularies.importTerms(req.ctx, req.params.uuid, req.body),
  );

  app.get(
    "/api/vocabularies/:uuid/terms",
    { config: read, schema: { tags, params: VocabularyParams, querystring: TermListQuery, response: { 200: pageOf(Term), ...errors } } },
    (req) => vocabularies.listTerms(req.ctx, req.params.uuid, req.query),
  );
  app.post(
    "/api/vocabularies/:uuid/terms",
    { config: edit, schema: { tags, params: VocabularyParams, body: TermCreateBody, response: { 201: Term, ...errors } } },
    async (req, reply) => reply.status(201).send(await vocabularies.createTerm(req.ctx, req.params.uuid, req.body)),
  );
  app.put(
    "/api/vocabularies/:uuid/terms/*",
    {
      config: {
        ...edit,
        readBack: readBack(TERM_READ_ONLY_FIELDS, (ctx, params: { uuid: string; "*": string }) =>
          vocabularies.getTerm(ctx, params.uuid, params["*"]),
        ),
      },
      schema: { tags, params: TermParams, body: TermUpdateBody, response: { 200: Term, ...errors } },
    },
    (req) => vocabularies.updateTerm(req.ctx, req.params.uuid, req.params["*"], req.body),
  );
  app.delete("/api/vocabularies/:uuid/terms/*", { config: edit, schema: { tags, params: TermParams } }, async (req, reply) => {
    await vocabularies.deleteTerm(req.ctx, req.params.uuid, req.params["*"]);
    return reply.status(204).send();
  });
}
