// The state of the form's property fields for one container type: the instances, the inputs the user has left,
// and the rules that check them (loaded on demand).
import type { ContainerType, ContentProperty } from "@repox/contracts";
import { useEffect, useState } from "react";
import {
  addInstance,
  type FormInstance,
  type FormProblems,
  fieldsFor,
  findProblems,
  type PropertyField,
  removeInstance,
  updateInstance,
} from "./form-model.ts";
import { loadPropertyRules, type PropertyRules } from "./property-rules.ts";

const NO_PROBLEMS: FormProblems = { emptyMandatory: new Set(), invalid: new Map() };

export function usePropertyRules(): PropertyRules | null {
  const [rules, setRules] = useState<PropertyRules | null>(null);
  useEffect(() => {
    let isCurrent = true;
    // A failed load leaves the live checks off; saving loads the rules again and reports a failure then.
    loadPropertyRules().then(
      (loaded) => isCurrent && setRules(loaded),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return rules;
}

/** `type` null: no type chosen yet. `stored`: the container's values when editing. */
export function usePropertyFields(type: ContainerType | null, stored: readonly ContentProperty[] | undefined) {
  const [state, setState] = useState<{ type: ContainerType; fields: PropertyField[] } | null>(null);
  const [leftIds, setLeftIds] = useState<ReadonlySet<string>>(new Set());
  const rules = usePropertyRules();

  // A newly chosen type starts from its own properties; a refetch of the same type keeps what was typed.
  if (type !== null && state?.type.code !== type.code) setState({ type, fields: fieldsFor(type, stored) });
  const fields = state !== null && state.type.code === type?.code ? state.fields : [];
  const change = (next: (current: PropertyField[]) => PropertyField[]) =>
    setState((current) => (current === null ? current : { ...current, fields: next(current.fields) }));

  return {
    fields,
    /** Problems of the current values; nothing until the rules have loaded. */
    problems: rules ? findProblems(fields, rules) : NO_PROBLEMS,
    leftIds,
    events: {
      onChange: (key: string, instance: FormInstance) => change((current) => updateInstance(current, key, instance)),
      onAdd: (key: string) => change((current) => addInstance(current, key)),
      onRemove: (key: string, id: string) => change((current) => removeInstance(current, key, id)),
      onLeave: (id: string) => setLeftIds((current) => (current.has(id) ? current : new Set([...current, id]))),
    },
  };
}
