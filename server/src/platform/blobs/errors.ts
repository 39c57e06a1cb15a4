// Typed failures of the blob store; routes let the error handler turn them into {status, error, message}.
import { HttpError, NotFound, PayloadTooLarge } from "../errors.ts";

const UNITS = ["bytes", "KB", "MB", "GB", "TB", "PB"];

function describeBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

export class BlobTooLarge extends PayloadTooLarge {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the limit of ${describeBytes(maxBytes)}.`);
  }
}

/** The sender stopped (client disconnect, broken request body) before the file was complete. */
export class BlobUploadAborted extends HttpError {
  constructor(cause: unknown) {
    super(400, "Bad Request", "The upload was interrupted before the file was complete. Please try again.");
    this.cause = cause;
  }
}

export class BlobNotFound extends NotFound {
  constructor(readonly sha256: string) {
    super("The file content was not found in the store.");
  }
}

export class BlobRangeNotSatisfiable extends HttpError {
  /** @param size the blob's size when known (S3 reports a bad range without it) */
  constructor(readonly size?: number) {
    super(416, "Range Not Satisfiable", `The requested range is outside the file${size === undefined ? "" : ` (${size} bytes)`}.`);
  }
}

/** The store itself failed (S3 unreachable, disk error): not the caller's fault, worth a retry. */
export class BlobStoreUnavailable extends HttpError {
  constructor(cause: unknown) {
    super(503, "Service Unavailable", "The file store is not available right now. Please try again later.");
    this.cause = cause;
  }
}
