// Each request's logger (Fastify's `request.log`, the request id bound to it), made only when the request first logs
// at a level the app's logger writes. A pino child costs some 3 µs (its bindings serialized) on every request, and
// above `info` (LOG_LEVEL=warn, tests' silent) most requests log nothing. At `info` Fastify logs every request
// ('incoming request'), so the child is made at once as before.
import type { FastifyBaseLogger } from "fastify";
import type { Bindings, ChildLoggerOptions } from "pino";

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
/** pino's loggers answer whether a level is written; another logger gets its children made at once. */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

class LazyRequestLogger implements FastifyBaseLogger {
  readonly #parent: ParentLogger & { isLevelEnabled: (level: string) => boolean };
  readonly #bindings: Bindings;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: ParentLogger & { isLevelEnabled: (level: string) => boolean }, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.#child && !this.#parent.isLevelEnabled(level)) return;
    (this.#made()[level] as (...values: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#write("fatal", args);
  }
  error(...args: unknown[]): void {
    this.#write("error", args);
  }
  warn(...args: unknown[]): void {
    this.#write("warn", args);
  }
  info(...args: unknown[]): void {
    this.#write("info", args);
  }
  debug(...args: unknown[]): void {
    this.#write("debug", args);
  }
  trace(...args: unknown[]): void {
    this.#write("trace", args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`. A route's own log level or serializers get a real child at once. */
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  const parent = logger as ParentLogger;
  const isLevelEnabled = parent.isLevelEnabled;
  if (!isLevelEnabled || options.level !== undefined || options.serializers !== undefined || isLevelEnabled.call(parent, "info")) {
    return logger.child(bindings, options);
  }
  return new LazyRequestLogger(parent as ParentLogger & { isLevelEnabled: (level: string) => boolean }, bindings);
}
