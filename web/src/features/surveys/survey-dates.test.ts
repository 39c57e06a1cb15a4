import { describe, expect, it } from "vitest";
import { formatSurveyDateTime, isInFuture, pickerToSurveyTime, surveyTimeToPicker } from "./survey-dates.ts";

describe("survey dates", () => {
  it("turns the picker's local time into UTC and back", () => {
    const utc = "2026-11-24T10:30:00";
    const local = surveyTimeToPicker(utc);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(pickerToSurveyTime(local)).toBe(utc);
    expect(pickerToSurveyTime(null)).toBeNull();
    expect(surveyTimeToPicker(null)).toBeNull();
  });

  it("writes English as DD/MM/YYYY, h:mm a", () => {
    expect(formatSurveyDateTime("2026-11-24T10:30:00", "en")).toMatch(/^\d{2}\/\d{2}\/2026, \d{1,2}:\d{2} (am|pm)$/);
    expect(formatSurveyDateTime("soon", "en")).toBe("soon");
  });

  it("knows a future time", () => {
    const now = Date.parse("2026-11-24T10:00:00Z");
    expect(isInFuture("2026-11-24T10:00:01", now)).toBe(true);
    expect(isInFuture("2026-11-24T10:00:00", now)).toBe(false);
    expect(isInFuture(null, now)).toBe(false);
  });
});
