import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dataDir = mkdtempSync(join(tmpdir(), "repox-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET = "a-jwt-secret-that-is-at-least-32-characters";

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("loadConfig accepted the environment");
}

describe("loadConfig", () => {
  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://db.example.org/repox"],
    ["REPOX_ADMIN_PASSWORD", "short"],
    ["JWT_SECRET", "too-short"],
    ["SMTP_URL", "http://mail.example.org"],
    ["PUBLIC_URL", "not a url"],
    ["STORAGE", "ftp"],
    ["S3_BUCKET", "Not_A_Bucket"],
    ["S3_ENDPOINT", "not a url"],
    ["S3_FORCE_PATH_STYLE", "yes"],
    ["REPOX_DEFAULT_TENANT", "API"],
    ["REPOX_PLATFORM_TOKEN", "short"],
    ["REPOX_SEED_DEMO", "yes"],
    ["LOGIN_RATE_LIMIT_PER_USER", "0"],
    ["TRUST_PROXY", "every proxy!"],
    ["JWT_EXPIRES_IN_HOURS", "-1"],
  ])("refuses %s=%s with a ConfigError naming the variable in one line", (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${name} \\S`));
    expect(error.message).not.toContain("\n");
  });

  it("gives the documented defaults, and treats empty variables as unset", () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, PORT: "", STORAGE: "" });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      databaseUrl: undefined,
      storage: "local",
      jwtExpiresInHours: 12,
      defaultTenant: "demo",
      adminUsername: "admin",
      platformToken: undefined,
      loginRateLimitPerUser: 10,
      loginRateLimitPerIp: 50,
    });
  });

  it("reads the variables it is given", () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: SECRET,
      PORT: "9090",
      DATABASE_URL: "postgres://repox@db/repox",
      JWT_EXPIRES_IN_HOURS: "2",
      LOGIN_RATE_LIMIT_PER_USER: "3",
    });
    expect(config).toMatchObject({ port: 9090, databaseUrl: "postgres://repox@db/repox", jwtExpiresInHours: 2, loginRateLimitPerUser: 3 });
  });

  it("with STORAGE=s3, requires a bucket and both keys or neither, and reads the S3 settings", () => {
    expect(configError({ STORAGE: "s3" }).message).toBe("Invalid configuration: S3_BUCKET is required when STORAGE=s3");
    expect(configError({ STORAGE: "s3", S3_BUCKET: "repox", S3_ACCESS_KEY_ID: "key" }).message).toBe(
      "Invalid configuration: S3_SECRET_ACCESS_KEY and S3_ACCESS_KEY_ID must be set together",
    );
    const env = { DATA_DIR: dataDir, JWT_SECRET: SECRET, STORAGE: "s3", S3_BUCKET: "repox-files", S3_ENDPOINT: "http://minio:9000" };
    expect(loadConfig({ ...env, S3_FORCE_PATH_STYLE: "true" }).s3).toEqual({
      bucket: "repox-files",
      region: "us-east-1",
      endpoint: "http://minio:9000",
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
    });
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, S3_BUCKET: "repox-files" }).s3).toBeUndefined();
  });

  it("without JWT_SECRET, generates one in DATA_DIR and keeps it across starts", () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(join(dataDir, "jwt-secret"), "utf8").trim()).toBe(first.jwtSecret);
  });
});
