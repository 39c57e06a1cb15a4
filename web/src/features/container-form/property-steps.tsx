// Edit mode: one step per property group (spec 1 §2 "Modals"); a step holding a problem is marked once shown.
import { Button, Group, Stepper } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PropertyStep } from "./form-model.ts";
import { PropertyList, type PropertyListProps } from "./property-list.tsx";

export function PropertySteps({ steps, ...list }: PropertyListProps & { steps: readonly PropertyStep[] }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const hasProblem = (step: PropertyStep) =>
    list.fields.some(
      (field) =>
        step.keys.includes(field.property.propertyKey) &&
        (list.shown.emptyMandatory.has(field.property.propertyKey) ||
          field.instances.some((instance) => list.shown.invalid.has(instance.id))),
    );
  const last = steps.length - 1;

  return (
    <>
      <Stepper active={active} onStepClick={setActive} allowNextStepsSelect size="sm" wrap>
        {steps.map((step) => {
          const isFaulty = hasProblem(step);
          return (
            <Stepper.Step
              key={step.groupId ?? "ungrouped"}
              label={step.name ?? t("containerForm.ungrouped")}
              color={isFaulty ? "red" : undefined}
              completedIcon={isFaulty ? <IconAlertCircle size={18} /> : undefined}
              icon={isFaulty ? <IconAlertCircle size={18} /> : undefined}
            >
              <PropertyList {...list} fields={list.fields.filter((field) => step.keys.includes(field.property.propertyKey))} />
            </Stepper.Step>
          );
        })}
      </Stepper>
      {steps.length > 1 && (
        <Group justify="space-between" mt="md">
          <Button variant="default" disabled={active === 0} onClick={() => setActive((step) => Math.max(0, step - 1))}>
            {t("containerForm.previousStep")}
          </Button>
          <Button variant="default" disabled={active >= last} onClick={() => setActive((step) => Math.min(last, step + 1))}>
            {t("containerForm.nextStep")}
          </Button>
        </Group>
      )}
    </>
  );
}
