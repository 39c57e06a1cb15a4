// The survey list and builder: a survey with one question of each of the 12 types in two sections, reordered by drag
// (within and between sections) and by the up/down buttons, a duplicate, a type change that keeps the options, a branch,
// the lock and its message, the open-before-close rule, save → edit route, the list's state badges, the Share modal's
// link, embed code and e-mail, leaving with unsaved changes, and delete → /surveys.
import { expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import { signInThroughApi } from "./containers-model.ts";
import { shot, signIn } from "./pages.ts";

// The machine running the specs is shared: give slow steps room.
const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ permissions: ["clipboard-read", "clipboard-write"], viewport: { width: 1280, height: 900 }, actionTimeout: 15_000 });

const section = (page: Page, number: number) => page.getByRole("region", { name: `Section ${number}`, exact: true });
const questionTitles = (scope: Locator) =>
  scope.locator("li[data-question-id]").evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));

async function chooseType(page: Page, type: string) {
  await page.getByRole("combobox", { name: "Question type" }).click();
  await page.getByRole("option", { name: type, exact: true }).click();
}

/** Adds a question at the end of a section, names it and gives it a type. */
async function addQuestion(page: Page, sectionNumber: number, title: string, type: string) {
  await section(page, sectionNumber).getByRole("button", { name: "Add question" }).click();
  await page.getByRole("textbox", { name: "Question", exact: true }).fill(title);
  if (type !== "Short answer") await chooseType(page, type);
}

/** A mouse drag of a handle onto another element, in small steps so dnd-kit's pointer sensor follows. */
async function drag(page: Page, handle: Locator, target: Locator, { below = false } = {}) {
  // Both ends on screen: the mouse works in viewport coordinates.
  await target.scrollIntoViewIfNeeded();
  await handle.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("drag: element not on screen");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
  const y = below ? to.y + to.height * 0.75 : to.y + to.height * 0.25;
  await page.mouse.move(to.x + to.width / 2, y, { steps: 15 });
  await page.mouse.move(to.x + to.width / 2, y + (below ? 2 : -2), { steps: 2 });
  await page.mouse.up();
}

test("builds, reorders, saves, shares and deletes a survey", async ({ page, request }) => {
  test.setTimeout(240_000);
  // A contact for the Share modal's picker.
  const contact = await request.post("/api/addons/srv/contacts", {
    headers: await signInThroughApi(request),
    data: { firstName: "Ann", lastName: "Lee", email: "ann@example.org", organization: "" },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  await signIn(page);
  await page.goto("/demo/surveys");
  await expect(page.getByRole("heading", { name: "Surveys" })).toBeVisible();
  await expect(page.getByText("No surveys yet")).toBeVisible();
  await shot(page, "01-survey-list-empty");

  await page.getByRole("link", { name: "Add new survey" }).click();
  await expect(page).toHaveURL(/\/demo\/surveys\/new$/);
  await expect(page.getByRole("tab", { name: "Responses" })).toBeDisabled();
  await expect(page.getByRole("tab", { name: "Activity" })).toBeDisabled();
  // A new survey is locked and closes a day ahead: the warning banner and the message field show.
  await expect(page.getByText("This survey is not accepting responses. Turn on")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message for respondents" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  // The close time's picker writes it as every survey date is written (spec 3 §9: DD/MM/YYYY, h:mm a).
  await expect(page.getByRole("button", { name: "Closes at" })).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} (am|pm)$/);
  await page.getByRole("textbox", { name: "Survey name" }).fill("");
  await expect(page.getByText("The survey name is required")).toBeVisible();
  await page.getByRole("textbox", { name: "Survey name" }).fill("Customer feedback");
  await page.getByRole("textbox", { name: "Message for respondents" }).fill("Opening soon.");
  await shot(page, "02-new-survey-header");

  // Section 1: the first question is a short answer already.
  await page.getByRole("button", { name: "Edit Untitled question" }).click();
  await page.getByRole("textbox", { name: "Question", exact: true }).fill("Short q");
  await addQuestion(page, 1, "Paragraph q", "Paragraph");
  await addQuestion(page, 1, "Dropdown q", "Dropdown");
  await addQuestion(page, 1, "Choice q", "Multiple choice");
  await page.getByRole("button", { name: "Add option" }).click();
  await page.getByRole("textbox", { name: "Option 1", exact: true }).fill("Yes");
  await page.getByRole("button", { name: 'Add "Other"' }).click();
  await addQuestion(page, 1, "Grid q", "Multiple choice grid");
  await page.getByRole("button", { name: "Add row" }).click();
  await addQuestion(page, 1, "Boxes q", "Checkboxes");

  // Section 2.
  await page.getByRole("button", { name: "Add section" }).click();
  await page.getByRole("textbox", { name: "Section title" }).fill("Details");
  await addQuestion(page, 2, "Box grid q", "Checkbox grid");
  await addQuestion(page, 2, "Date q", "Date");
  await addQuestion(page, 2, "Time q", "Time");
  await addQuestion(page, 2, "Scale q", "Linear scale");
  await page.getByRole("combobox", { name: "To" }).selectOption("5");
  await page.getByRole("textbox", { name: "Label for 1" }).fill("Bad");
  await addQuestion(page, 2, "Email q", "Email");
  await expect(page.getByRole("switch", { name: "Required" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Required" })).toBeDisabled();
  await addQuestion(page, 2, "Label q", "Label");
  await expect(page.getByRole("switch", { name: "Required" })).toHaveCount(0);
  expect(await questionTitles(section(page, 1))).toEqual(["Short q", "Paragraph q", "Dropdown q", "Choice q", "Grid q", "Boxes q"]);
  expect(await questionTitles(section(page, 2))).toEqual(["Box grid q", "Date q", "Time q", "Scale q", "Email q", "Label q"]);

  // A type change between multiple choice and checkboxes keeps the options; a branch on the multiple choice.
  await page.getByRole("button", { name: "Edit Choice q" }).click();
  await chooseType(page, "Checkboxes");
  await expect(page.getByRole("textbox", { name: "Option 1", exact: true })).toHaveValue("Yes");
  await expect(page.getByRole("textbox", { name: "Option 2", exact: true })).toHaveValue("Option 2");
  await chooseType(page, "Multiple choice");
  await expect(page.getByRole("textbox", { name: "Option 1", exact: true })).toHaveValue("Yes");
  await page.getByRole("combobox", { name: "Go to section – After option 1" }).selectOption({ label: "Section 2: Details" });
  await page.getByRole("combobox", { name: "Go to section – After option 2" }).selectOption({ label: "Submit form" });
  await shot(page, "03-builder-branching");

  // Dates: an open time after the close time is refused on both fields.
  await page.getByRole("button", { name: "Survey details" }).click();
  await page.getByRole("button", { name: "Opens at" }).click();
  const picker = page.getByRole("dialog");
  await picker.getByRole("button", { name: "Next month" }).click();
  await picker.getByRole("button", { name: /^15 / }).click();
  await picker.getByRole("button", { name: "Set date and time" }).click();
  await expect(page.getByText("The open date must be before the close date")).toBeVisible();
  await expect(page.getByText("The close date must be after the open date")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  // Not open yet and locked: both banners, so the open time does not read as the moment answers start.
  await expect(page.getByText(/^This survey will open at 15\//)).toBeVisible();
  await expect(page.getByText("This survey is not accepting responses. Turn on")).toBeVisible();
  await shot(page, "04-date-order-error");
  await page.getByRole("button", { name: "Clear date" }).first().click();
  await expect(page.getByText("The open date must be before the close date")).toHaveCount(0);

  // The first save creates the survey and goes to its edit route.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully saved survey")).toBeVisible();
  await expect(page).toHaveURL(/\/demo\/surveys\/edit\/[0-9a-f-]{36}\/survey$/);
  const editUrl = page.url();
  await expect(page.getByRole("tab", { name: "Responses" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();

  // The list: CLOSED because it is not accepting responses, closing tomorrow.
  await page.getByRole("main").getByRole("link", { name: "Surveys", exact: true }).click();
  const card = page.getByRole("link", { name: "Customer feedback" });
  await expect(card.getByText("CLOSED", { exact: true })).toBeVisible();
  await expect(card.getByText("Not accepting responses")).toBeVisible();
  await expect(card.getByText(/^Closes at \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} (am|pm)$/)).toBeVisible();
  await shot(page, "05-survey-list-closed");
  await card.click();
  await expect(page).toHaveURL(editUrl.replace(/\/survey$/, ""));

  // Accept responses (the header is what an opened survey has selected): the message for respondents goes, the banner goes.
  await page.getByRole("switch", { name: "Accepting responses" }).click({ force: true });
  await expect(page.getByRole("textbox", { name: "Message for respondents" })).toHaveCount(0);
  await expect(page.getByText("This survey is not accepting responses. Turn on")).toHaveCount(0);

  // Drag inside section 1: Paragraph q onto Short q's place.
  await drag(page, page.getByRole("button", { name: "Drag question Paragraph q" }), page.locator("li[aria-label='Short q']"));
  await expect
    .poll(() => questionTitles(section(page, 1)))
    .toEqual(["Paragraph q", "Short q", "Dropdown q", "Choice q", "Grid q", "Boxes q"]);
  // Screen readers were told where the question went, by its title (dnd-kit's live region).
  await expect(page.getByText(/^Paragraph q was dropped over (Short|Paragraph) q\.$/)).toBeAttached();
  // Drag between sections: Date q from section 2 onto Boxes q in section 1.
  await drag(page, page.getByRole("button", { name: "Drag question Date q" }), page.locator("li[aria-label='Boxes q']"), { below: true });
  await expect.poll(() => questionTitles(section(page, 2))).toEqual(["Box grid q", "Time q", "Scale q", "Email q", "Label q"]);
  expect(await questionTitles(section(page, 1))).toContain("Date q");
  // Up and down buttons: Box grid q up crosses into section 1's end; Label q up one.
  await page.locator("li[aria-label='Box grid q']").getByRole("button", { name: "Move question up" }).click();
  await page.locator("li[aria-label='Label q']").getByRole("button", { name: "Move question up" }).click();
  // Duplicate Short q.
  await page.locator("li[aria-label='Short q']").getByRole("button", { name: "Duplicate question" }).click();
  const sectionOne = await questionTitles(section(page, 1));
  const sectionTwo = await questionTitles(section(page, 2));
  expect(sectionOne.filter((title) => title === "Short q")).toHaveLength(2);
  expect(sectionOne.at(-1)).toBe("Box grid q");
  expect(sectionTwo).toEqual(["Time q", "Scale q", "Label q", "Email q"]);
  await shot(page, "06-builder-reordered");

  // Leaving with unsaved changes asks first.
  await page.getByRole("main").getByRole("link", { name: "Surveys", exact: true }).click();
  await expect(page.getByText("You have changes that are not saved.")).toBeVisible();
  await page.getByRole("button", { name: "Stay" }).click();

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully saved survey").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Customer feedback" }).first()).toBeVisible();
  // What the server answers reads back as unchanged.
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  expect(await questionTitles(section(page, 1))).toEqual(sectionOne);
  expect(await questionTitles(section(page, 2))).toEqual(sectionTwo);
  // The branch survived the save.
  await page.getByRole("button", { name: "Edit Choice q" }).click();
  await expect(page.getByRole("combobox", { name: "Go to section – After option 2" })).toHaveValue("SUBMIT");
  await shot(page, "07-builder-after-reload");

  // The list: OPEN, closing tomorrow.
  await page.goto("/demo/surveys");
  await expect(page.getByRole("link", { name: "Customer feedback" }).getByText("OPEN", { exact: true })).toBeVisible();
  await shot(page, "08-survey-list-open");
  await page.getByRole("link", { name: "Customer feedback" }).click();

  // Share: link, embed code, e-mail.
  await page.getByRole("button", { name: "Share" }).click();
  const modal = page.getByRole("dialog", { name: "Share Survey" });
  await modal.getByRole("combobox", { name: "Recipients" }).fill("not-an-address");
  await modal.getByRole("combobox", { name: "Recipients" }).press("Enter");
  await expect(modal.getByText("Not e-mail addresses: not-an-address")).toBeVisible();
  await expect(modal.getByRole("button", { name: "Send" })).toBeDisabled();
  await shot(page, "09-share-email-invalid");
  await modal.getByRole("combobox", { name: "Recipients" }).press("Backspace");
  // The contacts picker says when no contact matches, and adds the one picked to the recipients.
  const contactPicker = modal.getByRole("combobox", { name: "Add from contacts" });
  await contactPicker.fill("nobody-like-this");
  await expect(page.getByText("No matching results")).toBeVisible();
  await contactPicker.fill("Lee");
  await page.getByRole("option", { name: "Ann Lee <ann@example.org>" }).click();
  await expect(modal.getByText("ann@example.org", { exact: true })).toBeVisible();
  await expect(contactPicker).toHaveValue("");
  await modal.getByRole("textbox", { name: "Message" }).fill("Please tell us what you think.");
  await expect(modal.getByRole("button", { name: "Send" })).toBeEnabled();

  await modal.getByRole("tab", { name: "Link" }).click();
  const link = modal.getByRole("textbox", { name: "Survey link" });
  await expect(link).toHaveValue(/\/demo\/survey\/[0-9a-f-]{36}/);
  await modal.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied to clipboard!")).toBeVisible();
  await shot(page, "10-share-link");

  await modal.getByRole("tab", { name: "Embed code" }).click();
  const code = modal.getByRole("textbox", { name: "Embedding code" });
  await expect(code).toHaveValue(/embedded=true/);
  // 300 + 100 per question: 13 questions.
  await expect(code).toHaveValue(/width="640" height="1600"/);
  // Below the minimum the code keeps 640 × 300 and the field comes back to it when left.
  await modal.getByRole("textbox", { name: "Width" }).fill("500");
  await expect(code).toHaveValue(/width="640"/);
  await modal.getByRole("textbox", { name: "Width" }).blur();
  await expect(modal.getByRole("textbox", { name: "Width" })).toHaveValue("640");
  await modal.getByRole("textbox", { name: "Height" }).fill("100");
  await expect(code).toHaveValue(/height="300"/);
  await modal.getByRole("textbox", { name: "Height" }).fill("1600");
  await modal.getByRole("textbox", { name: "Width" }).fill("700");
  await expect(code).toHaveValue(/width="700"/);
  await modal.getByRole("button", { name: "Copy code" }).click();
  await expect(page.getByText("Embedding code copied to clipboard!")).toBeVisible();
  await shot(page, "11-share-embed");

  await modal.getByRole("tab", { name: "Send e-mail" }).click();
  await modal.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Successfully shared survey")).toBeVisible();
  await expect(modal).toHaveCount(0);

  // Delete → the list.
  await page.getByRole("button", { name: "Delete survey" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Successfully deleted survey")).toBeVisible();
  await expect(page).toHaveURL(/\/demo\/surveys$/);
  await expect(page.getByText("No surveys yet")).toBeVisible();
  await shot(page, "12-survey-list-after-delete");
});

test("a phone-sized screen shows the builder in one column", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto("/demo/surveys/new");
  await expect(page.getByRole("textbox", { name: "Survey name" })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await shot(page, "13-builder-phone");
});

test("a reader of surveys sees them without the write actions", async ({ page, request }) => {
  const headers = await signInThroughApi(request);
  const post = async <T>(path: string, data: unknown) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
    return (await response.json()) as T;
  };
  const group = await post<{ id: number }>("/groups", { name: "Survey readers", iamPermissions: ["repox.surveys.show"] });
  await post("/users", { username: "survey-reader", email: "reader@example.org", password: "Reader-password-1", groups: [group.id] });
  const survey = await post<{ uuid: string }>("/addons/srv/surveys", { label: "Read-only survey", sections: [], questions: [] });
  const expired = await post<{ uuid: string }>("/addons/srv/surveys", {
    label: "Expired survey",
    locked: false,
    closeAt: "2020-01-01T10:00:00",
  });
  const nextYear = new Date().getUTCFullYear() + 1;
  await post("/addons/srv/surveys", { label: "Future survey", locked: false, openAt: `${nextYear}-03-01T09:00:00`, closeAt: null });

  await signIn(page, { username: "survey-reader", password: "Reader-password-1" });
  await page.goto("/demo/surveys");
  await expect(page.getByRole("link", { name: "Read-only survey" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add new survey" })).toHaveCount(0);
  const expiredCard = page.getByRole("link", { name: "Expired survey" });
  await expect(expiredCard.getByText("CLOSED", { exact: true })).toBeVisible();
  await expect(expiredCard.getByText("Expired", { exact: true })).toBeVisible();
  await expect(expiredCard.getByText(/^Closes at/)).toHaveCount(0);
  const futureCard = page.getByRole("link", { name: "Future survey" });
  await expect(futureCard.getByText("OPEN", { exact: true })).toBeVisible();
  await expect(futureCard.getByText(new RegExp(`^Opens at 01/03/${nextYear}, \\d{1,2}:00 (am|pm)$`))).toBeVisible();
  await shot(page, "14-reader-survey-list");
  await page.goto(`/demo/surveys/edit/${expired.uuid}`);
  await expect(page.getByText(/^This survey closed at 01\/01\/2020, /)).toBeVisible();
  await page.goto("/demo/surveys");
  await page.getByRole("link", { name: "Read-only survey" }).click();
  await expect(page).toHaveURL(new RegExp(`/demo/surveys/edit/${survey.uuid}$`));
  await expect(page.getByRole("heading", { name: "Read-only survey", level: 2 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete survey" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Survey details" })).toHaveCount(0);
  await page.getByRole("button", { name: "Share" }).click();
  const modal = page.getByRole("dialog", { name: "Share Survey" });
  await expect(modal.getByRole("tab", { name: "Send e-mail" })).toHaveCount(0);
  await expect(modal.getByRole("textbox", { name: "Survey link" })).toHaveValue(new RegExp(`/demo/survey/${survey.uuid}`));
  await shot(page, "15-reader-share-link");
  await page.goto("/demo/surveys/new");
  await expect(page.getByText("You do not have access to this page")).toBeVisible();
});
