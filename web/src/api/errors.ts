// Turns a failed call into the message the UI shows verbatim (spec 1 §8).

export const NO_RESPONSE_MESSAGE = "Something went wrong.";

export class ApiError extends Error {
  /** HTTP status, or null when no response arrived at all. */
  readonly status: number | null;

  constructor(message: string, status: number | null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

/** The server's `message` when it sent a usable one, else the generic text naming the status. */
export function failureMessage(status: number, body: unknown): string {
  if (typeof body === "object" && body !== null && "message" in body) {
    const { message } = body;
    if (typeof message === "string" && message.trim() !== "") return message;
  }
  return `Something went wrong. Error code: ${status}.`;
}

/** The text to show for anything a call can throw. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : NO_RESPONSE_MESSAGE;
}
