// Enum qualifiers on property values: every write route (container create and update, upload, import preview and
// submit) refuses a value outside the qualifier's list, naming the property and the qualifier.
import { XLSX_MEDIA_TYPE } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { newLanguageQualifier } from "../content-model/testing.ts";
import { uploadRequest } from "../datastreams/testing.ts";
import { multipartFile, xlsxOf } from "../vocabularies/test-files.ts";
import { created, datastreamTypeBody, getContainer, newContainer, newContainerType, propertyBody, propertyValue } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;

const LANGUAGE_REFUSED = 'Heading: "fr" is not one of the listed values of qualifier "lang"';
const headingIn = (lang: string, source = "catalogue") =>
  propertyValue("Harbour", [
    { qualifierKey: "lang", qualifierValue: lang },
    { qualifierKey: "source", qualifierValue: source },
  ]);

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await newLanguageQualifier(tenant.admin);
  await created(tenant.admin, "/api/property_qualifiers", { qualifierKey: "source", qualifierName: "Source", qualifierType: "text" });
  await created(tenant.admin, "/api/properties", propertyBody("heading", { displayName: "Heading", qualifiers: ["lang", "source"] }));
  await newContainerType(tenant.admin, "folio", {}, [{ propertyKey: "heading", position: 0 }]);
  await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("page", {}, [{ propertyKey: "heading", position: 0 }]));
});
afterAll(() => t.close());

const headingOf = async (uuid: string) =>
  (await getContainer(tenant.admin, uuid)).properties.find((property) => property.key === "heading")?.value;

describe("enum qualifier values", () => {
  it("are checked when a container is created and updated; text qualifiers take any value", async () => {
    const refused = await tenant.admin.request("POST", "/api/containers", {
      label: "French folio",
      type: "folio",
      properties: [{ key: "heading", value: headingIn("fr") }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: 400, error: "Bad Request", message: LANGUAGE_REFUSED });

    const folio = await newContainer(tenant.admin, {
      label: "Greek folio",
      type: "folio",
      properties: [{ key: "heading", value: headingIn("el", "any text at all") }],
    });
    expect(JSON.parse((await headingOf(folio.uuid)) ?? "null").qualifiers).toEqual([
      { qualifierKey: "lang", qualifierValue: "el" },
      { qualifierKey: "source", qualifierValue: "any text at all" },
    ]);

    const update = await tenant.admin.request("PUT", `/api/containers/${folio.uuid}`, {
      id: folio.uuid,
      label: "Greek folio",
      properties: [{ key: "heading", value: headingIn("fr") }],
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(LANGUAGE_REFUSED);
    expect(JSON.parse((await headingOf(folio.uuid)) ?? "null").qualifiers[0]).toEqual({ qualifierKey: "lang", qualifierValue: "el" });
  });

  it("follow the qualifier's list as it is now", async () => {
    const edited = await tenant.admin.request("PUT", "/api/property_qualifiers/lang", {
      qualifierName: "Language",
      qualifierDetails: '{"values":["en","el","fr"]}',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const folio = await newContainer(tenant.admin, {
      label: "Folio in French",
      type: "folio",
      properties: [{ key: "heading", value: headingIn("fr") }],
    });
    expect(JSON.parse((await headingOf(folio.uuid)) ?? "null").qualifiers[0].qualifierValue).toBe("fr");

    const restored = await tenant.admin.request("PUT", "/api/property_qualifiers/lang", {
      qualifierName: "Language",
      qualifierDetails: '{"values":["en","el"]}',
    });
    expect(restored.statusCode).toBe(200);
  });

  it("are checked when a file is uploaded with property values", async () => {
    const box = await newContainer(tenant.admin, { label: "Folio with pages", type: "folio" });
    const file = { name: "page.txt", content: Buffer.from("a page") };
    const refused = await uploadRequest(tenant.admin, box.uuid, [file], {
      type: "page",
      properties: [{ key: "heading", value: headingIn("fr") }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LANGUAGE_REFUSED);
    expect((await getContainer(tenant.admin, box.uuid)).datastreams).toEqual([]);

    const accepted = await uploadRequest(tenant.admin, box.uuid, [file], {
      type: "page",
      properties: [{ key: "heading", value: headingIn("en") }],
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it("are checked by the import preview and submit", async () => {
    const sheet = await xlsxOf([
      ["label", "type", "heading"],
      ["Good row", "folio", headingIn("en")],
      ["Bad row", "folio", headingIn("fr")],
    ]);
    const { body, headers } = multipartFile("folios.xlsx", sheet, XLSX_MEDIA_TYPE);
    const preview = await tenant.admin.request("POST", "/api/import/preview?to=ROOT", body, headers);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().errors).toEqual([{ row: 3, message: LANGUAGE_REFUSED }]);

    const submit = await tenant.admin.request("POST", "/api/import/submit", {
      to: "ROOT",
      containers: [
        { row: 2, label: "Good row", type: "folio", properties: [{ key: "heading", value: headingIn("en") }] },
        { row: 3, label: "Bad row", type: "folio", properties: [{ key: "heading", value: headingIn("fr") }] },
      ],
    });
    expect(submit.statusCode).toBe(400);
    expect(submit.json().message).toBe(`Nothing was imported. Row 3: ${LANGUAGE_REFUSED}`);
  });
});
