// The first day of a tenant: the administrator makes a user and a group granting reports,
// then that user signs in, sees the menu their permissions allow, and edits their profile.
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "./constants.ts";
import { shot } from "./pages.ts";

const user = { username: "rita", email: "rita@example.org", password: "Rita-password-1", firstname: "Rita", lastname: "Reporter" };

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/demo\/containers$/);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/demo\/login$/);
}

test("administrator sets up a reporter, who signs in and edits their profile", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/demo\/login$/);
  await shot(page, "01-login");

  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid credentials");
  await shot(page, "02-login-error");

  await signIn(page, "admin", E2E_ADMIN_PASSWORD);
  await expect(page).toHaveTitle("Repox - /containers");
  await expect(page.getByText("No Content added")).toBeVisible();
  await shot(page, "03-containers-empty");

  await page.getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/demo\/settings\/users/);
  await page.getByRole("button", { name: "Create user" }).click();
  const userDialog = page.getByRole("dialog");
  await userDialog.getByLabel("Firstname").fill(user.firstname);
  await userDialog.getByLabel("Lastname").fill(user.lastname);
  await userDialog.getByLabel("Username").fill(user.username);
  await userDialog.getByLabel("Email").fill(user.email);
  await userDialog.getByLabel("Password").fill(user.password);
  await shot(page, "04-user-dialog");
  await userDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await shot(page, "05-users");

  await page.getByRole("link", { name: "Groups" }).click();
  await expect(page).toHaveURL(/\/demo\/settings\/groups/);
  await page.getByRole("button", { name: "Create group" }).click();
  const groupDialog = page.getByRole("dialog");
  await expect(groupDialog.getByRole("tab", { name: "Permissions" })).toBeDisabled();
  await groupDialog.getByLabel("Group Name").fill("Reporters");
  await groupDialog.getByRole("tab", { name: "Members" }).click();
  await groupDialog.getByRole("checkbox", { name: new RegExp(user.username) }).check();
  await shot(page, "06-group-members");
  await groupDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(groupDialog.getByRole("tab", { name: "Permissions" })).toBeEnabled();
  await groupDialog.getByRole("tab", { name: "Permissions" }).click();
  await groupDialog.getByRole("checkbox", { name: /repox\.store\.reports\.show/ }).check();
  await shot(page, "07-group-permissions");
  await groupDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully updated")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/demo\/settings\/groups$/);
  await expect(page.getByText("Reporters")).toBeVisible();
  await shot(page, "08-groups");

  await signOut(page);
  await signIn(page, user.username, user.password);
  const menu = page.getByRole("navigation");
  await expect(menu.getByRole("link", { name: "Reports" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "My Content" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Users" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Groups" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Tags", exact: true })).toBeVisible();
  await shot(page, "09-reporter-menu");

  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "My profile" }).click();
  const profile = page.getByRole("dialog");
  await expect(profile.getByLabel("Username")).toHaveValue(user.username);
  await expect(profile.getByLabel("Username")).toBeDisabled();
  await profile.getByLabel("Firstname").fill("Margarita");
  await shot(page, "10-profile");
  await profile.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully updated")).toBeVisible();

  await page.reload();
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "My profile" }).click();
  await expect(page.getByRole("dialog").getByLabel("Firstname")).toHaveValue("Margarita");
  await page.keyboard.press("Escape");

  await signOut(page);
  await page.goto("/demo/settings/users");
  await expect(page).toHaveURL(/\/demo\/login$/);
  await shot(page, "11-signed-out");
});
