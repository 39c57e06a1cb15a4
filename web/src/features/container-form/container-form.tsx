// The create/edit container form (spec 1 §4, §5): label and type (the type is fixed once created), then the type's
// properties — on one page when creating, as steps by property group when editing. A failed save turns the
// mandatory notice on (empty mandatory properties highlighted); loading or a successful save turns it off.
import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { CONTENT_LIMITS, type Container } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { DialogFooter } from "../../components/dialog-footer.tsx";
import { useFirstFieldFocus } from "../../components/first-field-focus.ts";
import { QueryStatus } from "../../components/query-status.tsx";
import { showSuccess } from "../../components/toast.ts";
import { useQualifierCatalogue } from "../property-inputs/api.ts";
import { type CreateParent, useContainerType, usePropertyGroups, useSaveContainer } from "./api.ts";
import { createBody, type FormProblems, findProblems, hasProblems, propertyEntries, propertySteps, updateBody } from "./form-model.ts";
import { loadPropertyRules } from "./property-rules.ts";
import { PropertySections } from "./property-sections.tsx";
import { PropertySteps } from "./property-steps.tsx";
import { TypeSelect } from "./type-select.tsx";
import { usePropertyFields } from "./use-property-fields.ts";

export type ContainerFormProps =
  | { mode: "create"; parent: CreateParent; onSaved: (container: Container) => void }
  | { mode: "edit"; container: Container; onSaved: (container: Container) => void };

/** Spec 1 §5 and §8, word for word. */
export const REQUIRED_FIELDS_MESSAGE = "There are required fields need to be filled in order to save";

export function ContainerForm(props: ContainerFormProps) {
  const { t } = useTranslation();
  const editing = props.mode === "edit" ? props.container : null;
  const [label, setLabel] = useState(editing?.label ?? "");
  const [typeCode, setTypeCode] = useState<string | null>(editing?.type.code ?? null);
  const [isNoticeOn, setNoticeOn] = useState(false);
  const [isChecking, setChecking] = useState(false);
  const [rulesError, setRulesError] = useState<unknown>(null);
  const type = useContainerType(typeCode);
  const groups = usePropertyGroups();
  const qualifiers = useQualifierCatalogue();
  const { fields, problems, leftIds, events } = usePropertyFields(type.data ?? null, editing?.properties);
  const save = useSaveContainer();

  const shown: FormProblems = {
    emptyMandatory: isNoticeOn ? problems.emptyMandatory : new Set(),
    invalid: new Map([...problems.invalid].filter(([id]) => isNoticeOn || leftIds.has(id))),
  };
  const steps = type.data ? propertySteps(type.data.properties, groups.data ?? []) : [];
  const canSave = label.trim() !== "" && typeCode !== null && type.data !== undefined;

  const submit = async () => {
    if (!canSave || !type.data) return;
    setChecking(true);
    try {
      const rules = await loadPropertyRules();
      setRulesError(null);
      if (hasProblems(findProblems(fields, rules))) {
        // The notice now tells what blocks this save, not why an earlier one failed.
        save.reset();
        setNoticeOn(true);
        return;
      }
      const entries = propertyEntries(fields, rules, editing !== null);
      const request =
        editing === null
          ? {
              mode: "create" as const,
              parentUuid: props.mode === "create" ? (props.parent?.uuid ?? null) : null,
              body: createBody(label, type.data.code, entries),
            }
          : { mode: "edit" as const, uuid: editing.uuid, body: updateBody(editing.uuid, label, type.data.code, entries) };
      save.mutate(request, {
        onSuccess: (saved) => {
          setNoticeOn(false);
          showSuccess(editing === null ? t("toast.created") : t("toast.updated"));
          props.onSaved(saved);
        },
        onError: () => setNoticeOn(true),
      });
    } catch (error) {
      setRulesError(error);
    } finally {
      setChecking(false);
    }
  };

  const notice = (() => {
    if (rulesError) return errorText(rulesError);
    if (save.isError) return errorText(save.error);
    if (!isNoticeOn) return null;
    if (problems.emptyMandatory.size > 0) return REQUIRED_FIELDS_MESSAGE;
    if (problems.invalid.size > 0) return t("containerForm.invalidValues");
    return null;
  })();

  const list = { fields, isUpdate: editing !== null, shown, qualifierCatalogue: qualifiers.data ?? [], events };

  const focusRef = useFirstFieldFocus();
  return (
    <form
      ref={focusRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        {notice && (
          <Alert color="red" role="alert">
            {notice}
          </Alert>
        )}
        <TextInput
          label={t("containerForm.label")}
          required
          maxLength={CONTENT_LIMITS.labelMaxLength}
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          data-autofocus
        />
        {props.mode === "create" ? (
          <TypeSelect
            parent={props.parent}
            value={typeCode}
            onChange={(code) => {
              setTypeCode(code);
              setNoticeOn(false);
            }}
          />
        ) : (
          <TextInput label={t("containerForm.type")} value={props.container.type.name} disabled />
        )}
        {typeCode !== null && !type.data && <QueryStatus isLoading={type.isLoading} error={type.error} />}
        {type.data &&
          fields.length > 0 &&
          (editing ? <PropertySteps steps={steps} {...list} /> : <PropertySections steps={steps} {...list} />)}
        <DialogFooter spread={false}>
          <Button type="submit" loading={isChecking || save.isPending} disabled={!canSave}>
            {t("common.save")}
          </Button>
        </DialogFooter>
      </Stack>
    </form>
  );
}
