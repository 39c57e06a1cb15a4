// Outgoing e-mail. Every message is written to the tenant's outbox in the caller's transaction, then delivered
// after commit: over SMTP when SMTP_URL is set, otherwise written to the log (the default for a laptop install).

import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { TenantDb, Trx } from "./db/tenant-transaction.ts";
import { onFirstUse } from "./first-use.ts";
import * as repo from "./mail.repository.ts";

export type MailMessage = { to: string; subject: string; text: string };

export type Mailer = {
  /** Records the message in the outbox; returns its id for `deliver`. */
  enqueue(trx: Trx, tenantId: string, message: MailMessage): Promise<number>;
  /** Sends a recorded message; never rejects (failures are kept on the outbox row and logged). */
  deliver(db: TenantDb, id: number): Promise<void>;
  /** Resolves once every delivery under way has finished; shutdown waits for it before closing the database. */
  idle(): Promise<void>;
};

export function createMailer(options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl } = options;
  // nodemailer is imported at the first message (a server that sends none never loads it).
  const smtp: () => Promise<Transporter> = onFirstUse(() =>
    import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)),
  );
  const inFlight = new Set<Promise<void>>();

  async function deliverOne(db: TenantDb, id: number): Promise<void> {
    const message = await db.transaction((trx) => repo.findOutboxMessage(trx, id));
    if (!message) return;
    let status = "logged";
    let error: string | null = null;
    try {
      if (smtpUrl) {
        await (await smtp()).sendMail({ from: options.from, to: message.recipient, subject: message.subject, text: message.body });
        status = "sent";
      } else {
        options.log.info({ mail: { to: message.recipient, subject: message.subject }, body: message.body }, "mail (no SMTP_URL set)");
      }
    } catch (err) {
      status = "failed";
      error = err instanceof Error ? err.message : String(err);
      options.log.warn({ err, outboxId: id }, "mail delivery failed");
    }
    await db.transaction((trx) => repo.recordDelivery(trx, id, { status, error }));
  }

  return {
    enqueue(trx, tenantId, message) {
      return repo.insertOutboxMessage(trx, { tenant_id: tenantId, recipient: message.to, subject: message.subject, body: message.text });
    },
    deliver(db, id) {
      const delivery = deliverOne(db, id).catch((err: unknown) => {
        // The database itself failed (or closed) around the send: the row stays as it was, the request is unaffected.
        options.log.warn({ err, outboxId: id }, "mail outbox update failed");
      });
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
      return delivery;
    },
    async idle() {
      await Promise.all([...inFlight]);
    },
  };
}
