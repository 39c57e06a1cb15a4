// The survey editor's Responses area and Activity tab (spec 3 §2, §8, §9): responses given through the public API are
// summarised (counts per option, grid and scale, 10 latest texts then 'View more'), walked one by one with the pager
// (first, previous, next, last, number; a delete moves one back), listed with the contact search and `page`, opened
// under the 'Responses' › 'View response' breadcrumb and deleted, a respondent added to the contacts, exported as an
// xlsx read back with exceljs, all deleted at once; the Summary reloads when the tab becomes visible; the Activity
// timeline tells what happened.
import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect as baseExpect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signInThroughApi } from "./containers-model.ts";
import { shot, signIn } from "./pages.ts";

// Two cores shared with other builds: pages may take longer than the default 5 s to settle.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: "serial" });

const LABEL = "Harbour survey";
const RESPONSES = 25;
const SPECIAL = 7;
const LONG_OPTION = "A rather long option label here";
let surveyUuid: string;
let headers: Record<string, string>;

const questions = [
  {
    id: "q-colour",
    title: "Favourite colour",
    type: "MULTIPLE_CHOICE",
    details: { options: ["Red", "Blue", LONG_OPTION], hasOtherOption: true },
  },
  { id: "q-tools", title: "Tools you use", type: "CHECKBOXES", details: { options: ["Hammer", "Saw"] } },
  {
    id: "q-drinks",
    title: "Drinks",
    type: "MULTIPLE_CHOICE_GRID",
    details: {
      rows: [
        { id: "r1", value: "Morning" },
        { id: "r2", value: "Evening" },
      ],
      columns: [
        { id: "c1", value: "Tea" },
        { id: "c2", value: "Coffee" },
      ],
    },
  },
  { id: "q-scale", title: "How calm was the sea?", type: "LINEAR_SCALE", details: { from: 1, to: 5, fromLabel: "Rough", toLabel: "Calm" } },
  { id: "q-comment", title: "Any comment?", type: "SHORT_ANSWER", details: {} },
  { id: "q-date", title: "Day of the visit", type: "DATE", details: {} },
];

const lastName = (i: number) => (i === SPECIAL ? "Papadopoulou" : `Last${i}`);

function answersOf(i: number) {
  const colour =
    i % 3 === 0 ? { answers: ["Red"], other: "" } : i % 3 === 1 ? { answers: ["Blue"], other: "" } : { answers: [], other: `Green ${i}` };
  return [
    { id: "q-colour", value: colour },
    { id: "q-tools", value: { answers: i % 2 === 0 ? ["Hammer", "Saw"] : ["Saw"], other: "" } },
    {
      id: "q-drinks",
      value: [
        { rowId: "r1", columnIds: [i < 10 ? "c1" : "c2"] },
        { rowId: "r2", columnIds: ["c2"] },
      ],
    },
    { id: "q-scale", value: (i % 5) + 1 },
    { id: "q-comment", value: `Comment number ${i}` },
    { id: "q-date", value: `2026-11-${String((i % 28) + 1).padStart(2, "0")}` },
  ];
}

async function respond(request: APIRequestContext, i: number) {
  const response = await request.post(`/api/addons/srv/public/${surveyUuid}/responses`, {
    headers: { "X-TenantID": "demo", "Idempotency-Key": `sr-e2e-${i}-${Date.now()}` },
    data: {
      email: `resp${i}@example.org`,
      firstName: `First${i}`,
      lastName: lastName(i),
      organization: "Harbour Office",
      answers: answersOf(i),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.beforeAll(async ({ request }) => {
  headers = await signInThroughApi(request);
  const created = await request.post("/api/addons/srv/surveys", {
    headers,
    data: {
      label: LABEL,
      surveyType: "USER_DETAILS",
      locked: false,
      sections: [{ id: "s1", title: "The visit", description: "", questions: questions.map((question) => question.id) }],
      questions: questions.map((question) => ({ description: "", required: false, ...question })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  surveyUuid = ((await created.json()) as { uuid: string }).uuid;
  for (let i = 0; i < RESPONSES; i++) await respond(request, i);
});

const responsesUrl = (view: string) => `/demo/surveys/edit/${surveyUuid}/responses/${view}`;
const questionCard = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });
const pagerInput = (page: Page) => page.getByRole("textbox", { name: "Response number" });

test("summarises every question and shows more answers on 'View more'", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/surveys/edit/${surveyUuid}/responses`);
  // The default view is the summary.
  await expect(page.getByRole("tab", { name: "Summary" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("survey-response-count")).toHaveText("25 responses");
  // The tab's count badge shows both digits, not a circle cutting them.
  const badge = page.getByRole("tab", { name: /Responses/ }).locator(".mantine-Badge-root");
  await expect(badge).toHaveText("25");
  expect(await badge.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  const colour = questionCard(page, "Favourite colour");
  await expect(colour.getByText("25 answers")).toBeVisible();
  await expect(colour.getByRole("list", { name: "Answers to Favourite colour" }).getByRole("listitem")).toHaveText([
    /Red\s*9/,
    /Blue\s*8/,
    new RegExp(`${LONG_OPTION}\\s*0`),
    /Other\s*8/,
  ]);
  await expect(colour.locator(".recharts-pie")).toBeVisible();
  await expect(colour.getByText("Green 2", { exact: true })).toBeVisible();

  const tools = questionCard(page, "Tools you use");
  await expect(tools.getByRole("list", { name: "Answers to Tools you use" }).getByRole("listitem")).toHaveText([/Hammer\s*13/, /Saw\s*25/]);
  await expect(tools.locator(".recharts-bar-rectangle").first()).toBeVisible();

  const drinks = questionCard(page, "Drinks").getByRole("table");
  await expect(drinks.getByRole("row", { name: /Morning/ }).getByRole("cell")).toHaveText(["10", "15"]);
  await expect(drinks.getByRole("row", { name: /Evening/ }).getByRole("cell")).toHaveText(["0", "25"]);

  const scale = questionCard(page, "How calm was the sea?");
  // One bar per value of the scale (5 answers each), the ends named by their labels.
  await expect(scale.locator(".recharts-bar-rectangle")).toHaveCount(5);
  await expect(scale.getByText("1: Rough")).toBeVisible();
  await expect(scale.getByText("5: Calm")).toBeVisible();

  const comments = questionCard(page, "Any comment?");
  await expect(comments.getByRole("listitem")).toHaveCount(10);
  await expect(comments.getByRole("listitem").first()).toHaveText("Comment number 24");
  await shot(page, "survey-responses-summary");
  await comments.getByRole("button", { name: "View more" }).click();
  await expect(comments.getByRole("listitem")).toHaveCount(RESPONSES);
  await expect(comments.getByRole("listitem").last()).toHaveText("Comment number 0");
  await expect(comments.getByRole("button", { name: "View more" })).toHaveCount(0);
});

test("walks the responses with the pager and moves one back after a delete", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/surveys/edit/${surveyUuid}/responses`);
  await page.getByRole("tab", { name: "Individual" }).click();
  await expect(page).toHaveURL(/\/responses\/individual/);
  const pager = page.getByTestId("response-pager");
  await expect(pager.getByText("of 25")).toBeVisible();
  await expect(pagerInput(page)).toHaveValue("1");
  await expect(pager.getByRole("button", { name: "First response" })).toBeDisabled();
  await expect(pager.getByRole("button", { name: "Previous response" })).toBeDisabled();

  const respondent = page.getByTestId("respondent");
  await pager.getByRole("button", { name: "Last response" }).click();
  await expect(pagerInput(page)).toHaveValue("25");
  await expect(pager.getByRole("button", { name: "Next response" })).toBeDisabled();
  await pager.getByRole("button", { name: "Previous response" }).click();
  await expect(pagerInput(page)).toHaveValue("24");
  await pager.getByRole("button", { name: "First response" }).click();
  await expect(pagerInput(page)).toHaveValue("1");
  await pager.getByRole("button", { name: "Next response" }).click();
  await expect(pagerInput(page)).toHaveValue("2");
  await pagerInput(page).fill("4");
  await expect(page).toHaveURL(/\/responses\/individual\/[0-9a-f-]{36}$/);
  await expect(pagerInput(page)).toHaveValue("4");
  await expect(respondent).toContainText("Harbour Office");
  const fourth = (await respondent.textContent()) ?? "";
  await pagerInput(page).fill("5");
  await expect(respondent).not.toHaveText(fourth);
  const fifth = (await respondent.textContent()) ?? "";

  // The answers as given: the snapshot's options with the chosen ones checked, the grid, the scale, the texts.
  const answers = page.getByTestId("response-answers");
  await expect(answers.getByRole("region", { name: "Drinks" }).getByTestId("answer-grid")).toBeVisible();
  await expect(answers.getByRole("region", { name: "How calm was the sea?" }).getByRole("radio", { checked: true })).toHaveCount(1);
  await expect(answers.getByRole("region", { name: "Tools you use" }).getByRole("checkbox", { name: "Saw" })).toBeChecked();
  await expect(answers.getByRole("region", { name: "Any comment?" }).getByTestId("answer-text")).toHaveText(/^Comment number \d+$/);
  // Spec 3 §9: a date answer reads DD/MM/YYYY, as in the summary.
  await expect(answers.getByRole("region", { name: "Day of the visit" }).getByTestId("answer-text")).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await shot(page, "survey-responses-individual");

  await page.getByRole("button", { name: "Delete response" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete response" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Successfully deleted")).toBeVisible();
  await expect(pager.getByText("of 24")).toBeVisible();
  await expect(pagerInput(page)).toHaveValue("4");
  await expect(respondent).toHaveText(fourth);
  expect(fourth).not.toEqual(fifth);
});

test("lists, searches, opens and deletes a response, and adds a respondent to the contacts", async ({ page, request }) => {
  await signIn(page);
  await page.goto(responsesUrl("list"));
  const table = page.getByTestId("response-table");
  await expect(table.locator("tbody tr")).toHaveCount(20);
  await expect(page.getByText("24 in total")).toBeVisible();
  await page.getByRole("button", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/\/responses\/list\?page=2$/);
  await expect(table.locator("tbody tr")).toHaveCount(4);
  await page.goto(`${responsesUrl("list")}?page=2`);
  await expect(table.locator("tbody tr")).toHaveCount(4);

  // Three characters do not search yet; four do, 800 ms after the last key.
  const search = page.getByRole("textbox", { name: "Search contacts" });
  await search.fill("Pap");
  await page.waitForTimeout(1000);
  await expect(table.locator("tbody tr")).toHaveCount(4);
  await search.fill("papadopoulou");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(page).not.toHaveURL(/page=/);
  await shot(page, "survey-responses-list");

  await table.locator("tbody tr").first().click();
  await expect(page).toHaveURL(/\/responses\/list\/[0-9a-f-]{36}$/);
  const breadcrumb = page.getByTestId("response-breadcrumb");
  await expect(breadcrumb).toContainText("Responses");
  await expect(breadcrumb).toContainText(`View response (resp${SPECIAL}@example.org)`);
  await expect(page.getByTestId("respondent")).toContainText(`First${SPECIAL} Papadopoulou`);
  await shot(page, "survey-responses-single");
  await page.getByRole("button", { name: "Delete response" }).click();
  await page.getByRole("dialog", { name: "Delete response" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/responses\/list$/);
  await expect(page.getByText("23 in total")).toBeVisible();
  await page.getByRole("textbox", { name: "Search contacts" }).fill("papadopoulou");
  await expect(page.getByText("No matching results")).toBeVisible();
  await page.getByRole("textbox", { name: "Search contacts" }).fill("");
  await expect(table.locator("tbody tr")).toHaveCount(20);

  await page.getByRole("button", { name: "Add resp22@example.org to contacts" }).click();
  const dialog = page.getByRole("dialog", { name: "New contact" });
  await expect(dialog.getByRole("textbox", { name: "First name" })).toHaveValue("First22");
  await expect(dialog.getByRole("textbox", { name: "Email" })).toHaveValue("resp22@example.org");
  await shot(page, "survey-responses-add-contact");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully added new contact")).toBeVisible();
  await expect(dialog).toBeHidden();
  const contacts = await request.get("/api/addons/srv/contacts", { headers, params: { q: "resp22@example.org" } });
  expect(((await contacts.json()) as { totalElements: number }).totalElements).toBe(1);
});

test("exports the responses as an xlsx and reloads the summary when the tab becomes visible", async ({ page, request }) => {
  await signIn(page);
  await page.goto(responsesUrl("summary"));
  await expect(page.getByTestId("survey-response-count")).toHaveText("23 responses");

  // A slow connection keeps the progress on screen long enough to be seen: the bytes received, and a way to cancel.
  const network = await page.context().newCDPSession(page);
  await network.send("Network.enable");
  await network.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: 2048, uploadThroughput: -1 });
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const progress = page.getByTestId("export-progress");
  await expect(progress.getByText(/^[\d.,]+ (bytes?|kB) downloaded$/)).toBeVisible();
  await expect(progress.getByRole("progressbar", { name: "Downloading the responses" })).toBeVisible();
  await expect(progress.getByRole("button", { name: "Cancel the download" })).toBeVisible();
  await shot(page, "survey-responses-export-progress");
  await network.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${LABEL}-responses.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  expect(sheet?.actualRowCount).toBe(23 + 1);
  const cells = (sheet?.getSheetValues() ?? []).flatMap((row) => (Array.isArray(row) ? row.map(String) : []));
  expect(cells).toContain("Favourite colour");
  expect(cells).toContain("resp1@example.org");
  expect(cells).not.toContain(`resp${SPECIAL}@example.org`);
  await expect(page.getByRole("button", { name: "Export" })).toBeVisible();

  // A response arrives while the user looks elsewhere; coming back to the tab reloads the summary.
  await respond(request, 99);
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(page.getByTestId("survey-response-count")).toHaveText("24 responses");
});

test("deletes all responses after confirmation and tells it in the activity timeline", async ({ page }) => {
  await signIn(page);
  await page.goto(responsesUrl("summary"));
  await expect(page.getByTestId("survey-response-count")).toHaveText("24 responses");
  // The connection drops under the delete: the spec's message, and nothing is lost.
  const deleteAllCall = `**/api/addons/srv/surveys/${surveyUuid}/responses`;
  await page.route(deleteAllCall, (route) => (route.request().method() === "DELETE" ? route.abort("connectionreset") : route.continue()));
  await page.getByRole("button", { name: "Delete all responses" }).click();
  await page.getByRole("dialog", { name: "Delete all responses" }).getByRole("button", { name: "Delete all responses" }).click();
  await expect(page.getByText("An error occurred deleting responses")).toBeVisible();
  await page.unroute(deleteAllCall);
  await expect(page.getByTestId("survey-response-count")).toHaveText("24 responses");

  await page.getByRole("button", { name: "Delete all responses" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete all responses" });
  await expect(dialog).toContainText("Are you sure you want to delete all responses");
  await dialog.getByRole("button", { name: "Delete all responses" }).click();
  await expect(page.getByText("Successfully deleted all responses")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/surveys/edit/${surveyUuid}$`));

  await page.getByRole("tab", { name: /Responses/ }).click();
  await expect(page.getByTestId("survey-response-count")).toHaveText("0 responses");
  await page.getByRole("tab", { name: "Individual" }).click();
  await expect(page.getByText("No responses yet")).toBeVisible();

  await page.getByRole("tab", { name: "Activity" }).click();
  await expect(page).toHaveURL(/\/activity$/);
  const timeline = page.getByTestId("activity-timeline");
  await expect(timeline).toContainText("Deleted all responses (24 responses)");
  await expect(timeline).toContainText("Deleted a response");
  await expect(timeline).toContainText(`Created the survey '${LABEL}'`);
  await expect(timeline.getByText("Deleted all responses (24 responses)")).toBeVisible();
  // Spec 3 §9: survey dates are written DD/MM/YYYY, h:mm a.
  await expect(timeline.getByTestId("activity-date").first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} (am|pm)$/);
  await shot(page, "survey-activity");
});

test("pages the activity timeline, newest first", async ({ page, request }) => {
  // Twenty more changes push the first entries to the second page (20 a page).
  const read = await request.get(`/api/addons/srv/surveys/${surveyUuid}`, { headers });
  const survey = (await read.json()) as Record<string, unknown>;
  const body = Object.fromEntries(
    [
      "label",
      "description",
      "surveyType",
      "openAt",
      "closeAt",
      "locked",
      "lockedMessage",
      "submissionMessage",
      "sections",
      "questions",
    ].map((key) => [key, survey[key]]),
  );
  for (let i = 1; i <= 20; i++) {
    const updated = await request.put(`/api/addons/srv/surveys/${surveyUuid}`, {
      headers,
      data: { ...body, description: `Revision ${i}` },
    });
    expect(updated.status(), await updated.text()).toBe(200);
  }
  await signIn(page);
  await page.goto(`/demo/surveys/edit/${surveyUuid}/activity`);
  const timeline = page.getByTestId("activity-timeline");
  await expect(timeline.locator(".mantine-Timeline-item")).toHaveCount(20);
  await expect(timeline).not.toContainText(`Created the survey '${LABEL}'`);
  await page.getByRole("button", { name: "2", exact: true }).click();
  await expect(timeline).toContainText(`Created the survey '${LABEL}'`);
  await expect(timeline).toContainText("Deleted all responses (24 responses)");
  await shot(page, "survey-activity-page-2");
});

test("tells the activity in the reader's language once Spanish is chosen", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/surveys/edit/${surveyUuid}/activity`);
  const timeline = page.getByTestId("activity-timeline");
  await expect(timeline).toContainText("Changed the description");
  await page.getByRole("button", { name: "Language", exact: true }).click();
  await page.getByRole("menuitem", { name: /^Spanish/ }).click();
  // Names and counts stay as they were given; the sentences around them are Spanish.
  await expect(timeline).toContainText("Cambió la descripción");
  await expect(timeline).not.toContainText("Changed the description");
  await page.getByRole("button", { name: "2", exact: true }).click();
  await expect(timeline).toContainText(`Creó la encuesta '${LABEL}'`);
  await expect(timeline).toContainText("Eliminó todas las respuestas (24 respuestas)");
  await expect(timeline).toContainText("Eliminó una respuesta");
  await shot(page, "survey-activity-spanish");
});
