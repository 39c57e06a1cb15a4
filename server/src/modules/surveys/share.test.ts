import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { type MailSink, startMailSink } from "../../test/mail-sink.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { fullAnswers, newSurvey, PUBLIC, SURVEYS } from "./testing.ts";

let sink: MailSink;
let t: TestApp;
let tenant: TestTenant;
const webDist = mkdtempSync(join(tmpdir(), "repox-web-"));

beforeAll(async () => {
  sink = await startMailSink();
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Repox</title>");
  t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: "https://surveys.example.org", WEB_DIST: webDist });
  tenant = await t.newTenant();
});
afterAll(async () => {
  await t.close();
  await sink.close();
  rmSync(webDist, { recursive: true, force: true });
});

const linkIn = (text: string) => {
  const match = text.match(/https:\/\/surveys\.example\.org\/(\S+)\/survey\/(\S+)\?t=(\S+)/);
  if (!match) throw new Error(`no survey link in: ${text}`);
  return { tenant: match[1], uuid: match[2], token: decodeURIComponent(match[3] ?? "") };
};

describe("sharing a survey by e-mail", () => {
  it("sends each recipient a personal link that opens the survey and answers once", async () => {
    const uuid = await newSurvey(tenant.admin, { surveyType: "SIGNED_URL" });
    const recipients = ["ann@example.org", "bob@example.org", "ANN@example.org"];
    const shared = await tenant.admin.request("POST", `${SURVEYS}/${uuid}/share`, {
      subject: "Tell us",
      message: "Please answer our survey.",
      toRecipients: recipients,
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual({ sent: 2 });

    const ann = await sink.nextMailTo("ann@example.org");
    const bob = await sink.nextMailTo("bob@example.org");
    expect(ann.subject).toBe("Tell us");
    expect(ann.text).toContain("Please answer our survey.");
    const annLink = linkIn(ann.text);
    const bobLink = linkIn(bob.text);
    expect(annLink).toMatchObject({ tenant: tenant.code, uuid });
    expect(annLink.token).not.toBe(bobLink.token);

    const opened = await tenant.anonymous.request("GET", `${PUBLIC}/${uuid}?t=${encodeURIComponent(annLink.token)}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().email).toBe("ann@example.org");
    const bobOpened = await tenant.anonymous.request("GET", `${PUBLIC}/${uuid}?t=${encodeURIComponent(bobLink.token)}`);
    expect(bobOpened.json().email).toBe("bob@example.org");

    const submit = () => tenant.anonymous.request("POST", `${PUBLIC}/${uuid}/responses`, { token: annLink.token, answers: fullAnswers() });
    expect((await submit()).statusCode).toBe(201);
    expect((await submit()).statusCode).toBe(409);

    const activity = (await tenant.admin.request("GET", `${SURVEYS}/${uuid}/activity`)).json().content;
    expect(activity[0]).toMatchObject({ action: "shared", description: "Shared with 2 recipients", params: { what: "shared", count: 2 } });
    await t.services.mailer.idle();
    const outbox = await inTenant(t.db, tenant.id, (trx) => trx.selectFrom("mail_outbox").select(["recipient", "status"]).execute());
    expect(
      outbox
        .filter((row) => row.status === "sent")
        .map((row) => row.recipient)
        .sort(),
    ).toEqual(["ann@example.org", "bob@example.org"]);
  });

  it("the share modal's link opens a SIGNED_URL survey", async () => {
    const uuid = await newSurvey(tenant.admin, { surveyType: "SIGNED_URL" });
    const link = (await tenant.admin.request("GET", `${SURVEYS}/${uuid}/link`)).json();
    expect(link.url).toBe(`https://surveys.example.org/${tenant.code}/survey/${uuid}?t=${encodeURIComponent(link.token)}`);
    const opened = await tenant.anonymous.request("GET", `${PUBLIC}/${uuid}?t=${encodeURIComponent(linkIn(link.url).token)}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().email).toBe("");
  });

  it("refuses bad recipients with 400 naming them, and sends nothing", async () => {
    const uuid = await newSurvey(tenant.admin);
    const before = sink.received.length;
    const bad = await tenant.admin.request("POST", `${SURVEYS}/${uuid}/share`, {
      subject: "S",
      message: "M",
      toRecipients: ["ok@example.org", "not an address", "also@bad"],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("toRecipients: not valid e-mail addresses: 'not an address', 'also@bad'");
    const empty = await tenant.admin.request("POST", `${SURVEYS}/${uuid}/share`, { subject: "S", message: "M", toRecipients: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/toRecipients/);
    const tooMany = await tenant.admin.request("POST", `${SURVEYS}/${uuid}/share`, {
      subject: "S",
      message: "M",
      toRecipients: Array.from({ length: 501 }, (_, i) => `p${i}@example.org`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/at most 500 recipients/);
    expect(sink.received.length).toBe(before);
  });
});

describe("the public survey page", () => {
  it("may be framed by other sites; other pages may not", async () => {
    const uuid = await newSurvey(tenant.admin);
    const page = await t.caller({}).request("GET", `/${tenant.code}/survey/${uuid}?embedded=true`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toMatch(/frame-ancestors \*/);
    expect(page.headers["x-frame-options"]).toBeUndefined();
    const other = await t.caller({}).request("GET", `/${tenant.code}/containers`);
    expect(other.headers["content-security-policy"]).toMatch(/frame-ancestors 'self'/);
    expect(other.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });
});
