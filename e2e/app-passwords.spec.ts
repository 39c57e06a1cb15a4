// App passwords in My profile (issue 16): create one, see its secret once and copy it, find it listed without the
// secret, and revoke it behind a confirmation.
import { expect, test } from "@playwright/test";
import { shot, signIn } from "./pages.ts";

test.use({ permissions: ["clipboard-read", "clipboard-write"], viewport: { width: 1280, height: 900 } });

test("create an app password, copy it once, see it listed, revoke it with the confirmation", async ({ page }) => {
  await signIn(page);
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "My profile" }).click();
  const profile = page.getByRole("dialog", { name: "My profile" });
  await expect(profile.getByText("You have no app passwords.")).toBeVisible();

  await profile.getByRole("button", { name: "Create app password" }).click();
  await expect(profile.getByText("Enter a name")).toBeVisible();
  await profile.getByLabel("Name", { exact: true }).fill("Laptop WebDAV");
  await profile.getByRole("button", { name: "Create app password" }).click();

  await expect(profile.getByText("App password “Laptop WebDAV” created")).toBeVisible();
  const secret = (await profile.getByTestId("app-password-secret").textContent()) ?? "";
  expect(secret).toMatch(/^[a-z2-7]{5}(-[a-z2-7]{5}){5}$/);
  await profile.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("App password copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const list = profile.getByRole("table", { name: "App passwords" });
  await expect(list.getByRole("row", { name: /Laptop WebDAV/ })).toContainText("Never");
  await shot(page, "01-created-secret-shown-once");

  await profile.getByRole("button", { name: "Done" }).click();
  await expect(profile.getByTestId("app-password-secret")).toHaveCount(0);
  await expect(profile).not.toContainText(secret);
  await shot(page, "02-listed-without-secret");

  // Cancelling the confirmation keeps it.
  await list.getByRole("button", { name: "Revoke Laptop WebDAV" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke app password" });
  await expect(confirm).toContainText("Programs that use “Laptop WebDAV” will no longer be able to sign in. Revoke it?");
  await shot(page, "03-revoke-confirmation");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(list.getByRole("row", { name: /Laptop WebDAV/ })).toBeVisible();

  await list.getByRole("button", { name: "Revoke Laptop WebDAV" }).click();
  await page.getByRole("dialog", { name: "Revoke app password" }).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("App password revoked")).toBeVisible();
  await expect(profile.getByText("You have no app passwords.")).toBeVisible();
  await shot(page, "04-revoked");

  // Gone on the server too, not only from the page.
  await page.reload();
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "My profile" }).click();
  await expect(page.getByRole("dialog", { name: "My profile" }).getByText("You have no app passwords.")).toBeVisible();
});
