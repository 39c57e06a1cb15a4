// Recent, Starred, Trash, Storage, Reports and Tagged items: star a container and find it in Starred and Recent,
// remove containers and restore one from the trash into a chosen container, delete another for good, the storage page
// and bar, the reports' chart view kept over a reload, and a tag's items.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { signInThroughApi } from "./containers-model.ts";
import { shot, signIn } from "./pages.ts";

test.describe.configure({ mode: "serial" });

type Headers = Record<string, string>;
type Content = { starred: string; restored: string; target: string; deleted: string; tagId: number };

let headers: Headers;
let content: Content;

async function call<T>(request: APIRequestContext, method: "post" | "delete", path: string, data: unknown, status: number) {
  const response = await request[method](`/api${path}`, { headers, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
  return (await response.json().catch(() => null)) as T;
}

test.beforeAll(async ({ request }) => {
  headers = await signInThroughApi(request);
  await call(
    request,
    "post",
    "/container_types",
    { container: { code: "ls-folder", name: "LS Folder", allowedAtRoot: true }, properties: [] },
    201,
  );
  const container = async (label: string) =>
    (await call<{ uuid: string }>(request, "post", "/containers", { label, type: "ls-folder", properties: [] }, 201)).uuid;
  content = {
    starred: await container("LS Starred"),
    restored: await container("LS Restored"),
    target: await container("LS Target"),
    deleted: await container("LS Deleted"),
    tagId: (await call<{ id: number }>(request, "post", "/tags", { name: "LS Tag" }, 201)).id,
  };
  for (const uuid of [content.restored, content.deleted]) await call(request, "post", `/containers/${uuid}/remove`, undefined, 200);
  await call(request, "post", `/tags/${content.tagId}/add`, { objectId: content.starred, objectType: "CONTAINER" }, 200);
});

test("stars a container, finds it in Starred and Recent, and un-stars it", async ({ page, request }) => {
  await call(request, "post", "/tags/starred", { starred: true, objectId: content.starred, objectType: "CONTAINER" }, 200);
  await signIn(page);
  await page.goto("/demo/starred");
  await expect(page.getByRole("heading", { name: "Starred" })).toBeVisible();
  await expect(page.getByRole("link", { name: "LS Starred" })).toHaveAttribute("href", `/demo/containers/${content.starred}`);
  await shot(page, "01-starred");
  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.getByRole("columnheader", { name: "Creator" })).toBeVisible();

  await page.goto("/demo/recent");
  await expect(page.getByRole("heading", { name: "Recent" })).toBeVisible();
  await expect(page.getByRole("link", { name: "LS Starred" })).toBeVisible();
  await page.getByText("Datastreams", { exact: true }).click();
  await shot(page, "02-recent");

  await page.goto("/demo/starred");
  await page.getByRole("button", { name: "Remove from starred: LS Starred" }).click();
  await expect(page.getByText("LS Starred removed from starred")).toBeVisible();
  await expect(page.getByRole("link", { name: "LS Starred" })).toHaveCount(0);
});

test("restores an item from the trash into a chosen container and deletes another for good", async ({ page }) => {
  await signIn(page);
  await page.goto("/demo/trash");
  await expect(page.getByRole("columnheader", { name: "Deleted by" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "LS Restored" })).toBeVisible();
  await shot(page, "03-trash");

  await page.getByRole("button", { name: "Restore: LS Restored" }).click();
  const picker = page.getByRole("dialog");
  await picker.getByRole("button", { name: "LS Target", exact: true }).click();
  await picker.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.getByText("Successfully restored")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "LS Restored" })).toHaveCount(0);

  await page.getByRole("checkbox", { name: "Select LS Deleted" }).check();
  await page.getByRole("button", { name: "Delete selected" }).click();
  await expect(page.getByText("Are you sure to delete the selected items permanently? This action cannot be undone.")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Successfully deleted")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "LS Deleted" })).toHaveCount(0);

  await page.goto(`/demo/containers/${content.target}`);
  await expect(page.getByRole("option", { name: "LS Restored", exact: true })).toBeVisible();
});

test("shows storage, keeps the reports' chart view over a reload and lists a tag's items", async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId("storage-bar")).toContainText(/ used$/);
  await page.goto("/demo/storage");
  await expect(page.getByRole("heading", { name: "Storage" })).toBeVisible();
  await shot(page, "04-storage");

  await page.goto("/demo/reports");
  const containerTypes = page.getByLabel("Container Types", { exact: true });
  await expect(containerTypes).toHaveAttribute("data-view", "doughnut");
  await page.getByRole("button", { name: "Change view: Container Types" }).click();
  await expect(containerTypes).toHaveAttribute("data-view", "bar");
  await page.reload();
  await expect(page.getByLabel("Container Types", { exact: true })).toHaveAttribute("data-view", "bar");
  await expect(page.getByLabel("Datastream Types", { exact: true })).toHaveAttribute("data-view", "doughnut");
  await shot(page, "05-reports");

  await page.goto(`/demo/tagged/${content.tagId}`);
  await expect(page.getByRole("heading", { name: "Tagged (LS Tag)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "LS Starred" })).toBeVisible();
  await shot(page, "06-tagged");
});
