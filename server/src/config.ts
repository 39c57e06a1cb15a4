// Environment -> typed configuration, validated once at start. A wrong value stops the process with one line.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { IIIF_IMAGE_LIMITS, TenantCode } from "@repox/contracts";
import { z } from "zod";
import { DEFAULT_VIDEO_TOOLS } from "./platform/media/video-poster.ts";
import type { RenderTools } from "./platform/render/render-tools.ts";

const EnvVariables = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "must start with postgres:// or postgresql://" })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_LIFTOFF_ONLY: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
  STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens" })
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url({ error: "must be an absolute URL such as https://s3.example.org" }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
  JWT_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  JWT_EXPIRES_IN_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(12),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: "must start with smtp:// or smtps://" })
    .optional(),
  MAIL_FROM: z.string().min(3).default("Repox <no-reply@repox.local>"),
  PUBLIC_URL: z.url({ error: "must be an absolute URL such as https://repox.example.org" }).optional(),
  REPOX_DEFAULT_TENANT: TenantCode.default("demo"),
  REPOX_ADMIN_USERNAME: z.string().min(1).max(100).default("admin"),
  REPOX_ADMIN_PASSWORD: z.string().min(8, { error: "must be at least 8 characters" }).optional(),
  REPOX_PLATFORM_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  REPOX_SEED_DEMO: z.enum(["true", "false"], { error: "must be true or false" }).default("true"),
  LOGIN_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
  SURVEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  EMBED_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  IIIF_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(IIIF_IMAGE_LIMITS.requestsPerMinute),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[\w.:/, -]+)$/, {
      error: "must be true, false, a hop count, or proxy addresses such as loopback, 10.0.0.0/8",
    })
    .default("loopback"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  CHROMIUM_PATH: z.string().min(1).default("/usr/bin/chromium"),
  FFMPEG_PATH: z.string().min(1).default(DEFAULT_VIDEO_TOOLS.ffmpegPath),
});

const Env = EnvVariables.superRefine((env, ctx) => {
  if (env.STORAGE === "s3" && !env.S3_BUCKET) ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when STORAGE=s3" });
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    ctx.addIssue({ code: "custom", path: ["S3_SECRET_ACCESS_KEY"], message: "and S3_ACCESS_KEY_ID must be set together" });
  }
});

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  storage: "local" | "s3";
  /** Set exactly when storage is "s3". */
  s3: S3Settings | undefined;
  jwtSecret: string;
  jwtExpiresInHours: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  defaultTenant: string;
  adminUsername: string;
  adminPassword: string | undefined;
  platformToken: string | undefined;
  /** Whether the default tenant gets the demo content model when the first start creates it. */
  seedDemo: boolean;
  /** Embedded only: restart as `node --liftoff-only` (decision 0009: lower peak memory, slower database work). */
  liftoffOnly: boolean;
  loginRateLimitPerUser: number;
  loginRateLimitPerIp: number;
  /** Public survey submissions per address and minute (reads: four times as many). */
  surveyRateLimitPerMinute: number;
  /** Website embed reads (the story and each of its media) per address and minute. */
  embedRateLimitPerMinute: number;
  iiifRateLimitPerMinute: number;
  /**
   * Which peers may tell the client's address, protocol and host through X-Forwarded-* (Fastify `trustProxy`): by
   * default only a proxy on the same machine, so a client cannot pick its own address to dodge a rate limit.
   */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  logLevel: string;
  webDist: string | undefined;
  /** The programs story exports run (Chromium for renders, ffmpeg for videos); checked when an export starts. */
  renderTools: RenderTools;
};

export class ConfigError extends Error {}

function parseTrustProxy(value: string): Config["trustProxy"] {
  if (value === "true") return true;
  if (value === "false") return false;
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

/** Empty variables count as unset, so `FOO= npm start` falls back to the default. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue?.path[0])} ${issue?.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    storage: e.STORAGE,
    s3:
      e.STORAGE === "s3" && e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
          }
        : undefined,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    jwtExpiresInHours: e.JWT_EXPIRES_IN_HOURS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    defaultTenant: e.REPOX_DEFAULT_TENANT,
    adminUsername: e.REPOX_ADMIN_USERNAME,
    adminPassword: e.REPOX_ADMIN_PASSWORD,
    platformToken: e.REPOX_PLATFORM_TOKEN,
    seedDemo: e.REPOX_SEED_DEMO === "true",
    liftoffOnly: e.DATABASE_LIFTOFF_ONLY === "true",
    loginRateLimitPerUser: e.LOGIN_RATE_LIMIT_PER_USER,
    loginRateLimitPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
    surveyRateLimitPerMinute: e.SURVEY_RATE_LIMIT_PER_MINUTE,
    embedRateLimitPerMinute: e.EMBED_RATE_LIMIT_PER_MINUTE,
    iiifRateLimitPerMinute: e.IIIF_RATE_LIMIT_PER_MINUTE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    renderTools: { chromiumPath: e.CHROMIUM_PATH, ffmpegPath: e.FFMPEG_PATH },
  };
}

/** JWT_SECRET unset: generate one on first start and keep it beside the data so tokens survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
