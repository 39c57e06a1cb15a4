// The Share modal's rules (spec 3 §5 Share by e-mail, §9 embed): which recipients are e-mail addresses, when Send is
// enabled, and the embed code.
import { defaultEmbedHeight, SURVEY_EMAIL_PATTERN, SURVEY_LIMITS } from "@repox/contracts";

export const isEmailAddress = (value: string) => SURVEY_EMAIL_PATTERN.test(value.trim());

export function invalidRecipients(recipients: string[]): string[] {
  return recipients.filter((recipient) => !isEmailAddress(recipient));
}

/** Send: at least one recipient, all of them e-mail addresses, a subject and a message. */
export function canSend({ recipients, subject, message }: { recipients: string[]; subject: string; message: string }): boolean {
  return (
    recipients.length > 0 &&
    recipients.length <= SURVEY_LIMITS.shareRecipientsMax &&
    invalidRecipients(recipients).length === 0 &&
    subject.trim() !== "" &&
    message.trim() !== ""
  );
}

export const initialEmbedSize = (questionCount: number) => ({
  width: SURVEY_LIMITS.embedMinWidth,
  height: Math.max(SURVEY_LIMITS.embedMinHeight, defaultEmbedHeight(questionCount)),
});

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** The iframe another site pastes: the public link with `embedded=true`. */
export function embedCode(link: string, title: string, width: number, height: number): string {
  const url = new URL(link);
  url.searchParams.set("embedded", "true");
  return `<iframe src="${escapeAttribute(url.toString())}" title="${escapeAttribute(title)}" width="${width}" height="${height}" style="border:0;max-width:100%"></iframe>`;
}
