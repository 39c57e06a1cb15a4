// The fields of some properties, one under the other.
import { Stack } from "@mantine/core";
import type { Qualifier } from "@repox/contracts";
import { type PropertyField as Field, type FormInstance, type FormProblems, isLocked } from "./form-model.ts";
import { PropertyField } from "./property-field.tsx";

export type FieldEvents = {
  onChange: (key: string, instance: FormInstance) => void;
  onAdd: (key: string) => void;
  onRemove: (key: string, id: string) => void;
  onLeave: (id: string) => void;
};

export type PropertyListProps = {
  fields: readonly Field[];
  isUpdate: boolean;
  /** Problems to show now (empty until a save failed or an input was left). */
  shown: FormProblems;
  qualifierCatalogue: readonly Qualifier[];
  events: FieldEvents;
};

export function PropertyList({ fields, isUpdate, shown, qualifierCatalogue, events }: PropertyListProps) {
  return (
    <Stack gap="md">
      {fields.map((field) => {
        const key = field.property.propertyKey;
        return (
          <PropertyField
            key={key}
            field={field}
            disabled={isLocked(field.property, isUpdate)}
            isMissing={shown.emptyMandatory.has(key)}
            problems={shown.invalid}
            qualifierCatalogue={qualifierCatalogue}
            onChange={(instance) => events.onChange(key, instance)}
            onAdd={() => events.onAdd(key)}
            onRemove={(id) => events.onRemove(key, id)}
            onLeave={events.onLeave}
          />
        );
      })}
    </Stack>
  );
}
