// Which child types a type accepts, as multi-selects of existing type codes; empty means all are allowed (spec 2 §5).
import { MultiSelect, SimpleGrid } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { codeOption, optionsWithChosen } from "../content-model/shared/options.ts";
import { useTypeOptions } from "./api.ts";
import type { TypeKind } from "./type-kinds.ts";
import type { TypeFormValues } from "./type-values.ts";

type Props = { kind: TypeKind; form: UseFormReturnType<TypeFormValues> };

export function AcceptanceFields({ kind, form }: Props) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {kind === "container" && (
        <AcceptanceSelect
          of="container"
          label={t("contentTypes.containerAcceptance")}
          value={form.values.containerAcceptance}
          onChange={(codes) => form.setFieldValue("containerAcceptance", codes)}
        />
      )}
      <AcceptanceSelect
        of="datastream"
        label={t("contentTypes.datastreamAcceptance")}
        value={form.values.datastreamAcceptance}
        onChange={(codes) => form.setFieldValue("datastreamAcceptance", codes)}
      />
    </SimpleGrid>
  );
}

type SelectProps = { of: TypeKind; label: string; value: string[]; onChange: (codes: string[]) => void };

function AcceptanceSelect({ of, label, value, onChange }: SelectProps) {
  const { t } = useTranslation();
  const types = useTypeOptions(of);
  const data = optionsWithChosen((types.data?.content ?? []).map(codeOption), value);
  return (
    <MultiSelect
      label={label}
      description={t("contentTypes.acceptanceHint")}
      placeholder={value.length === 0 ? t("contentTypes.acceptancePlaceholder") : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
    />
  );
}
