// One property of the form: its instances (added and removed when repeatable), each with its input and, for
// language-aware properties that allow qualifiers, a toggle showing the qualifier fields.
import { ActionIcon, Button, Group, Stack, Tooltip } from "@mantine/core";
import { LANGUAGE_AWARE_TYPES, type Qualifier } from "@repox/contracts";
import { IconLanguage, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PropertyInput } from "../property-inputs/property-input.tsx";
import { QualifierFields } from "../property-inputs/qualifier-fields.tsx";
import type { PropertyField as Field, FormInstance } from "./form-model.ts";

type Props = {
  field: Field;
  disabled: boolean;
  /** Highlights the field as a mandatory one left empty. */
  isMissing: boolean;
  /** Problems of instances by instance id, shown once a save has failed or the input was left. */
  problems: ReadonlyMap<string, string>;
  qualifierCatalogue: readonly Qualifier[];
  onChange: (instance: FormInstance) => void;
  onAdd: () => void;
  onRemove: (id: string) => void;
  onLeave: (id: string) => void;
};

function InstanceRow({ field, instance, label, props }: { field: Field; instance: FormInstance; label: string; props: Props }) {
  const { t } = useTranslation();
  const { property } = field;
  const qualifierKeys = LANGUAGE_AWARE_TYPES.has(property.propertyType) ? property.qualifiers : [];
  const [showQualifiers, setShowQualifiers] = useState(Object.values(instance.qualifiers).some((value) => value.trim() !== ""));
  const problem = props.problems.get(instance.id);

  return (
    <Stack gap="xs" onBlur={() => props.onLeave(instance.id)}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          <PropertyInput
            property={property}
            label={label}
            value={instance.input}
            onChange={(input) => props.onChange({ ...instance, input })}
            required={property.mandatory}
            disabled={props.disabled}
            error={problem ?? props.isMissing}
          />
        </div>
        {qualifierKeys.length > 0 && (
          <Tooltip label={t("containerForm.qualifiers", { label })}>
            <ActionIcon
              mt={26}
              variant={showQualifiers ? "filled" : "default"}
              aria-label={t("containerForm.qualifiers", { label })}
              aria-pressed={showQualifiers}
              onClick={() => setShowQualifiers((shown) => !shown)}
            >
              <IconLanguage size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {property.repeatable && (
          <Tooltip label={t("containerForm.removeInstance", { label })}>
            <ActionIcon
              mt={26}
              variant="subtle"
              color="red"
              aria-label={t("containerForm.removeInstance", { label })}
              disabled={props.disabled || field.instances.length <= 1}
              onClick={() => props.onRemove(instance.id)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {showQualifiers && qualifierKeys.length > 0 && (
        <QualifierFields
          keys={qualifierKeys}
          catalogue={props.qualifierCatalogue}
          value={instance.qualifiers}
          onChange={(qualifiers) => props.onChange({ ...instance, qualifiers })}
          disabled={props.disabled}
          label={label}
        />
      )}
    </Stack>
  );
}

export function PropertyField(props: Props) {
  const { t } = useTranslation();
  const { field } = props;
  const name = field.property.displayName || field.property.propertyKey;
  const labelOf = (index: number) =>
    field.property.repeatable ? t("containerForm.instanceLabel", { label: name, number: index + 1 }) : name;
  return (
    <Stack gap="xs">
      {field.instances.map((instance, index) => (
        <InstanceRow key={instance.id} field={field} instance={instance} label={labelOf(index)} props={props} />
      ))}
      {field.property.repeatable && (
        <Group>
          <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} disabled={props.disabled} onClick={props.onAdd}>
            {t("containerForm.addInstance", { label: name })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
