// The type of a new container: at the top level only types allowed at root; under a parent only the types its type
// accepts (spec 1 §5).
import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { type CreateParent, useCreatableTypes } from "./api.ts";

type Props = { parent: CreateParent; value: string | null; onChange: (code: string | null) => void };

export function TypeSelect({ parent, value, onChange }: Props) {
  const { t } = useTranslation();
  const types = useCreatableTypes(parent);
  const data = (types.data ?? []).map((type) => ({ value: type.code, label: type.name }));
  const noTypes = types.data !== undefined && data.length === 0;
  return (
    <Select
      label={t("containerForm.type")}
      required
      placeholder={t("containerForm.chooseType")}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      allowDeselect={false}
      disabled={types.isLoading}
      error={types.error ? errorText(types.error) : noTypes ? t("containerForm.noTypes") : undefined}
    />
  );
}
