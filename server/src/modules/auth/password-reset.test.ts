import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { type MailSink, type ReceivedMail, startMailSink } from "../../test/mail-sink.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";

const INVALID_LINK = /invalid, already used or expired/;

describe("password reset by e-mail (SMTP)", () => {
  let sink: MailSink;
  let t: TestApp;
  let tenant: TestTenant;

  beforeAll(async () => {
    sink = await startMailSink();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: "http://repox.test" });
    tenant = await t.newTenant();
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const forgot = (email: string, at: TestTenant = tenant) => at.anonymous.request("POST", "/api/auth/forgot-password", { email });
  const reset = (token: string, password: string, at: TestTenant = tenant) =>
    at.anonymous.request("POST", "/api/auth/reset-password", { token, password });

  function tokenFrom(mail: ReceivedMail): string {
    const link = mail.text.match(/http:\/\/repox\.test\/([a-z0-9-]+)\/reset-password\?token=([\w-]+)/);
    expect(link?.[1]).toBe(tenant.code);
    return link?.[2] ?? "";
  }

  async function mailedToken(email: string): Promise<string> {
    expect((await forgot(email)).statusCode).toBe(200);
    return tokenFrom(await sink.nextMailTo(email));
  }

  it("answers the same for a known and an unknown address, and mails only the known one", async () => {
    await tenant.newUser({ username: "rita" });
    const unknown = await forgot("nobody@example.org");
    const known = await forgot("rita@example.org");
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toMatch(/if an account uses that e-mail address/i);

    const mail = await sink.nextMailTo("rita@example.org");
    expect(mail.subject).toContain(`Tenant ${tenant.code}`);
    tokenFrom(mail);
    await t.services.mailer.idle();
    expect(sink.received.flatMap((m) => m.to)).not.toContain("nobody@example.org");
    const outbox = await inTenant(t.db, tenant.id, (trx) => trx.selectFrom("mail_outbox").select(["recipient", "status"]).execute());
    expect(outbox).toEqual([{ recipient: "rita@example.org", status: "sent" }]);
  });

  it("changes the password with the mailed link, and the link works only once", async () => {
    await tenant.newUser({ username: "sam", password: "Sam-old-password-1" });
    const token = await mailedToken("sam@example.org");

    const tooShort = await reset(token, "short");
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toContain("password");

    const done = await reset(token, "Sam-new-password-1");
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toMatch(/password has been changed/i);
    expect((await tenant.login("sam", "Sam-new-password-1")).statusCode).toBe(200);
    expect((await tenant.login("sam", "Sam-old-password-1")).statusCode).toBe(401);

    const again = await reset(token, "Sam-other-password-1");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ status: 400, error: "Bad Request" });
    expect(again.json().message).toMatch(INVALID_LINK);
    expect((await tenant.login("sam", "Sam-new-password-1")).statusCode).toBe(200);
  });

  it("once one link is used, the other links mailed to the same user stop working", async () => {
    await tenant.newUser({ username: "vic", password: "Vic-password-1" });
    const first = await mailedToken("vic@example.org");
    const second = await mailedToken("vic@example.org");
    expect(second).not.toBe(first);
    expect((await reset(second, "Vic-new-password-1")).statusCode).toBe(200);
    const stale = await reset(first, "Vic-other-password-1");
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(INVALID_LINK);
    expect((await tenant.login("vic", "Vic-new-password-1")).statusCode).toBe(200);
  });

  it("refuses an expired link and leaves the password alone", async () => {
    await tenant.newUser({ username: "tom", password: "Tom-password-1" });
    const token = await mailedToken("tom@example.org");
    await inTenant(t.db, tenant.id, (trx) => sql`update password_resets set expires_at = now() - interval '1 minute'`.execute(trx));

    const answer = await reset(token, "Tom-new-password-1");
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(INVALID_LINK);
    expect((await tenant.login("tom", "Tom-password-1")).statusCode).toBe(200);
  });

  it("refuses a made-up token", async () => {
    const answer = await reset("made-up-token", "Whatever-password-1");
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(INVALID_LINK);
  });

  it("keeps links and addresses inside their tenant", async () => {
    const other = await t.newTenant();
    await tenant.newUser({ username: "una", password: "Una-password-1" });
    const token = await mailedToken("una@example.org");

    const elsewhere = await reset(token, "Una-new-password-1", other);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toMatch(INVALID_LINK);
    expect((await reset(token, "Una-new-password-1")).statusCode).toBe(200);

    expect((await forgot("una@example.org", other)).statusCode).toBe(200);
    await t.services.mailer.idle();
    expect(sink.received.filter((m) => m.to.includes("una@example.org"))).toHaveLength(1);
  });
});

describe("password reset without SMTP_URL", () => {
  let t: TestApp;
  let tenant: TestTenant;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await t.newTenant();
  });
  afterAll(() => t.close());

  it("records the message in the outbox as 'logged', with a link that works", async () => {
    await tenant.newUser({ username: "olga", password: "Olga-password-1" });
    expect((await tenant.anonymous.request("POST", "/api/auth/forgot-password", { email: "olga@example.org" })).statusCode).toBe(200);
    await t.services.mailer.idle();

    const outbox = await inTenant(t.db, tenant.id, (trx) =>
      trx.selectFrom("mail_outbox").select(["recipient", "status", "body"]).execute(),
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ recipient: "olga@example.org", status: "logged" });
    const token = outbox[0]?.body.match(new RegExp(`/${tenant.code}/reset-password\\?token=([\\w-]+)`))?.[1] ?? "";
    expect(token).not.toBe("");

    const reset = await tenant.anonymous.request("POST", "/api/auth/reset-password", { token, password: "Olga-new-password-1" });
    expect(reset.statusCode).toBe(200);
    expect((await tenant.login("olga", "Olga-new-password-1")).statusCode).toBe(200);
  });
});
