// The administrator models a collection: two properties (made through the API), a container type using them,
// reordered by keyboard dragging, a datastream type it accepts, and deletions behind the confirmation.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { shot, signIn } from "./pages.ts";

/** Calls the API as the signed-in administrator, with the token the app keeps. */
async function apiPost(page: Page, path: string, data: unknown) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("authUser:demo") ?? "{}").jwtToken as string);
  const response = await page.request.post(`/api${path}`, { headers: { Authorization: `Bearer ${token}`, "X-TenantID": "demo" }, data });
  expect(response.status(), await response.text()).toBe(201);
}

async function addProperty(dialog: Locator, name: string) {
  await dialog.getByRole("combobox", { name: "Property", exact: true }).fill(name);
  await dialog
    .page()
    .getByRole("option", { name: new RegExp(`^${name} \\(`) })
    .click();
  await dialog.getByRole("button", { name: "Add property" }).click();
}

const propertyRows = (dialog: Locator) => dialog.getByRole("listitem");

test("administrator builds a container type and a datastream type", async ({ page }) => {
  // Fourteen screens in one flow: the default minute is too short on a busy two-core machine.
  test.setTimeout(120_000);
  await signIn(page);
  await apiPost(page, "/properties", { propertyKey: "heading", displayName: "Heading", propertyType: "text" });
  await apiPost(page, "/properties", { propertyKey: "subject", displayName: "Subject", propertyType: "text" });
  await apiPost(page, "/property_groups", { name: "Descriptive" });

  await page.getByRole("navigation").getByRole("link", { name: "Content Model" }).click();
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Container Types/ })
    .click();
  await expect(page).toHaveURL(/\/demo\/settings\/content-model\/container-types$/);
  await expect(page.getByText("There are no container types")).toBeVisible();
  await shot(page, "01-container-types-empty");

  await page.getByRole("button", { name: "Create container type" }).click();
  const dialog = page.getByRole("dialog", { name: "Create container type" });
  await dialog.getByRole("textbox", { name: "Code", exact: true }).pressSequentially("Collection");
  await expect(dialog.getByRole("textbox", { name: "Code", exact: true })).toHaveValue("collection");
  await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Collection");
  await dialog.getByRole("radio", { name: "Cataloguing" }).check();
  await dialog.getByRole("switch", { name: /^Allowed at root/ }).check();
  await expect(dialog.getByText("No properties added yet")).toBeVisible();
  await addProperty(dialog, "Heading");
  await addProperty(dialog, "Subject");
  await propertyRows(dialog).filter({ hasText: "Heading" }).getByRole("switch", { name: "Mandatory" }).check();
  await expect(propertyRows(dialog)).toHaveText([/Heading/, /Subject/]);
  await shot(page, "02-container-type-new");

  // Keyboard drag: pick Subject up, move it above Heading, drop it.
  await dialog.getByRole("button", { name: "Drag Subject" }).focus();
  await page.keyboard.press("Space");
  await expect(dialog.getByRole("button", { name: "Drag Subject" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowUp");
  await expect(page.getByText("Subject was moved over Heading.")).toBeAttached();
  await page.keyboard.press("Space");
  await expect(propertyRows(dialog)).toHaveText([/Subject/, /Heading/]);
  await shot(page, "03-container-type-reordered");

  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(page).toHaveURL(/\/container-types\/collection$/);
  const editor = page.getByRole("dialog", { name: "Edit container type" });
  await expect(editor.getByRole("textbox", { name: "Code", exact: true })).toHaveAttribute("readonly");
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/container-types$/);
  await expect(page.getByRole("link", { name: /Collection/ })).toContainText("Cataloguing");
  await shot(page, "04-container-types-tiles");
  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.getByRole("row", { name: /Collection/ })).toContainText("collection");
  await expect(page.getByRole("row", { name: /Collection/ })).toContainText("Cataloguing");
  await expect(page.getByRole("row", { name: /Collection/ })).toContainText("Yes");
  await shot(page, "05-container-types-list");

  await page.getByRole("link", { name: "Collection" }).click();
  await expect(propertyRows(editor)).toHaveText([/Subject/, /Heading/]);
  await expect(propertyRows(editor).filter({ hasText: "Heading" }).getByRole("switch", { name: "Mandatory" })).toBeChecked();
  await expect(propertyRows(editor).filter({ hasText: "Subject" }).getByRole("switch", { name: "Mandatory" })).not.toBeChecked();
  await expect(editor.getByRole("radio", { name: "Cataloguing" })).toBeChecked();
  await expect(editor.getByRole("switch", { name: /^Allowed at root/ })).toBeChecked();
  await shot(page, "06-container-type-reopened");

  // Heading moves into a group by its menu; Subject follows by keyboard and lands above it.
  await editor.getByRole("button", { name: "Move Heading to another group" }).click();
  await page.getByRole("menuitem", { name: "Descriptive" }).click();
  const descriptive = editor.getByRole("region", { name: "Descriptive" });
  await expect(descriptive.getByRole("listitem")).toHaveText([/Heading/]);
  await shot(page, "07-property-moved-to-group");
  await editor.getByRole("button", { name: "Drag Subject" }).focus();
  await page.keyboard.press("Space");
  await expect(editor.getByRole("button", { name: "Drag Subject" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowUp");
  await expect(page.getByText("Subject was moved over Heading.")).toBeAttached();
  await page.keyboard.press("Space");
  await expect(descriptive.getByRole("listitem")).toHaveText([/Subject/, /Heading/]);
  await expect(editor.getByRole("region", { name: "No group" })).toHaveCount(0);

  // Escape cancels a keyboard drag and leaves the editor open.
  await editor.getByRole("button", { name: "Drag Subject" }).focus();
  await page.keyboard.press("Space");
  await expect(editor.getByRole("button", { name: "Drag Subject" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByText("Subject was moved over Heading.")).toBeAttached();
  await page.keyboard.press("Escape");
  await expect(page.getByText("Moving Subject was cancelled.")).toBeAttached();
  await expect(editor).toBeVisible();
  await expect(descriptive.getByRole("listitem")).toHaveText([/Subject/, /Heading/]);
  await shot(page, "08-properties-grouped");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully updated")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto("/demo/settings/content-model/datastream-types");
  await expect(page.getByText("There are no datastream types")).toBeVisible();
  await page.getByRole("button", { name: "Create datastream type" }).click();
  const streamDialog = page.getByRole("dialog", { name: "Create datastream type" });
  await expect(streamDialog.getByRole("switch", { name: /^Allowed at root/ })).toHaveCount(0);
  await streamDialog.getByRole("textbox", { name: "Code", exact: true }).fill("image");
  await streamDialog.getByRole("textbox", { name: "Name", exact: true }).fill("Image");
  await streamDialog.getByRole("radio", { name: "Record" }).check();
  await shot(page, "09-datastream-type-new");
  await streamDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("row", { name: /Image/ })).toContainText("Record");
  await shot(page, "10-datastream-types-list");

  await page.goto("/demo/settings/content-model/container-types/collection");
  await editor.getByRole("combobox", { name: "Datastream types", exact: true }).click();
  await page.getByRole("option", { name: "Image (image)" }).click();
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully updated")).toBeVisible();
  await page.reload();
  await expect(editor.getByText("Image (image)")).toBeVisible();
  await expect(descriptive.getByRole("listitem")).toHaveText([/Subject/, /Heading/]);
  await shot(page, "11-container-type-accepts-image");
  await page.keyboard.press("Escape");

  // The accepted datastream type cannot go while the collection names it; the server says why.
  await page.goto("/demo/settings/content-model/datastream-types");
  await page.getByRole("button", { name: "Delete Image" }).click();
  await expect(page.getByRole("dialog", { name: "Remove confirmation" })).toContainText("Are you sure you want to remove Image ?");
  await shot(page, "12-delete-confirmation");
  await page.getByRole("dialog", { name: "Remove confirmation" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Datastream type 'image' is in use by the acceptance list of container type 'collection'")).toBeVisible();
  await shot(page, "13-delete-refused");

  await page.goto("/demo/settings/content-model/container-types/collection");
  await editor.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("dialog", { name: "Remove confirmation" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Successfully deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/container-types$/);
  await expect(page.getByText("There are no container types")).toBeVisible();
  await shot(page, "14-container-type-deleted");
});
