// The property fields of a datastream type, shared by the upload and the edit dialogs: the container form's fields and
// checks, fed with the datastream type's properties (spec 1 §5: mandatory properties must hold a value).
import type { ContainerType, ContentProperty, DatastreamType, PropertyValueInput } from "@repox/contracts";
import { useState } from "react";
import { type FormProblems, findProblems, hasProblems, propertyEntries } from "../container-form/form-model.ts";
import { PropertyList } from "../container-form/property-list.tsx";
import { loadPropertyRules } from "../container-form/property-rules.ts";
import { usePropertyFields } from "../container-form/use-property-fields.ts";
import { useQualifierCatalogue } from "../property-inputs/api.ts";

/** The form's fields only read a type's code and properties; a datastream type carries both. */
function asPropertyOwner(type: DatastreamType): ContainerType {
  return { ...type, containerAcceptance: "", allowedAtRoot: false };
}

export function useDatastreamProperties(type: DatastreamType | null, stored: readonly ContentProperty[] | undefined, isUpdate: boolean) {
  const { fields, problems, leftIds, events } = usePropertyFields(type ? asPropertyOwner(type) : null, stored);
  const [isNoticeOn, setNoticeOn] = useState(false);
  const qualifiers = useQualifierCatalogue();
  const shown: FormProblems = {
    emptyMandatory: isNoticeOn ? problems.emptyMandatory : new Set(),
    invalid: new Map([...problems.invalid].filter(([id]) => isNoticeOn || leftIds.has(id))),
  };

  /** The entries to send, or null (and the problems shown) when a mandatory value is missing or a value is wrong. */
  const collect = async (): Promise<PropertyValueInput[] | null> => {
    const rules = await loadPropertyRules();
    if (hasProblems(findProblems(fields, rules))) {
      setNoticeOn(true);
      return null;
    }
    setNoticeOn(false);
    return propertyEntries(fields, rules, isUpdate);
  };

  const view =
    fields.length > 0 ? (
      <PropertyList fields={fields} isUpdate={isUpdate} shown={shown} qualifierCatalogue={qualifiers.data ?? []} events={events} />
    ) : null;
  return { collect, view, isNoticeOn, hasEmptyMandatory: problems.emptyMandatory.size > 0 };
}
