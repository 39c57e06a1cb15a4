// /api/addons/srv/contacts (spec 3 §7): the paged list, create, update, delete (one or many), and the two-stage import.
import {
  CONTACT_LIMITS,
  CONTACT_READ_ONLY_FIELDS,
  Contact,
  ContactBody,
  ContactBulkDeleteBody,
  ContactFileResult,
  ContactImportBody,
  ContactImportResult,
  ContactListQuery,
  ContactParams,
  ErrorBody,
  FileUploadForm,
  PERMISSIONS,
  pageOf,
} from "@repox/contracts";
import { BadRequest, HttpError } from "../../platform/errors.ts";
import { readBack } from "../../platform/http/read-back.ts";
import type { App } from "../../platform/http/types.ts";
import type { ContactsService } from "./service.ts";

const read = { access: PERMISSIONS.surveysShow };
const edit = { access: PERMISSIONS.surveysEdit };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };
const BASE = "/api/addons/srv/contacts";

export function contactRoutes(app: App, contacts: ContactsService) {
  const tags = ["Contacts"];
  app.get(BASE, { config: read, schema: { tags, querystring: ContactListQuery, response: { 200: pageOf(Contact), ...errors } } }, (req) =>
    contacts.list(req.ctx, req.query),
  );
  app.post(BASE, { config: edit, schema: { tags, body: ContactBody, response: { 201: Contact, ...errors } } }, async (req, reply) =>
    reply.status(201).send(await contacts.create(req.ctx, req.body)),
  );
  app.put(
    `${BASE}/:uuid`,
    {
      config: { ...edit, readBack: readBack(CONTACT_READ_ONLY_FIELDS, (ctx, { uuid }: { uuid: string }) => contacts.get(ctx, uuid)) },
      schema: { tags, params: ContactParams, body: ContactBody, response: { 200: Contact, ...errors } },
    },
    (req) => contacts.update(req.ctx, req.params.uuid, req.body),
  );
  app.delete(`${BASE}/:uuid`, { config: edit, schema: { tags, params: ContactParams } }, async (req, reply) => {
    await contacts.remove(req.ctx, req.params.uuid);
    return reply.status(204).send();
  });
  app.delete(BASE, { config: edit, schema: { tags, body: ContactBulkDeleteBody } }, async (req, reply) => {
    await contacts.removeMany(req.ctx, req.body);
    return reply.status(204).send();
  });

  app.post(
    `${BASE}/load`,
    {
      config: edit,
      schema: {
        tags,
        consumes: ["multipart/form-data"],
        documented: { body: FileUploadForm },
        response: { 200: ContactFileResult, ...errors },
      },
    },
    async (req) => {
      const part = await req
        .file({ limits: { fileSize: CONTACT_LIMITS.fileMaxBytes + 1, files: 1, fields: 10, parts: 11 } })
        .catch((error: unknown) => {
          if (error instanceof HttpError) throw error;
          throw new BadRequest("Send the contact file as multipart/form-data with a 'file' field");
        });
      if (!part) throw new BadRequest("Choose a file to upload: the request holds no file");
      return contacts.loadFile(req.ctx, { filename: part.filename, mimetype: part.mimetype, file: part.file });
    },
  );
  app.post(
    `${BASE}/import`,
    {
      config: edit,
      bodyLimit: CONTACT_LIMITS.importMaxBytes,
      schema: { tags, body: ContactImportBody, response: { 200: ContactImportResult, ...errors } },
    },
    (req) => contacts.importContacts(req.ctx, req.body),
  );
}
