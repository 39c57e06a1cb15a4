// The property value rules the server applies (contracts/src/property-values.ts), loaded on demand: they bring an
// HTML sanitiser the rest of the app does not need.
export type PropertyRules = Pick<typeof import("@repox/contracts/property-values"), "isEmptyPropertyValue" | "validatePropertyValue">;

let loading: Promise<PropertyRules> | null = null;

export function loadPropertyRules(): Promise<PropertyRules> {
  loading ??= import("@repox/contracts/property-values").catch((error: unknown) => {
    // A failed chunk load (e.g. after a redeploy) may succeed on the next try.
    loading = null;
    throw error;
  });
  return loading;
}
