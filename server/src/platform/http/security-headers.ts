// The headers every answer carries: helmet's security headers (CSP, HSTS, X-Frame-Options, …) and X-Request-Id.
// Registered as a plugin, @fastify/helmet builds helmet's whole middleware again on every request, in two hooks (one
// async); here helmet decides the headers once at start, in a probe app with the same options, and one synchronous
// hook sets those same names and values on each answer, on the raw response as helmet does (routes may still change
// or remove them: content-delivery.ts, the frameable pages in app.ts). The app uses no nonces and no per-route helmet
// options, so nothing varies between requests.
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";

export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      connectSrc: ["'self'"],
      // Stories show YouTube and Vimeo videos in their players' frames (story-viewer/video-element.tsx).
      frameSrc: ["'self'", "https://www.youtube-nocookie.com", "https://player.vimeo.com"],
      frameAncestors: ["'self'"],
    },
  },
};

type Header = readonly [name: string, value: string | number | readonly string[]];

/** The headers @fastify/helmet sets with `options`: names in helmet's own case, in its order. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<readonly Header[]> {
  const probe = Fastify();
  const headers = new Map<string, Header>();
  let isRecording = true;
  // Registered before helmet's hooks: records what they set on the raw response, until the route runs.
  probe.addHook("onRequest", (_request, reply, done) => {
    const raw = reply.raw;
    const setHeader = raw.setHeader.bind(raw);
    raw.setHeader = (name: string, value: Header[1]) => {
      if (isRecording) headers.set(name.toLowerCase(), [name, value]);
      return setHeader(name, value);
    };
    done();
  });
  await probe.register(helmet, options);
  probe.get("/", () => {
    isRecording = false;
    return "";
  });
  await probe.inject({ method: "GET", url: "/" });
  await probe.close();
  if (headers.size === 0) throw new Error("helmet set no header in the probe app");
  return [...headers.values()];
}

/** `headers`: helmetHeaders(HELMET_OPTIONS), worked out before the app is built. */
export function registerResponseHeaders(app: FastifyInstance, headers: readonly Header[]): void {
  app.addHook("onRequest", (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    reply.header("x-request-id", request.id);
    done();
  });
}
