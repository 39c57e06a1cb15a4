// Survey times (spec 3 §3): answered as UTC without a zone suffix (`2026-11-24T10:00:00`), accepted with or without
// one (a time without a zone is UTC).
import { z } from "zod";

const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const ISO_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?$/;

/** Milliseconds since the epoch of a survey time, or NaN when the text is not one. */
export function parseSurveyTime(value: string): number {
  const text = value.trim();
  const local = text.replace(ZONED, "");
  if (!ISO_LOCAL.test(local)) return Number.NaN;
  return Date.parse(ZONED.test(text) ? text : `${text}Z`);
}

/** The answered form: UTC, whole seconds, no zone suffix. */
export function formatSurveyTime(epochMs: number): string {
  return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().slice(0, 19);
}

export const SurveyTime = z
  .string()
  .trim()
  .refine((value) => !Number.isNaN(parseSurveyTime(value)), {
    error: "must be a date and time such as 2026-11-24T10:00:00 (UTC, or with a zone such as +01:00)",
  })
  .transform((value) => formatSurveyTime(parseSurveyTime(value)));
