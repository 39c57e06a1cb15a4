// The container form: at the top level the administrator creates a record whose type has one property of each of the
// 15 property types; the mandatory notice blocks the first save; every input is filled (repeatable instances added
// and removed, a language qualifier, the IP mask, the term search, the reference picker, the map) and saved; the
// record reopens in edit mode with its property groups as steps and every value in place; an emptied mandatory
// property blocks the update until it is filled again.
import { expect, type Page, test } from "@playwright/test";
import {
  checkDetails,
  checkIdentity,
  checkPlace,
  chooseType,
  fillDetails,
  fillIdentity,
  fillPlace,
  GROUPS,
  PROPERTIES,
  REQUIRED_MESSAGE,
  setUpContentModel,
  VALUES,
} from "./container-form-steps.ts";
import { shot, signIn } from "./pages.ts";

const LABEL = "CF Harbour letters";
const REVISED_TITLE = "Letters of the harbour master, revised";

// A tall window, so the screenshots show most of the full-height form.
test.use({ viewport: { width: 1280, height: 2400 } });

test.beforeAll(async ({ request }) => {
  await setUpContentModel(request);
});

const exact = (name: string) => ({ name, exact: true });

async function openEditForm(page: Page) {
  await page.getByRole("option", exact(LABEL)).click({ button: "right" });
  await page.getByRole("menuitem", exact("Edit")).click();
  const dialog = page.getByRole("dialog", exact("Edit Container"));
  await expect(dialog.getByRole("textbox", exact("Label"))).toHaveValue(LABEL);
  return dialog;
}

test("creates a record with every property type and reads it back in edit mode", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);

  await page.getByRole("button", exact("Add content")).click();
  await page.getByRole("menuitem", exact("Create Container")).click();
  const create = page.getByRole("dialog", exact("Create Container"));
  await expect(create.getByRole("button", exact("Save"))).toBeDisabled();
  await shot(page, "01-create-empty");

  await create.getByRole("textbox", exact("Label")).fill(LABEL);
  await chooseType(page, create);
  await shot(page, "02-create-type-chosen");

  await create.getByRole("button", exact("Save")).click();
  await expect(create.getByRole("alert")).toHaveText(REQUIRED_MESSAGE);
  await expect(create.getByRole("textbox", exact(PROPERTIES.title.name))).toHaveAttribute("aria-invalid", "true");
  await expect(create.getByRole("combobox", exact(PROPERTIES.status.name))).toHaveAttribute("aria-invalid", "true");
  await expect(create.getByRole("textbox", exact(PROPERTIES.notes.name))).not.toHaveAttribute("aria-invalid", "true");
  await shot(page, "03-create-mandatory-notice");

  await fillIdentity(page, create);
  // Both mandatory properties hold a value now: the notice is gone.
  await expect(create.getByRole("alert")).toHaveCount(0);
  await shot(page, "04-create-identity-filled");
  await fillDetails(page, create);
  await shot(page, "05-create-details-filled");
  await fillPlace(create);
  await shot(page, "06-create-place-filled");

  await create.getByRole("button", exact("Save")).click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(create).toBeHidden();
  await expect(page.getByRole("option", exact(LABEL))).toBeVisible();
  await shot(page, "07-created");

  const edit = await openEditForm(page);
  await expect(edit.getByRole("textbox", exact("Type"))).toBeDisabled();
  for (const step of [GROUPS.details, GROUPS.identity, "Other properties"]) {
    await expect(edit.getByRole("button", { name: step })).toBeVisible();
  }
  await checkDetails(edit);
  await shot(page, "08-edit-details-step");
  await edit.getByRole("button", exact("Next")).click();
  await checkIdentity(edit);
  await shot(page, "09-edit-identity-step");
  await edit.getByRole("button", exact("Next")).click();
  await checkPlace(edit);
  await shot(page, "10-edit-place-step");

  await edit.getByRole("button", { name: GROUPS.identity }).click();
  const title = edit.getByRole("textbox", exact(PROPERTIES.title.name));
  await title.fill("");
  await edit.getByRole("button", exact("Save")).click();
  await expect(edit.getByRole("alert")).toHaveText(REQUIRED_MESSAGE);
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await shot(page, "11-edit-mandatory-notice");
  await title.fill(REVISED_TITLE);
  await edit.getByRole("button", exact("Save")).click();
  await expect(page.getByText("Successfully updated")).toBeVisible();
  await expect(edit).toBeHidden();

  const reopened = await openEditForm(page);
  // The property that is not editable kept its value through the update.
  await checkDetails(reopened);
  await reopened.getByRole("button", { name: GROUPS.identity }).click();
  await expect(reopened.getByRole("textbox", exact(PROPERTIES.title.name))).toHaveValue(REVISED_TITLE);
  await expect(reopened.getByRole("combobox", exact(PROPERTIES.status.name))).toHaveValue(VALUES.status);
  await expect(reopened.getByRole("alert")).toHaveCount(0);
  await shot(page, "12-edit-after-update");
});
