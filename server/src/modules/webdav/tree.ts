// The share as a tree: the top level holds the containers placed there, a container its child containers (folders)
// and datastreams (files), each named by its label (names.ts). Read through the containers service, a page at a time.
import { CONTENT_LIMITS, type ContentListQuery, LIMITS, type Page } from "@repox/contracts";
import { BadRequest, Conflict, NotFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import type { ContainersService } from "../containers/service.ts";
import { labelsOfName, nameSiblings } from "./names.ts";

export type Root = { kind: "root"; path: string };
export type Folder = {
  kind: "container";
  id: string;
  label: string;
  name: string;
  typeCode: string;
  /** The container it was reached through; null at the top level. */
  parentId: string | null;
  createdAt: string;
  modifiedAt: string;
  path: string;
};
export type File = {
  kind: "file";
  id: string;
  label: string;
  name: string;
  typeCode: string;
  parentId: string;
  size: number;
  mimeType: string;
  createdAt: string;
  modifiedAt: string;
  path: string;
};
export type Entry = Folder | File;
export type Resource = Root | Entry;

/** A share path (`/`, `/Letters/a.txt`) from its segments. */
export const pathOf = (segments: readonly string[]) => `/${segments.join("/")}`;

const pageQuery = (page: number, q: string | undefined): ContentListQuery => ({
  page,
  size: LIMITS.maxPageSize,
  sort: "createdAt",
  direction: "asc",
  ...(q ? { q } : {}),
});

async function everyPage<T>(q: string | undefined, load: (query: ContentListQuery) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await load(pageQuery(page, q));
    items.push(...answer.content);
    if (answer.last || answer.content.length === 0) return items;
  }
}

export function createTree(containers: ContainersService) {
  /**
   * What a folder holds, named; with `search`, only the items whose labels contain it (accents and case ignored),
   * which still holds every namesake of such a label, so their names come out as in the whole listing.
   */
  async function children(ctx: RequestContext, folder: Root | Folder, search?: string): Promise<Entry[]> {
    const base = folder.path === "/" ? "" : folder.path;
    const parentId = folder.kind === "root" ? null : folder.id;
    const folders = await everyPage(search, (query) =>
      folder.kind === "root" ? containers.listRoot(ctx, query) : containers.listChildren(ctx, folder.id, query),
    );
    const files = folder.kind === "root" ? [] : await everyPage(search, (query) => containers.listDatastreams(ctx, folder.id, query));
    const items = [
      ...folders.map((item) => ({ ...item, isFile: false })),
      ...files.map((item) => ({ ...item, isFile: true, parentId: folder.kind === "root" ? "" : folder.id })),
    ];
    return nameSiblings(items).map((item): Entry => {
      const common = { id: item.uuid, label: item.label, name: item.name, typeCode: item.type.code, createdAt: item.createdAt };
      const path = `${base}/${item.name}`;
      if ("filesize" in item) {
        const file = { size: item.filesize, mimeType: item.mimeType, modifiedAt: item.modifiedAt, parentId: item.parentId };
        return { kind: "file", ...common, ...file, path };
      }
      return { kind: "container", ...common, parentId, modifiedAt: item.modifiedAt, path };
    });
  }

  /** The entry called `name` in a folder's listing: the exact name first, else one differing only in case. */
  function find(entries: readonly Entry[], name: string): Entry | undefined {
    return entries.find((entry) => entry.name === name) ?? entries.find((entry) => entry.name.toLowerCase() === name.toLowerCase());
  }

  /** The entry called `name` in a folder, looked up by its label (or, for a name with a suffix, the label without). */
  async function lookup(ctx: RequestContext, folder: Root | Folder, name: string): Promise<Entry | undefined> {
    for (const label of labelsOfName(name)) {
      if (label.trim() === "" || label.length > CONTENT_LIMITS.searchMaxLength) return find(await children(ctx, folder), name);
      const found = find(await children(ctx, folder, label), name);
      if (found) return found;
    }
    return undefined;
  }

  /** The resource at a path, or undefined when nothing is there (or a folder on the way is missing). */
  async function resolve(ctx: RequestContext, segments: readonly string[]): Promise<Resource | undefined> {
    let at: Resource = { kind: "root", path: "/" };
    for (const segment of segments) {
      if (at.kind === "file") return undefined;
      const next = await lookup(ctx, at, segment);
      if (!next) return undefined;
      at = next;
    }
    return at;
  }

  return {
    children,
    lookup,
    resolve,

    /** The existing resource at a path, or 404. */
    async require(ctx: RequestContext, segments: readonly string[]): Promise<Resource> {
      const resource = await resolve(ctx, segments);
      if (!resource) throw new NotFound(`Nothing is at ${pathOf(segments)}`);
      return resource;
    },

    /** The folder a new item at `segments` would go into; 409 when it does not exist (RFC 4918 §9.3.1, §9.7.1). */
    async parentFolder(ctx: RequestContext, segments: readonly string[]): Promise<Root | Folder> {
      if (segments.length === 0) throw new BadRequest("The top level of the share has no parent");
      const parent = await resolve(ctx, segments.slice(0, -1));
      if (!parent || parent.kind === "file") throw new Conflict(`The folder ${pathOf(segments.slice(0, -1))} does not exist`);
      return parent;
    },
  };
}

export type Tree = ReturnType<typeof createTree>;
