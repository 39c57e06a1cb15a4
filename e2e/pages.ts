// What every browser spec does: sign in through the login page and save full-page screenshots beside its results.
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "./constants.ts";

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Signs in on the tenant's login page (the administrator unless told) and waits for My Content. */
export async function signIn(page: Page, { tenant = "demo", username = "admin", password = E2E_ADMIN_PASSWORD } = {}) {
  await page.goto(`/${tenant}/login`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  // Signing in hashes a password and the first page behind it loads the shell's code: slow on a busy machine.
  await expect(page).toHaveURL(new RegExp(`/${tenant}/containers$`), { timeout: 20_000 });
}
