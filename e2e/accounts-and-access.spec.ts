// Accounts and access (issue 11): changing one's own password ends the other sessions, an administrator sets a
// user's password, the general settings take effect (product name, default language, self-registration), and every
// page a user may not use answers with the same 'no access' page.
import { type APIRequestContext, type Browser, expect as baseExpect, type Page, test } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "./constants.ts";
import { signInThroughApi } from "./containers-model.ts";
import { shot } from "./pages.ts";

// Several browsers sign in here (argon2 each time) and every page load asks for the public settings: on a busy
// machine that takes longer than the default five seconds, so these tests wait longer before they fail.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const NO_ACCESS = "You do not have access to this page";

const adminHeaders = signInThroughApi;

/** A user in a group of their own holding exactly `permissions`, made through the API. */
async function createUser(request: APIRequestContext, username: string, password: string, permissions: string[] = []) {
  const headers = await adminHeaders(request);
  const user = await request.post("/api/users", {
    headers,
    data: { username, email: `${username}@example.org`, password, firstname: username },
  });
  expect(user.status(), await user.text()).toBe(201);
  const { uuid } = (await user.json()) as { uuid: string };
  const group = await request.post("/api/groups", {
    headers,
    data: { name: `${username} group`, iamPermissions: permissions, users: [uuid] },
  });
  expect(group.status(), await group.text()).toBe(201);
  return uuid;
}

async function setSetting(request: APIRequestContext, settingKey: string, settingValue: string) {
  const response = await request.put("/api/system_settings", {
    headers: await adminHeaders(request),
    data: [{ settingKey, settingValue }],
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in on the login page (the administrator unless told) and waits for My Content. */
async function signIn(page: Page, { username = "admin", password = E2E_ADMIN_PASSWORD } = {}) {
  await page.goto("/demo/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/demo\/containers$/);
}

/** A separate browser (its own storage) signed in as `username`. */
async function signedInElsewhere(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { username, password });
  return page;
}

async function refusedSignIn(browser: Browser, username: string, password: string) {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/demo/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid credentials");
  await page.context().close();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/demo\/login$/);
}

// The settings the tests change go back to the defaults, whatever happened, so the other tests meet English and no sign-up.
test.afterEach(async ({ request }) => {
  await setSetting(request, "DEFAULT_LANGUAGE", "en");
  await setSetting(request, "REGISTRATION_ENABLED", "FALSE");
});

test("a user changes their password: the other sessions end, this one goes on", async ({ page, browser, request }) => {
  await createUser(request, "paula", "Paula-password-1");
  const elsewhere = await signedInElsewhere(browser, "paula", "Paula-password-1");
  await signIn(page, { username: "paula", password: "Paula-password-1" });

  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "My profile" }).click();
  const profile = page.getByRole("dialog", { name: "My profile" });
  await profile.getByLabel("Current password").fill("Not-my-password-1");
  await profile.getByLabel("New password").fill("Paula-password-2");
  await profile.getByLabel("Confirm password").fill("Paula-password-3");
  await profile.getByRole("button", { name: "Change my password" }).click();
  await expect(profile.getByText("The passwords do not match")).toBeVisible();
  await shot(page, "01-confirmation-differs");

  await profile.getByLabel("Confirm password").fill("Paula-password-2");
  await profile.getByRole("button", { name: "Change my password" }).click();
  await expect(profile.getByRole("alert")).toContainText("The current password is not correct.");
  await shot(page, "02-wrong-current-password");

  await profile.getByLabel("Current password").fill("Paula-password-1");
  await profile.getByRole("button", { name: "Change my password" }).click();
  await expect(page.getByText("Your password has been changed. Your other sessions have been signed out.")).toBeVisible();
  await shot(page, "03-password-changed");
  await page.keyboard.press("Escape");

  // This session goes on with its fresh token, across a reload too.
  await page.getByRole("navigation").getByRole("link", { name: "Starred" }).click();
  await expect(page).toHaveURL(/\/demo\/starred$/);
  await page.reload();
  await expect(page).toHaveURL(/\/demo\/starred$/);

  // The browser signed in earlier is sent to sign in on its next call.
  await elsewhere.getByRole("navigation").getByRole("link", { name: "Starred" }).click();
  await expect(elsewhere).toHaveURL(/\/demo\/login$/);
  await shot(elsewhere, "04-other-session-ended");
  await elsewhere.context().close();

  await refusedSignIn(browser, "paula", "Paula-password-1");
  const fresh = await signedInElsewhere(browser, "paula", "Paula-password-2");
  await fresh.context().close();
});

test("an administrator sets a user's password, which ends that user's sessions", async ({ page, browser, request }) => {
  const uuid = await createUser(request, "sandro", "Sandro-password-1");
  const usersSession = await signedInElsewhere(browser, "sandro", "Sandro-password-1");

  await signIn(page);
  await page.goto(`/demo/settings/users/${uuid}`);
  const editor = page.getByRole("dialog", { name: "Edit user" });
  await editor.getByLabel("New password").fill("Given-password-1");
  await editor.getByLabel("Confirm password").fill("Given-password-2");
  await editor.getByRole("button", { name: "Set a new password" }).click();
  await expect(editor.getByText("The passwords do not match")).toBeVisible();
  await editor.getByLabel("Confirm password").fill("Given-password-1");
  await editor.getByRole("button", { name: "Set a new password" }).click();
  await expect(page.getByText("The new password is set. The user's sessions have been signed out.")).toBeVisible();
  await shot(page, "05-admin-set-password");

  await usersSession.reload();
  await expect(usersSession).toHaveURL(/\/demo\/login$/);
  await usersSession.context().close();
  await refusedSignIn(browser, "sandro", "Sandro-password-1");
  const fresh = await signedInElsewhere(browser, "sandro", "Given-password-1");
  await expect(fresh.getByRole("navigation").getByRole("link", { name: "My Content" })).toBeVisible();
  await fresh.context().close();
});

test("the product name shows in the top bar, on the sign-in page and in the page title", async ({ page }) => {
  await signIn(page);
  await page.goto("/demo/settings/general");
  await page.getByRole("button", { name: "Product name" }).click();
  const dialog = page.getByRole("dialog", { name: "Product name" });
  await dialog.getByLabel("Value").fill("Delos Archive");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully updated")).toBeVisible();

  await expect(page.getByRole("banner").getByText("Delos Archive")).toBeVisible();
  await expect(page).toHaveTitle("Delos Archive - /settings/general");
  await page.getByRole("navigation").getByRole("link", { name: "My Content" }).click();
  await expect(page).toHaveTitle("Delos Archive - /containers");
  await shot(page, "06-product-name-top-bar");

  await signOut(page);
  await expect(page.getByText("Delos Archive", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to Delos Archive" })).toBeVisible();
  await expect(page).toHaveTitle("Delos Archive - /login");
  await shot(page, "07-product-name-sign-in");
});

test("'Create an account' shows only while self-registration is on", async ({ page, request }) => {
  await setSetting(request, "REGISTRATION_ENABLED", "FALSE");
  await page.goto("/demo/login");
  await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot your password?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveCount(0);
  await shot(page, "08-sign-in-registration-off");
  await page.goto("/demo/register");
  await expect(page.getByText("Registration is closed. Ask an administrator for an account.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Register" })).toHaveCount(0);
  await shot(page, "09-register-closed");

  await setSetting(request, "REGISTRATION_ENABLED", "TRUE");
  await page.goto("/demo/login");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/demo\/register$/);
  await expect(page.getByLabel("Email")).toBeVisible();
});

test("a browser without a language of its own gets the tenant's default language", async ({ browser, request }) => {
  await setSetting(request, "DEFAULT_LANGUAGE", "it");
  const page = await (await browser.newContext()).newPage();
  // Signed in through the API, so the test does not depend on the sign-in form's Italian labels.
  const response = await request.post("/api/auth/jwt", {
    headers: { "X-TenantID": "demo" },
    data: { username: "admin", password: E2E_ADMIN_PASSWORD },
  });
  const authUser = await response.json();
  await page.goto("/demo/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await page.evaluate((user) => localStorage.setItem("authUser:demo", JSON.stringify(user)), authUser);
  await page.goto("/demo/containers");
  await expect(page.getByRole("navigation").getByRole("link", { name: "I miei contenuti" })).toBeVisible();
  await shot(page, "10-default-language");

  // A choice of the browser's own wins over the tenant's default.
  await page.getByRole("banner").getByRole("button", { name: "Lingua" }).click();
  await page.getByRole("menuitem", { name: "English" }).click();
  await page.reload();
  await expect(page.getByRole("navigation").getByRole("link", { name: "My Content" })).toBeVisible();
  await page.context().close();
});

test("a user without the permission gets the one 'no access' page, with a way back", async ({ page, request }) => {
  await createUser(request, "nora", "Nora-password-1", ["repox.store.content.edit"]);
  await signIn(page, { username: "nora", password: "Nora-password-1" });

  // Each page's own heading and first button must not show, not even read-only.
  const pages = [
    { path: "/demo/reports", name: "reports", heading: "Reports", button: null },
    { path: "/demo/settings/general", name: "settings-general", heading: "General", button: "Product name" },
    { path: "/demo/settings/content-model", name: "content-model", heading: "Content Model", button: "Export content model" },
    { path: "/demo/settings/content-model/properties", name: "content-model-properties", heading: "Properties", button: null },
    { path: "/demo/settings/users", name: "users", heading: "Users", button: "Create user" },
    { path: "/demo/settings/groups", name: "groups", heading: "Groups", button: "Create group" },
  ];
  for (const [index, gated] of pages.entries()) {
    await page.goto(gated.path);
    await expect(page.getByText(NO_ACCESS)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to My Content" })).toBeVisible();
    await expect(page.getByRole("heading", { name: gated.heading, exact: true })).toHaveCount(0);
    if (gated.button) await expect(page.getByRole("button", { name: gated.button })).toHaveCount(0);
    await expect(page.getByText("Sorry! the page you are looking for could not be found")).toHaveCount(0);
    await shot(page, `${11 + index}-no-access-${gated.name}`);
  }
  await page.getByRole("link", { name: "Back to My Content" }).click();
  await expect(page).toHaveURL(/\/demo\/containers$/);
  await expect(page.getByText(NO_ACCESS)).toHaveCount(0);
});
