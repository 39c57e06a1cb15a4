// WebDAV operations over the content services (containers, datastreams, trash, content model, settings), so
// permissions, acceptance rules, activity, quotas and transactions stay those of the API. Semantics: docs/standards.md
// "WebDAV". Routes check the permission each method needs; this file decides what each method does to the content.
import type { Readable } from "node:stream";
import { PassThrough } from "node:stream";
import { ContentLabel, type Destination, LIMITS, PERMISSIONS, ROOT } from "@repox/contracts";
import { joinedDb } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, Forbidden, HttpError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import type { ContainersService } from "../containers/service.ts";
import type { ContentModelService } from "../content-model/service.ts";
import type { DatastreamsService } from "../datastreams/service.ts";
import type { SettingsService } from "../settings/service.ts";
import type { TrashService } from "../trash/service.ts";
import { PreconditionFailed } from "./dav-errors.ts";
import { labelOfName } from "./names.ts";
import * as repo from "./repository.ts";
import { createTree, type Entry, type Folder, type Resource, type Root } from "./tree.ts";

export type WebdavDeps = {
  containers: ContainersService;
  datastreams: DatastreamsService;
  trash: TrashService;
  contentModel: ContentModelService;
  settings: SettingsService;
};

export class MethodNotAllowed extends HttpError {
  constructor(message: string) {
    super(405, "Method Not Allowed", message);
  }
}

/** The label a new item named `name` gets; a name no label can be is refused, naming the rule. */
function labelForName(name: string): string {
  const label = labelOfName(name);
  const checked = ContentLabel.safeParse(label);
  if (!checked.success) throw new BadRequest(`'${name}' cannot be a name here: it ${checked.error.issues[0]?.message ?? "is not valid"}`);
  if (checked.data !== label) throw new BadRequest(`'${name}' cannot be a name here: it must not begin or end with spaces`);
  return label;
}

const destinationOf = (folder: Root | Folder): Destination => (folder.kind === "root" ? ROOT : folder.id);
const where = (folder: Root | Folder) => (folder.kind === "root" ? "the top level" : `'${folder.label}'`);

/**
 * A file's strong ETag in the share: its content's sha-256, as the API's, written in base64url (45 characters, not
 * 66), because clients build If headers holding a lock token and two ETags in small buffers (litmus: 200 bytes).
 */
export function davEtag(apiEtag: string): string {
  return `"${Buffer.from(apiEtag.replace(/^"|"$/g, ""), "hex").toString("base64url")}"`;
}

/** Permission codes a caller must hold, checked before anything is changed. */
export function requirePermission(ctx: RequestContext, code: string): void {
  if (!ctx.permissions.has(code)) throw new Forbidden(`You do not have permission to do this (requires ${code})`);
}

export function createWebdavService(deps: WebdavDeps) {
  const tree = createTree(deps.containers);

  async function everyTypeCode(load: (page: number) => Promise<{ content: { code: string }[]; last: boolean }>) {
    const codes: string[] = [];
    for (let page = 0; ; page += 1) {
      const answer = await load(page);
      codes.push(...answer.content.map((type) => type.code));
      if (answer.last || answer.content.length === 0) return codes;
    }
  }

  /** The settings' WebDAV folder type, else the first container type the parent accepts. */
  async function containerTypeFor(ctx: RequestContext, parent: Root | Folder): Promise<string> {
    const chosen = (await deps.settings.webdavDefaultTypes(ctx)).container;
    if (chosen) return chosen;
    const parentCode = parent.kind === "root" ? null : parent.typeCode;
    const codes = await everyTypeCode((page) =>
      deps.contentModel.listContainerTypes(ctx, { page, size: LIMITS.maxPageSize, ...(parentCode ? {} : { allowedAtRoot: "true" }) }),
    );
    for (const code of codes) if (await deps.contentModel.acceptsContainer(ctx, parentCode, code)) return code;
    throw new Forbidden(`No container type may be created in ${where(parent)}`);
  }

  /** The settings' WebDAV file type, else the first datastream type the folder accepts. */
  async function datastreamTypeFor(ctx: RequestContext, folder: Folder): Promise<string> {
    const chosen = (await deps.settings.webdavDefaultTypes(ctx)).datastream;
    if (chosen) return chosen;
    const codes = await everyTypeCode((page) => deps.contentModel.listDatastreamTypes(ctx, { page, size: LIMITS.maxPageSize }));
    for (const code of codes) if (await deps.contentModel.acceptsDatastream(ctx, folder.typeCode, code)) return code;
    throw new Forbidden(`'${folder.label}' accepts no type of file`);
  }

  function fileFolder(parent: Root | Folder): Folder {
    if (parent.kind === "root") throw new Forbidden("Files cannot be saved at the top level: save them in a folder");
    return parent;
  }

  /** Takes `entry` out of the folder it was reached through; with no other place left it goes to the trash. */
  async function removeEntry(ctx: RequestContext, entry: Entry): Promise<void> {
    if (entry.kind === "file") await deps.datastreams.remove(ctx, entry.id, entry.parentId);
    else await deps.trash.removeContainer(ctx, entry.id, entry.parentId ?? ROOT);
  }

  async function newFile(ctx: RequestContext, folder: Folder, label: string, stream: Readable, typeCode?: string) {
    const type = typeCode ?? (await datastreamTypeFor(ctx, folder));
    return deps.datastreams.storeResumable(ctx, folder.id, { type, label, properties: [] }, { filename: label, stream });
  }

  /** A copy of a file or (with `deep`) of a folder and all it holds, labelled `label` in `to`. */
  async function copyEntry(ctx: RequestContext, entry: Entry, to: Root | Folder, label: string, deep: boolean): Promise<void> {
    if (entry.kind === "file") {
      const file = await deps.datastreams.file(ctx, entry.id);
      const copy = await newFile(ctx, fileFolder(to), label, await file.open(), entry.typeCode);
      await ctx.db.transaction((trx) => repo.copyProperties(trx, ctx.tenant.id, entry.id, copy.uuid));
      return;
    }
    const created = await deps.containers.create(ctx, destinationOf(to), { label, type: entry.typeCode, properties: [] });
    await ctx.db.transaction((trx) => repo.copyProperties(trx, ctx.tenant.id, entry.id, created.uuid));
    if (!deep) return;
    const copy: Folder = { ...entry, id: created.uuid, label: created.label, parentId: to.kind === "root" ? null : to.id };
    // Namesakes among the children keep their labels; their copies get suffixes of their own.
    for (const child of await tree.children(ctx, entry)) await copyEntry(ctx, child, copy, child.label, true);
  }

  /**
   * Where a MOVE or COPY lands: the destination folder and whether something is already there, which
   * `Overwrite: F` refuses (412) and otherwise is removed first (RFC 4918 §9.8.4, §9.9.3).
   */
  async function prepareDestination(ctx: RequestContext, source: Entry, segments: string[], overwrite: boolean) {
    const folder = await tree.parentFolder(ctx, segments);
    // Refused before anything at the destination is removed.
    if (source.kind === "file") fileFolder(folder);
    const name = segments.at(-1) ?? "";
    const existing = await tree.lookup(ctx, folder, name);
    if (existing?.id === source.id && existing.path === source.path) throw new Forbidden("The source and the destination are the same");
    if (existing && existing.id !== source.id) {
      if (!overwrite) throw new PreconditionFailed(`${existing.path} exists and Overwrite is F`);
      requirePermission(ctx, PERMISSIONS.contentDelete);
      await removeEntry(ctx, existing);
    }
    return { folder, name, replaced: existing !== undefined && existing.id !== source.id };
  }

  return {
    tree,

    /** The entries answered for a PROPFIND: the resource, and its members at depth 1. */
    async propfindTargets(ctx: RequestContext, segments: string[], depth: 0 | 1): Promise<Resource[]> {
      const resource = await tree.require(ctx, segments);
      if (depth === 0 || resource.kind === "file") return [resource];
      return [resource, ...(await tree.children(ctx, resource))];
    },

    /** PUT: new bytes for the file of that name, or a new file; answers whether it was created. */
    async put(ctx: RequestContext, segments: string[], body: Readable): Promise<{ created: boolean }> {
      const folder = await tree.parentFolder(ctx, segments);
      const name = segments.at(-1) ?? "";
      const existing = await tree.lookup(ctx, folder, name);
      if (existing?.kind === "container") throw new MethodNotAllowed(`${existing.path} is a folder; a folder has no content to write`);
      if (existing) {
        await deps.datastreams.replaceContent(ctx, existing.id, body);
        return { created: false };
      }
      await newFile(ctx, fileFolder(folder), labelForName(name), body);
      return { created: true };
    },

    /** An empty file where a client locks a name nothing has yet (RFC 4918 §7.3). */
    async createEmpty(ctx: RequestContext, segments: string[]): Promise<void> {
      const folder = fileFolder(await tree.parentFolder(ctx, segments));
      const empty = new PassThrough();
      empty.end();
      await newFile(ctx, folder, labelForName(segments.at(-1) ?? ""), empty);
    },

    /** In one transaction holding the name, so that MKCOLs of one new folder at once make it once (the others: 405). */
    async mkcol(ctx: RequestContext, segments: string[]): Promise<void> {
      if (segments.length === 0) throw new MethodNotAllowed("The top level of the share already exists");
      await ctx.db.transaction(async (trx) => {
        const one: RequestContext = { ...ctx, db: joinedDb(trx, ctx.db.tenantId) };
        const parent = await tree.parentFolder(one, segments);
        const name = segments.at(-1) ?? "";
        await repo.lockName(trx, ctx.tenant.id, parent.kind === "root" ? null : parent.id, name);
        const existing = await tree.lookup(one, parent, name);
        if (existing) throw new MethodNotAllowed(`${existing.path} already exists`);
        const type = await containerTypeFor(one, parent);
        await deps.containers.create(one, destinationOf(parent), { label: labelForName(name), type, properties: [] });
      });
    },

    async delete(ctx: RequestContext, segments: string[]): Promise<void> {
      const resource = await tree.require(ctx, segments);
      if (resource.kind === "root") throw new Forbidden("The top level of the share cannot be deleted");
      await removeEntry(ctx, resource);
    },

    /**
     * MOVE: the same object in another folder and/or under another name, in one transaction, so a step refused
     * (the destination's acceptance rules, say) leaves the destination it replaces and the name as they were.
     * Answers whether it replaced one.
     */
    async move(ctx: RequestContext, from: string[], to: string[], overwrite: boolean): Promise<{ replaced: boolean }> {
      return ctx.db.transaction(async (trx) => {
        const one: RequestContext = { ...ctx, db: joinedDb(trx, ctx.db.tenantId) };
        const source = await tree.require(one, from);
        if (source.kind === "root") throw new Forbidden("The top level of the share cannot be moved");
        const newName = to.at(-1) ?? "";
        const label = newName === source.name ? undefined : labelForName(newName);
        const target = await prepareDestination(one, source, to, overwrite);
        if (label !== undefined) {
          if (source.kind === "file") await deps.datastreams.rename(one, source.id, label);
          else await deps.containers.rename(one, source.id, label);
        }
        const newParent = target.folder.kind === "root" ? null : target.folder.id;
        if (newParent !== source.parentId) {
          if (source.kind === "file") {
            await deps.datastreams.move(one, source.id, { from: source.parentId, to: destinationOf(fileFolder(target.folder)) });
          } else {
            await deps.containers.move(one, source.id, { from: source.parentId ?? ROOT, to: destinationOf(target.folder) });
          }
        }
        return { replaced: target.replaced };
      });
    },

    /** COPY: new objects with the same content (a folder with all it holds unless Depth is 0). */
    async copy(ctx: RequestContext, from: string[], to: string[], overwrite: boolean, deep: boolean): Promise<{ replaced: boolean }> {
      const source = await tree.require(ctx, from);
      if (source.kind === "root") throw new Forbidden("The top level of the share cannot be copied");
      const isInside = to.length > from.length && from.every((segment, index) => to[index] === segment);
      if (source.kind === "container" && deep && isInside) {
        throw new Forbidden("A folder cannot be copied into itself");
      }
      const newName = to.at(-1) ?? "";
      const label = newName === source.name ? source.label : labelForName(newName);
      const target = await prepareDestination(ctx, source, to, overwrite);
      await copyEntry(ctx, source, target.folder, label, deep);
      return { replaced: target.replaced };
    },

    /** The file's bytes as the API's download answers them (ETag, Range). */
    async file(ctx: RequestContext, segments: string[]) {
      const resource = await tree.require(ctx, segments);
      if (resource.kind !== "file") return { folder: resource };
      const file = await deps.datastreams.file(ctx, resource.id);
      return { file: { ...file, etag: davEtag(file.etag) }, resource };
    },

    /** A resource's entity tag for If headers, as GET answers it. */
    async etagOf(ctx: RequestContext, segments: string[]): Promise<string | undefined> {
      const resource = await tree.resolve(ctx, segments);
      if (resource?.kind !== "file") return undefined;
      const file = await deps.datastreams.file(ctx, resource.id);
      file.discard?.();
      return davEtag(file.etag);
    },
  };
}

export type WebdavService = ReturnType<typeof createWebdavService>;
