// Checks a new setting value against its type and details (spec 2 §5) and returns the value to store.
import { readSettingDetails, type SettingDetails } from "@repox/contracts";
import { BadRequest, Forbidden } from "../../platform/errors.ts";

export type SettingDefinition = { label: string; editable: boolean; mandatory: boolean; settingType: string; settingDetails: string };

const DECIMAL = /^-?\d+(\.\d+)?$/;
const WHOLE = /^-?\d+$/;

function checkNumber(label: string, value: string, details: SettingDetails): string {
  if (!DECIMAL.test(value)) throw new BadRequest(`The setting '${label}' must be a number`);
  if (details.integer && !WHOLE.test(value)) throw new BadRequest(`The setting '${label}' must be a whole number`);
  const number = Number(value);
  const isTooLarge = details.integer ? !Number.isSafeInteger(number) : !Number.isFinite(number);
  if (isTooLarge) throw new BadRequest(`The setting '${label}' is too large`);
  if (details.min !== undefined && number < details.min) throw new BadRequest(`The setting '${label}' must be at least ${details.min}`);
  if (details.max !== undefined && number > details.max) throw new BadRequest(`The setting '${label}' must be at most ${details.max}`);
  return String(number);
}

/** The value to store for `given`, or a 4xx naming the setting and what is wrong. */
export function acceptedValue(setting: SettingDefinition, given: string): string {
  const { label } = setting;
  if (!setting.editable) throw new Forbidden(`The setting '${label}' cannot be edited`);
  if (setting.settingType === "BOOLEAN") {
    if (given !== "TRUE" && given !== "FALSE") throw new BadRequest(`The setting '${label}' must be one of TRUE, FALSE`);
    return given;
  }
  const value = given.trim();
  if (value === "") {
    // A setting that is not mandatory may be emptied: empty means "not chosen" (the WebDAV default types).
    if (!setting.mandatory) return "";
    throw new BadRequest(`The setting '${label}' needs a value`);
  }
  const details = readSettingDetails(setting.settingDetails);
  switch (setting.settingType) {
    case "ENUM": {
      const allowed = details.values ?? [];
      if (!allowed.includes(value)) throw new BadRequest(`The setting '${label}' must be one of ${allowed.join(", ")}`);
      return value;
    }
    case "NUMBER":
      return checkNumber(label, value, details);
    default:
      if (details.maxLength !== undefined && value.length > details.maxLength) {
        throw new BadRequest(`The setting '${label}' must be at most ${details.maxLength} characters`);
      }
      return value;
  }
}
