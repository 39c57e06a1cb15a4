// The public survey page and summary (spec 3 §2, §4, §5; issue 12 'Beyond the spec'): surveys made through the API,
// then answered without sign-in in fresh browser contexts — every question type over two sections with a reload
// mid-way, inside an iframe of a page from another origin, with the network cut at submit (exactly one response
// stored), along a branch that skips a section — a closed survey's message, and the public summary's charts.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { signInThroughApi } from "./containers-model.ts";
import { shot } from "./pages.ts";

test.describe.configure({ mode: "serial" });

const TENANT = "demo";
type Headers = Record<string, string>;
let admin: Headers;
const surveys = { every: "", branch: "", offline: "", closed: "", details: "", signed: "" };

const q = (id: string, type: string, title: string, extra: Record<string, unknown> = {}) => ({ id, type, title, ...extra });

const EVERY_TYPE = {
  label: "Visitor survey",
  description: "Tell us about your visit.",
  surveyType: "EMAIL_ONLY",
  locked: false,
  submissionMessage: "Thank you, visitor!",
  sections: [
    {
      id: "about",
      title: "Your visit",
      description: "<p>The <strong>first</strong> part.</p>",
      questions: ["intro", "name", "story", "ticket", "extra", "liked", "mood"],
    },
    { id: "details", title: "The details", description: "", questions: ["rooms", "guides", "day", "hour", "score", "contact"] },
  ],
  questions: [
    q("intro", "LABEL", "About your visit", { description: "A few quick questions." }),
    q("name", "SHORT_ANSWER", "Your name", { required: true }),
    q("story", "PARAGRAPH", "What did you see?"),
    q("ticket", "DROPDOWN", "Ticket", { required: true, details: { options: ["Adult", "Child", "Senior"] } }),
    q("extra", "DROPDOWN", "Extra", { details: { options: ["Audio guide", "Map"] } }),
    q("liked", "CHECKBOXES", "What did you like? A rather long question title", {
      details: { options: ["Paintings and drawings of the old masters", "Sculpture", "Café"], hasOtherOption: true },
    }),
    q("mood", "MULTIPLE_CHOICE", "How do you feel?", { required: true, details: { options: ["Happy", "Tired"], hasOtherOption: true } }),
    q("rooms", "MULTIPLE_CHOICE_GRID", "Rate the rooms", {
      details: {
        rows: [
          { id: "r1", value: "North hall" },
          { id: "r2", value: "South hall" },
        ],
        columns: [
          { id: "c1", value: "Poor" },
          { id: "c2", value: "Fine" },
          { id: "c3", value: "Great" },
        ],
      },
    }),
    q("guides", "CHECKBOX_GRID", "Which guides, when?", {
      details: {
        rows: [
          { id: "g1", value: "Morning" },
          { id: "g2", value: "Evening" },
        ],
        columns: [
          { id: "k1", value: "Anna" },
          { id: "k2", value: "Bruno" },
        ],
      },
    }),
    q("day", "DATE", "Day of the visit"),
    q("hour", "TIME", "Arrival time"),
    q("score", "LINEAR_SCALE", "Would you come back?", {
      required: true,
      details: { from: 1, to: 5, fromLabel: "Never", toLabel: "Surely" },
    }),
    q("contact", "EMAIL", "Where can we write to you?"),
  ],
};

const BRANCHING = {
  label: "Branching survey",
  description: "",
  surveyType: "ANONYMOUS",
  locked: false,
  submissionMessage: "Thanks for taking the short way.",
  sections: [
    { id: "start", title: "Start", description: "", questions: ["way"] },
    { id: "middle", title: "Middle part", description: "", questions: ["middle-text"] },
    { id: "end", title: "Last part", description: "", questions: ["last-text"] },
  ],
  questions: [
    q("way", "MULTIPLE_CHOICE", "Which way?", {
      required: true,
      details: { options: ["Everything", "Skip the middle"], goTo: { "Skip the middle": "end" } },
    }),
    q("middle-text", "SHORT_ANSWER", "Only in the middle", { required: true }),
    q("last-text", "SHORT_ANSWER", "Last words", { required: true }),
  ],
};

const ONE_QUESTION = (label: string) => ({
  label,
  surveyType: "ANONYMOUS",
  locked: false,
  submissionMessage: `Got it: ${label}`,
  sections: [{ id: "only", title: "", description: "", questions: ["word"] }],
  questions: [q("word", "SHORT_ANSWER", "One word", { required: true })],
});

async function createSurvey(request: APIRequestContext, body: unknown): Promise<string> {
  const response = await request.post("/api/addons/srv/surveys", { headers: admin, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

async function responseCount(request: APIRequestContext, uuid: string): Promise<number> {
  const response = await request.get(`/api/addons/srv/surveys/${uuid}/responses`, { headers: admin });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { totalElements: number }).totalElements;
}

/** A respondent: a fresh browser context, never signed in. */
async function respondent(browser: Browser, options: { isMobile?: boolean } = {}) {
  const context = await browser.newContext(
    options.isMobile
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 900 } },
  );
  return { context, page: await context.newPage() };
}

const BODY_FIELDS = [
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
];
const pickBody = (survey: Record<string, unknown>) => Object.fromEntries(BODY_FIELDS.map((field) => [field, survey[field]]));

const surveyUrl = (uuid: string, query = "") => `/${TENANT}/survey/${uuid}${query}`;

test.beforeAll(async ({ request }) => {
  admin = await signInThroughApi(request);
  surveys.every = await createSurvey(request, EVERY_TYPE);
  surveys.branch = await createSurvey(request, BRANCHING);
  surveys.offline = await createSurvey(request, ONE_QUESTION("Offline survey"));
  surveys.closed = await createSurvey(request, { ...ONE_QUESTION("Closed survey"), closeAt: "2020-01-01T00:00:00" });
  surveys.details = await createSurvey(request, { ...ONE_QUESTION("Details survey"), surveyType: "USER_DETAILS" });
  surveys.signed = await createSurvey(request, { ...ONE_QUESTION("Signed survey"), surveyType: "SIGNED_URL" });
});

async function fillSectionOne(page: Page) {
  await page.getByLabel("E-mail").fill("visitor@example.org");
  await page.getByLabel("Your name").fill("Maria");
  await page.getByLabel("What did you see?").fill("Old paintings\nand a café");
  await expect(page.getByLabel("Ticket")).toHaveValue("Adult");
  await page.getByLabel("Ticket").selectOption("Senior");
  await expect(page.getByLabel("Extra").locator("option").first()).toHaveText("None");
  await page.getByLabel("Extra").selectOption("Map");
  await page.getByRole("checkbox", { name: "Sculpture" }).check();
  await page.getByRole("checkbox", { name: "Other" }).check();
  await page.getByLabel("Other answer").fill("The garden");
  await page.getByRole("radio", { name: "Happy" }).check();
}

test("a respondent answers every question type over two sections, and a reload keeps the answers", async ({ browser, request }) => {
  const { context, page } = await respondent(browser);
  await page.goto(surveyUrl(surveys.every));
  await expect(page.getByRole("heading", { name: "Visitor survey" })).toBeVisible();
  await expect(page.getByText("Section 1 of 2")).toBeVisible();
  await expect(page.getByRole("heading", { name: "About your visit" })).toBeVisible();
  const next = page.getByRole("button", { name: "Next" });
  await expect(next).toBeDisabled();

  // §5: the e-mail is checked on change and blur; required shows once touched.
  await page.getByLabel("E-mail").fill("not-an-address");
  await page.getByLabel("E-mail").blur();
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
  await page.getByLabel("Your name").fill("x");
  await page.getByLabel("Your name").fill("");
  await expect(page.getByText("This field is required")).toBeVisible();
  await fillSectionOne(page);
  await expect(next).toBeEnabled();
  await shot(page, "01-section-one");

  // A reload mid-way: the answers come back from the browser's store.
  await page.reload();
  await expect(page.getByTestId("survey-restored")).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Maria");
  await expect(page.getByLabel("Ticket")).toHaveValue("Senior");
  await expect(page.getByLabel("Other answer")).toHaveValue("The garden");
  await expect(page.getByRole("radio", { name: "Happy" })).toBeChecked();

  await next.click();
  await expect(page.getByText("Section 2 of 2")).toBeVisible();
  await expect(page.getByRole("heading", { name: "The details" })).toBeVisible();
  const submit = page.getByRole("button", { name: "Submit" });
  await expect(submit).toBeDisabled();
  await page.getByRole("radio", { name: "North hall: Great" }).check();
  await page.getByRole("radio", { name: "South hall: Fine" }).check();
  await page.getByRole("checkbox", { name: "Morning: Anna" }).check();
  await page.getByRole("checkbox", { name: "Morning: Bruno" }).check();
  await page.getByLabel("Day of the visit").fill("2026-11-20");
  await page.getByLabel("Arrival time").fill("10:30");
  await page.getByRole("radio", { name: "4" }).check();
  await expect(submit).toBeDisabled();
  await page.getByLabel("Where can we write to you?").fill("maria@example.org");
  await expect(submit).toBeEnabled();
  await shot(page, "02-section-two");

  // Back keeps what was answered.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel("Your name")).toHaveValue("Maria");
  await next.click();
  await submit.click();
  await expect(page.getByTestId("survey-message")).toContainText("Thank you, visitor!");
  await shot(page, "03-submitted");
  expect(await responseCount(request, surveys.every)).toBe(1);

  // Confirmed by the server, the draft is gone: the form opens empty again.
  await page.reload();
  await expect(page.getByLabel("Your name")).toHaveValue("");
  await expect(page.getByTestId("survey-restored")).toHaveCount(0);
  await context.close();
});

test("a phone shows the grid and the scale usable", async ({ browser }) => {
  const { context, page } = await respondent(browser, { isMobile: true });
  await page.goto(surveyUrl(surveys.every));
  await fillSectionOne(page);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("radio", { name: "South hall: Great" }).check();
  await expect(page.getByRole("radio", { name: "South hall: Great" })).toBeChecked();
  await shot(page, "04-phone-section-two");
  // Nothing wider than the phone except the grid's own scroller.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test("the survey answers inside an iframe of a page from another origin", async ({ browser, baseURL, request }) => {
  const embedUrl = `${baseURL}${surveyUrl(surveys.branch, "?embedded=true")}`;
  const host: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(
      `<!doctype html><html><body style="background:#fde9c9;font-family:sans-serif"><h1>Another site</h1>` +
        `<iframe title="Survey" src="${embedUrl}" width="640" height="700" style="border:0"></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  const hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
  try {
    const { context, page } = await respondent(browser);
    await page.goto(hostUrl);
    const frame = page.frameLocator('iframe[title="Survey"]');
    await expect(frame.getByRole("heading", { name: "Branching survey" })).toBeVisible();
    // No chrome inside the embed.
    await expect(frame.getByTestId("product-name")).toHaveCount(0);
    await frame.getByRole("radio", { name: "Everything" }).check();
    await frame.getByRole("button", { name: "Next" }).click();
    await frame.getByLabel("Only in the middle").fill("Framed");
    await frame.getByRole("button", { name: "Next" }).click();
    await frame.getByLabel("Last words").fill("From elsewhere");
    await shot(page, "05-embedded-form");
    await frame.getByRole("button", { name: "Submit" }).click();
    await expect(frame.getByTestId("survey-message")).toContainText("Thanks for taking the short way.");
    await shot(page, "06-embedded-submitted");
    expect(await responseCount(request, surveys.branch)).toBe(1);
    await context.close();
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }
});

test("a branch skips the middle section", async ({ browser, request }) => {
  const earlier = await responseCount(request, surveys.branch);
  const { context, page } = await respondent(browser);
  await page.goto(surveyUrl(surveys.branch));
  await expect(page.getByText("Section 1 of 3")).toBeVisible();
  // By keyboard: arrows move through the options, Tab reaches Next, Enter presses it.
  await page.getByRole("radio", { name: "Everything" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "Skip the middle" })).toBeChecked();
  await expect(page.getByText("Section 1 of 2")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Next" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Last part" })).toBeVisible();
  await expect(page.getByText("Section 2 of 2")).toBeVisible();
  await expect(page.getByLabel("Only in the middle")).toHaveCount(0);
  await page.getByLabel("Last words").fill("Short way");
  await shot(page, "07-branch-skipped-middle");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("heading", { name: "Start" })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("survey-message")).toContainText("Thanks for taking the short way.");
  expect(await responseCount(request, surveys.branch)).toBe(earlier + 1);
  await context.close();
});

test("with the network cut at submit the page retries with the same key, and one response is stored", async ({ browser, request }) => {
  const { context, page } = await respondent(browser);
  await page.goto(surveyUrl(surveys.offline));
  await page.getByLabel("One word").fill("Offline");
  const keys: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && sent.url().includes("/responses")) keys.push(sent.headers()["idempotency-key"] ?? "");
  });
  await context.setOffline(true);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("survey-retrying")).toBeVisible();
  await shot(page, "08-offline-retrying");
  expect(await responseCount(request, surveys.offline)).toBe(0);
  await context.setOffline(false);
  await expect(page.getByTestId("survey-message")).toContainText("Got it: Offline survey");
  expect(await responseCount(request, surveys.offline)).toBe(1);

  // The server stores the response but its answer never arrives: the retry with the same key stores nothing more.
  await page.goto(surveyUrl(surveys.offline));
  await page.getByLabel("One word").fill("Lost answer");
  let isFirst = true;
  await page.route("**/api/addons/srv/public/*/responses*", async (route) => {
    if (!isFirst) return route.continue();
    isFirst = false;
    await route.fetch();
    await route.abort("internetdisconnected");
  });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("survey-message")).toContainText("Got it: Offline survey");
  expect(await responseCount(request, surveys.offline)).toBe(2);
  const lastTwo = keys.slice(-2);
  expect(lastTwo[0]).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  expect(lastTwo[0]).toBe(lastTwo[1]);
  expect(new Set(keys).size).toBe(2);
  await context.close();
});

test("a reload while the submission waits for the network sends it once the connection returns", async ({ browser, request }) => {
  const earlier = await responseCount(request, surveys.offline);
  const { context, page } = await respondent(browser);
  await page.goto(surveyUrl(surveys.offline));
  await page.getByLabel("One word").fill("Reloaded");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("survey-retrying")).toBeVisible();
  // The page reloads before a retry got through: the pending submission in the browser's store is resent with its key.
  await page.route("**/api/addons/srv/public/*/responses*", (route) => route.abort("internetdisconnected"));
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId("survey-retrying")).toBeVisible();
  // 'Try again now' sends at once instead of waiting out the pause.
  let attempts = 0;
  page.on("request", (sent) => {
    if (sent.method() === "POST" && sent.url().includes("/responses")) attempts++;
  });
  const before = attempts;
  await page.getByRole("button", { name: "Try again now" }).click();
  await expect.poll(() => attempts).toBeGreaterThan(before);
  await page.unroute("**/api/addons/srv/public/*/responses*");
  // The next retry (at most a few seconds of backoff away) gets through.
  await expect(page.getByTestId("survey-message")).toContainText("Got it: Offline survey", { timeout: 20_000 });
  expect(await responseCount(request, surveys.offline)).toBe(earlier + 1);
  await context.close();
});

test("a full-details survey asks for the respondent, and a refusal at submit shows the server's message", async ({ browser, request }) => {
  const { context, page } = await respondent(browser);
  await page.goto(surveyUrl(surveys.details));
  const submit = page.getByRole("button", { name: "Submit" });
  await page.getByLabel("One word").fill("Details");
  await page.getByLabel("E-mail").fill("ana@example.org");
  await page.getByLabel("First name").fill("Ana");
  await page.getByLabel("Last name").fill("Petrović");
  await expect(submit).toBeDisabled();
  await page.getByLabel("Organization").fill("City Museum");
  await expect(submit).toBeEnabled();
  await shot(page, "09-user-details");

  // The survey stops taking answers while the page is open: Submit answers 403 with the locked message, as a toast.
  const survey = await request.get(`/api/addons/srv/surveys/${surveys.details}`, { headers: admin });
  const locked = await request.put(`/api/addons/srv/surveys/${surveys.details}`, {
    headers: admin,
    data: { ...pickBody(await survey.json()), locked: true, lockedMessage: "We are counting the answers." },
  });
  expect(locked.status(), await locked.text()).toBe(200);
  await submit.click();
  await expect(page.getByRole("alert").filter({ hasText: "We are counting the answers." })).toBeVisible();
  await expect(submit).toBeEnabled();
  await expect(page.getByLabel("First name")).toHaveValue("Ana");
  await shot(page, "10-refused-toast");
  expect(await responseCount(request, surveys.details)).toBe(0);
  await context.close();
});

test("a signed-link survey opens only with its link's token and takes the answer with it", async ({ browser, request }) => {
  const link = await request.get(`/api/addons/srv/surveys/${surveys.signed}/link`, { headers: admin });
  expect(link.status(), await link.text()).toBe(200);
  const { url } = (await link.json()) as { url: string };
  const { context, page } = await respondent(browser);
  await page.goto(surveyUrl(surveys.signed));
  await expect(page.getByTestId("survey-message")).toBeVisible();
  await expect(page.getByLabel("One word")).toHaveCount(0);
  const address = new URL(url);
  await page.goto(`${address.pathname}${address.search}`);
  await page.getByLabel("One word").fill("Signed");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("survey-message")).toContainText("Got it: Signed survey");
  expect(await responseCount(request, surveys.signed)).toBe(1);
  await context.close();
});

test("a closed survey shows its message instead of the form", async ({ browser }) => {
  const { context, page } = await respondent(browser);
  await page.goto(surveyUrl(surveys.closed));
  await expect(page.getByTestId("survey-message")).toHaveText("This survey is closed.");
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
  await shot(page, "11-closed");
  await context.close();
});

test("the public summary shows charts per question, grouped by section", async ({ browser }) => {
  const { context, page } = await respondent(browser);
  await page.goto(`/${TENANT}/survey/summary/${surveys.every}`);
  // The charts' code loads with the page: a busy machine may take a while on the first visit.
  await expect(page.getByRole("heading", { name: "Visitor survey" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("survey-response-count")).toHaveText("1 response");
  await expect(page.getByRole("heading", { name: "Your visit" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The details" })).toBeVisible();
  const liked = page.getByRole("region", { name: /What did you like/ });
  await expect(liked.locator(".recharts-surface").first()).toBeVisible();
  // The axis cuts the long option at 20 characters; the legend keeps it whole.
  await expect(liked.getByText("Paintings and drawings of the old masters")).toBeVisible();
  await expect(liked.locator(".recharts-cartesian-axis-tick-value", { hasText: "Paintings and drawi…" })).toHaveCount(1);
  await expect(page.getByRole("region", { name: "How do you feel?" }).locator(".recharts-surface").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Rate the rooms" }).getByRole("table")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your name" }).getByText("Maria")).toBeVisible();
  await expect(page.getByRole("region", { name: "About your visit" })).toHaveCount(0);
  // Spec 3 §9 formats; e-mail answers are counted but not listed publicly.
  await expect(page.getByRole("region", { name: "Day of the visit" }).getByText("20/11/2026")).toBeVisible();
  await expect(page.getByRole("region", { name: "Arrival time" }).getByText("10:30 am")).toBeVisible();
  await expect(page.getByRole("region", { name: "Where can we write to you?" })).toContainText("The answers are not shown here");
  await shot(page, "12-public-summary");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "13-public-summary-phone");
  await context.close();
});
