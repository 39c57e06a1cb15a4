// A property type's name in the UI language, and the types as select options.
import { PROPERTY_TYPES, type PropertyTypeCode } from "@repox/contracts";
import i18next from "i18next";

export function propertyTypeLabel(type: PropertyTypeCode): string {
  return i18next.t(`contentModel.propertyTypes.${type}`);
}

export function propertyTypeOptions(): { value: PropertyTypeCode; label: string }[] {
  return PROPERTY_TYPES.map((type) => ({ value: type, label: propertyTypeLabel(type) }));
}
