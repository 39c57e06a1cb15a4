// IIIF Presentation 3.0 manifests through HTTP: shape and order, labels and metadata in the type's order, the rights
// statement, thumbnails, PDFs and videos as renderings, the files they link, what stays hidden (unpublished, trashed,
// another tenant's), bad input, and @iiif/parser reading every manifest without complaint.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdf, png, testPatternVideo } from "../../../platform/media/test-media.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../../test/test-app.ts";
import { newContainer, propertyValue } from "../../containers/testing.ts";
import { uploadOne } from "../../datastreams/testing.ts";
import { removeContainer } from "../../trash/testing.ts";
import { documentOf, type Json, paintingBody, parsed, runJobs, setPublished, setUpIiifModel, strictWarnings } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let item: string;
const files: Record<string, string> = {};

const manifestPath = (uuid: string, of: TestTenant = tenant) => `/${of.code}/iiif/3/manifest/${uuid}`;
const getManifest = (uuid: string, of: TestTenant = tenant) => of.anonymous.request("GET", manifestPath(uuid, of));
const EN = (...texts: string[]) => ({ en: texts });

beforeAll(async () => {
  t = await createTestApp();
  [tenant, other] = [await t.newTenant(), await t.newTenant()];
  await setUpIiifModel(tenant.admin);
  item = (
    await newContainer(tenant.admin, {
      label: "Harbour album",
      type: "item",
      properties: [
        { key: "title", value: propertyValue("Λεύκωμα του λιμανιού", [{ qualifierKey: "lang", qualifierValue: "el" }]) },
        { key: "creator", value: propertyValue("Ada Lovelace") },
        { key: "creator", value: propertyValue("Charles Babbage") },
        { key: "notes", value: propertyValue("<p>Bound &amp; <b>gilded</b></p>") },
        { key: "licence", value: propertyValue("CC BY 4.0") },
        { key: "shelfmark", value: propertyValue("PH 7") },
      ],
    })
  ).uuid;
  const uploads: [string, Buffer][] = [
    ["a-quay.png", await png(400, 300)],
    ["b-tall.png", await png(200, 500)],
    ["c-wide.png", await png(2400, 1200)],
    ["d-report.pdf", pdf()],
    ["e-clip.mp4", await testPatternVideo()],
    ["f-notes.txt", Buffer.from("plain notes")],
    [
      "g-drawing.svg",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150"><rect width="300" height="150" fill="red"/></svg>'),
    ],
  ];
  for (const [name, content] of uploads) files[name] = (await uploadOne(tenant.admin, item, { name, content })).uuid;
  await runJobs(t);
  await setPublished(tenant.admin, item, true);
});
afterAll(() => t.close());

describe("the manifest of a published container", () => {
  let manifest: Json;
  beforeAll(async () => {
    manifest = documentOf(await getManifest(item));
  });

  it("is a Presentation 3.0 Manifest labelled with the container's label in the tenant's language", () => {
    expect(manifest["@context"]).toBe("http://iiif.io/api/presentation/3/context.json");
    expect(manifest.id).toMatch(new RegExp(`^http://[^/]+${manifestPath(item)}$`));
    expect(manifest.type).toBe("Manifest");
    expect(manifest.label).toEqual(EN("Harbour album"));
  });

  it("has metadata in the form's order (groups, then ungrouped), values in their own language, rich text as text, rights as requiredStatement", () => {
    expect(manifest.metadata).toEqual([
      { label: EN("Title"), value: { el: ["Λεύκωμα του λιμανιού"] } },
      { label: EN("Creator"), value: EN("Ada Lovelace", "Charles Babbage") },
      { label: EN("Notes"), value: EN("Bound & gilded") },
      { label: EN("Shelfmark"), value: EN("PH 7") },
    ]);
    expect(manifest.requiredStatement).toEqual({ label: EN("Rights"), value: EN("CC BY 4.0") });
  });

  it("paints a canvas per picture from its Image API service, in the content area's order", () => {
    const canvases = manifest.items ?? [];
    expect(canvases.map((canvas) => canvas.label)).toEqual([
      EN("a-quay.png"),
      EN("b-tall.png"),
      EN("c-wide.png"),
      EN("d-report.pdf"),
      EN("e-clip.mp4"),
      EN("g-drawing.svg"),
    ]);
    const [quay, tall, wide] = canvases as Json[];
    expect([quay?.width, quay?.height, tall?.width, tall?.height]).toEqual([400, 300, 200, 500]);
    // Larger than the preview box: the canvas keeps the picture's proportions at the preview's size.
    expect([wide?.width, wide?.height]).toEqual([1600, 800]);
    const service = `http://localhost:80/${tenant.code}/iiif/3/${files["a-quay.png"]}`;
    const page = quay?.items?.[0] as Json;
    expect(page).toMatchObject({ type: "AnnotationPage", id: `${quay?.id}/page` });
    expect(page.items?.[0]).toEqual({
      id: `${quay?.id}/page/painting`,
      type: "Annotation",
      motivation: "painting",
      target: quay?.id,
      body: {
        id: `${service}/full/max/0/default.jpg`,
        type: "Image",
        format: "image/jpeg",
        width: 400,
        height: 300,
        service: [{ id: service, type: "ImageService3", profile: "level2" }],
      },
    });
    expect(paintingBody(wide)?.width).toBeUndefined();
  });

  it("gives every canvas and the manifest a thumbnail, and links PDFs and videos as renderings", () => {
    const canvases = manifest.items ?? [];
    for (const canvas of canvases) expect((canvas.thumbnail as Json[])[0]).toMatchObject({ type: "Image", format: "image/webp" });
    expect((manifest.thumbnail as Json[])[0]).toEqual({
      id: `http://localhost:80/${tenant.code}/iiif/3/thumbnail/${files["a-quay.png"]}`,
      type: "Image",
      format: "image/webp",
      width: 320,
      height: 240,
    });
    const fileUrl = (name: string) => `http://localhost:80/${tenant.code}/iiif/3/file/${files[name]}`;
    expect(manifest.rendering).toEqual([
      { id: fileUrl("d-report.pdf"), type: "Text", label: EN("d-report.pdf"), format: "application/pdf" },
      { id: fileUrl("e-clip.mp4"), type: "Video", label: EN("e-clip.mp4"), format: "video/mp4" },
    ]);
    const [, , , report, clip] = canvases;
    expect(report?.rendering).toEqual([(manifest.rendering as Json[])[0]]);
    expect(paintingBody(report)).toMatchObject({
      id: `http://localhost:80/${tenant.code}/iiif/3/preview/${files["d-report.pdf"]}`,
      type: "Image",
      format: "image/webp",
    });
    expect([clip?.width, clip?.height]).toEqual([320, 240]);
  });

  it("paints a picture the Image API does not serve (SVG) from its preview, without a service or a rendering", () => {
    const drawing = (manifest.items ?? [])[5];
    expect([drawing?.width, drawing?.height, drawing?.rendering]).toEqual([300, 150, undefined]);
    expect(paintingBody(drawing)).toEqual({
      id: `http://localhost:80/${tenant.code}/iiif/3/preview/${files["g-drawing.svg"]}`,
      type: "Image",
      format: "image/webp",
      width: 300,
      height: 150,
    });
  });

  it("is read by @iiif/parser: normalised without errors, and nothing for its strict upgrade to correct", () => {
    expect(parsed(manifest)).toMatchObject({ resource: { type: "Manifest", id: manifest.id }, manifests: 1, canvases: 6, annotations: 6 });
    expect(strictWarnings(manifest)).toEqual([]);
  });

  it("serves the PDFs, videos and pictures it links, to every origin", async () => {
    const report = await tenant.anonymous.request("GET", `/${tenant.code}/iiif/3/file/${files["d-report.pdf"]}`);
    expect(report.statusCode).toBe(200);
    expect(report.headers).toMatchObject({ "content-type": "application/pdf", "access-control-allow-origin": "*" });
    expect(report.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    const part = await t.app.inject({ url: `/${tenant.code}/iiif/3/file/${files["e-clip.mp4"]}`, headers: { range: "bytes=0-9" } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(10);
    for (const kind of ["thumbnail", "preview"]) {
      const picture = await t.app.inject({ url: `/${tenant.code}/iiif/3/${kind}/${files["c-wide.png"]}` });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers["content-type"]).toBe("image/webp");
    }
    // Pictures are the Image API's; other files are not linked, so not served.
    for (const name of ["a-quay.png", "f-notes.txt"]) {
      const answer = await t.app.inject({ url: `/${tenant.code}/iiif/3/file/${files[name]}` });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(`The file ${files[name]} is not a document or medium a manifest links.`);
    }
  });
});

describe("a picture the Image API has read", () => {
  it("gets a canvas of the picture's own size once the Image API knows it", async () => {
    const wide = files["c-wide.png"];
    const canvasOfWide = async () =>
      (documentOf(await getManifest(item)).items ?? []).find((canvas) => String(canvas.id).endsWith(wide ?? ""));
    expect([(await canvasOfWide())?.width, (await canvasOfWide())?.height]).toEqual([1600, 800]);
    const information = await t.app.inject({ url: `/${tenant.code}/iiif/3/${wide}/info.json` });
    expect(information.json()).toMatchObject({ width: 2400, height: 1200 });
    const canvas = await canvasOfWide();
    expect([canvas?.width, canvas?.height]).toEqual([2400, 1200]);
    expect(paintingBody(canvas)).toMatchObject({ width: 2400, height: 1200, service: [{ type: "ImageService3", profile: "level2" }] });
  });
});

describe("what has no manifest", () => {
  it("answers 404 for a container never published, and again once a published one is unpublished", async () => {
    const privateOne = (await newContainer(tenant.admin, { label: "Private", type: "item" })).uuid;
    const hidden = await getManifest(privateOne);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(`There is no published container ${privateOne}.`);

    await setPublished(tenant.admin, privateOne, true);
    expect((await getManifest(privateOne)).statusCode).toBe(200);
    await setPublished(tenant.admin, privateOne, false);
    expect((await getManifest(privateOne)).statusCode).toBe(404);
  });

  it("hides a trashed container, and the files and pictures of containers no longer published", async () => {
    const album = (await newContainer(tenant.admin, { label: "Album", type: "item" })).uuid;
    const picture = (await uploadOne(tenant.admin, album, { name: "p.pdf", content: pdf() })).uuid;
    await runJobs(t);
    await setPublished(tenant.admin, album, true);
    expect((await t.app.inject({ url: `/${tenant.code}/iiif/3/file/${picture}` })).statusCode).toBe(200);
    await removeContainer(tenant.admin, album);
    expect((await getManifest(album)).statusCode).toBe(404);
    for (const path of ["file", "thumbnail", "preview"]) {
      const answer = await t.app.inject({ url: `/${tenant.code}/iiif/3/${path}/${picture}` });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(`There is no published file ${picture}.`);
    }
  });

  it("keeps tenants apart: another tenant's path never shows this tenant's container or files", async () => {
    const answer = await getManifest(item, other);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(`There is no published container ${item}.`);
    expect((await t.app.inject({ url: `/${other.code}/iiif/3/file/${files["d-report.pdf"]}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/${other.code}/iiif/3/thumbnail/${files["a-quay.png"]}` })).statusCode).toBe(404);
  });

  it("answers a clear 400 for a malformed or overlong uuid and 404 for an unknown tenant", async () => {
    const malformed = await t.app.inject({ url: `/${tenant.code}/iiif/3/manifest/not-a-uuid` });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("uuid must be a UUID");
    const huge = await t.app.inject({ url: `/${tenant.code}/iiif/3/manifest/${"9".repeat(5000)}` });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toContain("a Presentation API request is /{tenant}/iiif/3/manifest/{uuid}");
    const nobody = await t.app.inject({ url: `/no-such-tenant/iiif/3/manifest/${item}` });
    expect(nobody.statusCode).toBe(404);
  });
});
