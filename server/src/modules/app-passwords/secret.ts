// Making and hashing app password secrets.
import { createHash, randomBytes } from "node:crypto";
import { APP_PASSWORD_PATTERN } from "@repox/contracts";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const GROUPS = 6;
const GROUP_LENGTH = 5;

/** 30 characters of a 32-letter alphabet (150 bits); a byte's low five bits pick each one, so every letter is as likely. */
export function newAppPasswordSecret(): string {
  const bytes = randomBytes(GROUPS * GROUP_LENGTH);
  const letters = [...bytes].map((byte) => ALPHABET[byte & 31]).join("");
  return Array.from({ length: GROUPS }, (_, i) => letters.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH)).join("-");
}

/** Whether a password given at sign-in has the form of an app password (letter case ignored, as users retype them). */
export function looksLikeAppPassword(password: string): boolean {
  return APP_PASSWORD_PATTERN.test(password.toLowerCase());
}

/**
 * SHA-256, not argon2: the secret is 150 random bits, not a human's choice, so no dictionary or brute force can
 * reverse its hash, and a salted slow hash would only cost a WebDAV client time on each check. Being unsalted it can
 * also be looked up by an index (as reset tokens are, modules/auth).
 */
export function hashAppPasswordSecret(secret: string): string {
  return createHash("sha256").update(secret.toLowerCase()).digest("hex");
}
