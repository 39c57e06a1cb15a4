// A real SMTP server on 127.0.0.1 for tests: it accepts every message and keeps it, decoded, for assertions.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; subject: string; text: string };

export type MailSink = {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the oldest message to `address` not returned before, waiting for it if none has come yet. */
  nextMailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Splits a single-part RFC 5322 message (what nodemailer sends for a text mail) into subject and decoded text. */
function parseMessage(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { to, subject: header("Subject"), text: text.replace(/\r\n/g, "\n") };
}

export async function startMailSink(): Promise<MailSink> {
  const received: ReceivedMail[] = [];
  const claimed = new Set<ReceivedMail>();
  const waiting: { address: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = parseMessage(
          Buffer.concat(chunks).toString("latin1"),
          session.envelope.rcptTo.map((r) => r.address),
        );
        received.push(mail);
        const waiter = waiting.find((w) => mail.to.includes(w.address));
        if (waiter) {
          waiting.splice(waiting.indexOf(waiter), 1);
          claimed.add(mail);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    nextMailTo(address, timeoutMs = 10_000) {
      const already = received.find((mail) => mail.to.includes(address) && !claimed.has(mail));
      if (already) {
        claimed.add(already);
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No mail to ${address} within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({
          address,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
