// The container form's data: one field per property of the type (in the type's order), each with its instances;
// property groups as steps; the create and update bodies; and the checks run before saving.
import type {
  ContainerCreateBodyInput,
  ContainerType,
  ContainerUpdateBodyInput,
  ContentProperty,
  PropertyGroup,
  PropertyValueInput,
  TypeProperty,
} from "@repox/contracts";
import { emptyInputState, type InstanceState, readPropertyValue, writePropertyValue } from "../property-inputs/input-state.ts";
import type { PropertyRules } from "./property-rules.ts";

export type FormInstance = InstanceState & { id: string };
export type PropertyField = { property: TypeProperty; instances: FormInstance[] };

let lastInstanceId = 0;
const nextInstanceId = (key: string) => `${key}:${++lastInstanceId}`;

export function newInstance(property: TypeProperty): FormInstance {
  return { id: nextInstanceId(property.propertyKey), input: emptyInputState(property.propertyType), qualifiers: {} };
}

/** The fields of a type, holding the stored instances of `stored` (a container's properties) or one empty instance. */
export function fieldsFor(type: ContainerType, stored: readonly ContentProperty[] = []): PropertyField[] {
  return type.properties.map((property) => {
    const held = stored
      .filter((entry) => entry.key === property.propertyKey && entry.value !== null)
      .sort((a, b) => a.instance - b.instance)
      .map((entry) => ({ id: nextInstanceId(property.propertyKey), ...readPropertyValue(property.propertyType, entry.value) }));
    const instances = property.repeatable ? held : held.slice(0, 1);
    return { property, instances: instances.length > 0 ? instances : [newInstance(property)] };
  });
}

export function updateInstance(fields: readonly PropertyField[], key: string, instance: FormInstance): PropertyField[] {
  return fields.map((field) =>
    field.property.propertyKey === key
      ? { ...field, instances: field.instances.map((current) => (current.id === instance.id ? instance : current)) }
      : field,
  );
}

export function addInstance(fields: readonly PropertyField[], key: string): PropertyField[] {
  return fields.map((field) =>
    field.property.propertyKey === key && field.property.repeatable
      ? { ...field, instances: [...field.instances, newInstance(field.property)] }
      : field,
  );
}

/** Removes an instance; the last one stays (spec 1 §4: remove is disabled when one instance remains). */
export function removeInstance(fields: readonly PropertyField[], key: string, id: string): PropertyField[] {
  return fields.map((field) =>
    field.property.propertyKey === key && field.instances.length > 1
      ? { ...field, instances: field.instances.filter((instance) => instance.id !== id) }
      : field,
  );
}

/** A step of the edit form: one property group (null: properties in no group), in the order the type lists them. */
export type PropertyStep = { groupId: number | null; name: string | null; keys: string[] };

export function propertySteps(properties: readonly TypeProperty[], groups: readonly PropertyGroup[]): PropertyStep[] {
  const steps: PropertyStep[] = [];
  for (const property of properties) {
    let step = steps.find((candidate) => candidate.groupId === property.groupId);
    if (!step) {
      const name = groups.find((group) => group.id === property.groupId)?.name ?? null;
      step = { groupId: property.groupId, name, keys: [] };
      steps.push(step);
    }
    step.keys.push(property.propertyKey);
  }
  // Properties outside any group come last, as the type's own order has them.
  return [...steps.filter((step) => step.groupId !== null), ...steps.filter((step) => step.groupId === null)];
}

/** Whether a property takes input in this form: on update, properties that are not editable keep their value. */
export function isLocked(property: TypeProperty, isUpdate: boolean): boolean {
  return isUpdate && !property.editable;
}

/** The entries to send: every instance holding a value, in order; locked properties are left out on update. */
export function propertyEntries(fields: readonly PropertyField[], rules: PropertyRules, isUpdate: boolean): PropertyValueInput[] {
  return fields
    .filter((field) => !isLocked(field.property, isUpdate))
    .flatMap((field) =>
      field.instances
        .map((instance) => writePropertyValue(instance))
        .filter((value) => !rules.isEmptyPropertyValue(value, field.property.propertyType))
        .map((value) => ({ key: field.property.propertyKey, value })),
    );
}

export function createBody(label: string, typeCode: string, entries: PropertyValueInput[]): ContainerCreateBodyInput {
  return { label: label.trim(), type: typeCode, properties: entries };
}

export function updateBody(uuid: string, label: string, typeCode: string, entries: PropertyValueInput[]): ContainerUpdateBodyInput {
  return { id: uuid, label: label.trim(), type: typeCode, properties: entries };
}

export type FormProblems = {
  /** Keys of mandatory properties without a value. */
  emptyMandatory: Set<string>;
  /** Instance ids and what is wrong with their value. */
  invalid: Map<string, string>;
};

/** What keeps the form from saving, checked with the rules the server applies. */
export function findProblems(fields: readonly PropertyField[], rules: PropertyRules): FormProblems {
  const problems: FormProblems = { emptyMandatory: new Set(), invalid: new Map() };
  for (const { property, instances } of fields) {
    let hasValue = false;
    for (const instance of instances) {
      const value = writePropertyValue(instance);
      if (rules.isEmptyPropertyValue(value, property.propertyType)) continue;
      hasValue = true;
      const result = rules.validatePropertyValue(property, value);
      if (!result.ok) problems.invalid.set(instance.id, result.message);
    }
    if (property.mandatory && !hasValue) problems.emptyMandatory.add(property.propertyKey);
  }
  return problems;
}

export const hasProblems = (problems: FormProblems) => problems.emptyMandatory.size > 0 || problems.invalid.size > 0;

/** Codes of an acceptance list ("book;chapter"); empty means every type is accepted. */
export function acceptedCodes(acceptance: string): string[] {
  return acceptance
    .split(";")
    .map((code) => code.trim().toLowerCase())
    .filter((code) => code !== "");
}
