// The project's typed errors. Services throw them; one handler (platform/http/error-handler.ts) shapes the JSON.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export class BadRequest extends HttpError {
  constructor(message: string) {
    super(400, "Bad Request", message);
  }
}
export class Unauthorized extends HttpError {
  constructor(message = "Authentication required") {
    super(401, "Unauthorized", message);
  }
}
export class Forbidden extends HttpError {
  constructor(message: string) {
    super(403, "Forbidden", message);
  }
}
export class NotFound extends HttpError {
  constructor(message: string) {
    super(404, "Not Found", message);
  }
}
export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, "Conflict", message);
  }
}
export class TooManyRequests extends HttpError {
  constructor(message: string) {
    super(429, "Too Many Requests", message);
  }
}
export class PayloadTooLarge extends HttpError {
  constructor(message: string) {
    super(413, "Payload Too Large", message);
  }
}
export class UnprocessableEntity extends HttpError {
  constructor(message: string) {
    super(422, "Unprocessable Entity", message);
  }
}
export class ServiceUnavailable extends HttpError {
  constructor(message: string) {
    super(503, "Service Unavailable", message);
  }
}
/** A valid request for something this server does not do (IIIF: a format it does not produce). */
export class NotImplemented extends HttpError {
  constructor(message: string) {
    super(501, "Not Implemented", message);
  }
}
