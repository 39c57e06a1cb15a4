// The administrator's settings area: General settings (an editable text, a read-only value) and tags, whose
// first entries also appear under the side menu.
import { expect, test } from "@playwright/test";
import { shot, signIn } from "./pages.ts";

test("administrator edits general settings and manages a tag", async ({ page }) => {
  await signIn(page);
  const menu = page.getByRole("navigation");

  await menu.getByRole("link", { name: "General" }).click();
  await expect(page).toHaveURL(/\/demo\/settings\/general$/);
  await expect(page.getByRole("columnheader", { name: "Label" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Value" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Self-registration/ })).toContainText("FALSE");
  await expect(page.getByRole("row", { name: /Upload size limit/ })).toContainText("2 GB (2,147,483,648 bytes)");
  await expect(page.getByRole("row", { name: /Polling interval/ })).toContainText("5 seconds");
  await shot(page, "01-general-settings");

  await page.getByRole("button", { name: "Product name" }).click();
  const productName = page.getByRole("dialog", { name: "Product name" });
  await expect(productName.getByLabel("Value")).toHaveValue("Repox");
  await productName.getByLabel("Value").fill("Delos Archive");
  await shot(page, "02-edit-product-name");
  await productName.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully updated")).toBeVisible();
  await expect(productName).toHaveCount(0);
  await expect(page.getByRole("row", { name: /Product name/ })).toContainText("Delos Archive");
  await page.reload();
  await expect(page.getByRole("row", { name: /Product name/ })).toContainText("Delos Archive");

  await page.getByRole("button", { name: "Product name" }).click();
  const emptied = page.getByRole("dialog", { name: "Product name" });
  await emptied.getByLabel("Value").fill("");
  await emptied.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The setting 'Product name' needs a value")).toBeVisible();
  await shot(page, "03-setting-refused");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("row", { name: /Product name/ })).toContainText("Delos Archive");

  await page.getByRole("button", { name: "Self-registration" }).click();
  const registration = page.getByRole("dialog", { name: "Self-registration" });
  await expect(registration.getByRole("switch", { name: "Self-registration" })).not.toBeChecked();
  await expect(registration.getByText("FALSE")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Default language" }).click();
  const language = page.getByRole("dialog", { name: "Default language" });
  await language.getByLabel("Value").click();
  await expect(page.getByRole("option")).toHaveText(["en", "el", "it", "sr", "es"]);
  await shot(page, "04-setting-enum");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(language).toHaveCount(0);

  await page.getByRole("button", { name: "Storage quota" }).click();
  const quota = page.getByRole("dialog", { name: "Storage quota" });
  await expect(quota.getByText("This option cannot be edited")).toBeVisible();
  await expect(quota.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(quota.getByRole("textbox")).toHaveCount(0);
  await shot(page, "05-setting-not-editable");
  await page.keyboard.press("Escape");

  await menu.getByRole("link", { name: "Tags", exact: true }).click();
  await expect(page).toHaveURL(/\/demo\/settings\/tags$/);
  await page.getByRole("button", { name: "Create tag" }).click();
  const editor = page.getByRole("dialog", { name: "Create tag" });
  await editor.getByLabel("Name").fill("Aegean survey");
  await editor.getByLabel("Description").fill("Finds from the 2024 season");
  await editor.getByLabel("Color").fill("#e64980");
  await expect(editor.getByLabel("Scope")).toHaveValue("store");
  await shot(page, "06-tag-create");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(editor).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: /Aegean survey/ })).toBeVisible();
  const menuTag = menu.getByRole("link", { name: "Aegean survey" });
  await expect(menuTag).toHaveAttribute("href", /\/demo\/tagged\/\d+$/);
  await expect(menu.getByRole("link", { name: "Show all tags" })).toHaveAttribute("href", "/demo/settings/tags");
  await shot(page, "07-tags-tiles");

  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.getByRole("columnheader", { name: "Color" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Aegean survey/ })).toContainText("#e64980");
  await shot(page, "08-tags-table");

  await page.getByRole("main").getByRole("link", { name: "Aegean survey" }).click();
  const edit = page.getByRole("dialog", { name: "Edit tag" });
  await expect(edit.getByLabel("Color")).toHaveValue("#e64980");
  await edit.getByLabel("Name").fill("Aegean survey 2024");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully updated")).toBeVisible();
  await expect(page.getByRole("row", { name: /Aegean survey 2024/ })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Aegean survey 2024" })).toBeVisible();
  await shot(page, "09-tag-edited");

  await menu.getByRole("link", { name: "Aegean survey 2024" }).click();
  await expect(page).toHaveURL(/\/demo\/tagged\/\d+$/);
  await expect(page.getByRole("heading", { name: "Tagged (Aegean survey 2024)" })).toBeVisible();
  await menu.getByRole("link", { name: "Show all tags" }).click();
  await expect(page).toHaveURL(/\/demo\/settings\/tags$/);

  await page.getByRole("main").getByRole("link", { name: "Aegean survey 2024" }).click();
  await page.getByRole("dialog", { name: "Edit tag" }).getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove confirmation" });
  await expect(confirm).toContainText("Are you sure you want to remove Aegean survey 2024 ?");
  // Wait for the opening transition so the screenshot shows the confirmation, not a fade.
  await expect(confirm).toHaveCSS("opacity", "1");
  await shot(page, "10-tag-delete-confirmation");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Successfully deleted")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Aegean survey 2024" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Aegean survey 2024" })).toHaveCount(0);
  await page.getByRole("textbox", { name: "Search tags" }).fill("Aegean");
  await expect(page.getByText("There are no tags")).toBeVisible();
  await shot(page, "11-tag-deleted");
});
