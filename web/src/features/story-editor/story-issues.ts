// The first problem of a story the editor would send, as the server would name it (storyDetails.screen.slides[3]
// .elements[2].width must be at least 100), so a save that cannot pass says why before it is sent.
import type { z } from "zod";

export function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, part) => (typeof part === "number" ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    "",
  );
}

export function firstIssueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return error.message;
  const path = issuePath(issue.path);
  return path ? `${path} ${issue.message}` : issue.message;
}
