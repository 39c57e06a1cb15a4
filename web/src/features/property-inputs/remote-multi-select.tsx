// A multi-select whose options come from a server search: the typed text is reported, not filtered locally, and the
// chosen values stay listed with their labels whatever the current search answered.
import { Loader, MultiSelect } from "@mantine/core";
import { useTranslation } from "react-i18next";

export type RemoteOption = { value: string; label: string };

type Props = {
  label: string;
  value: string[];
  onChange: (value: string[], picked: RemoteOption[]) => void;
  /** What the last search answered. */
  options: readonly RemoteOption[];
  /** Labels of the chosen values. */
  chosenLabels: ReadonlyMap<string, string>;
  searchValue: string;
  onSearchChange: (text: string) => void;
  isSearching: boolean;
  required: boolean;
  disabled: boolean;
  error?: string | boolean;
  description?: string;
};

export function RemoteMultiSelect(props: Props) {
  const { t } = useTranslation();
  const { value, options, chosenLabels } = props;
  const chosen = value.map((id) => ({ value: id, label: chosenLabels.get(id) ?? id }));
  const data = [...chosen, ...options.filter((option) => !value.includes(option.value))];
  return (
    <MultiSelect
      label={props.label}
      description={props.description}
      required={props.required}
      disabled={props.disabled}
      error={props.error}
      data={data}
      value={value}
      onChange={(next) =>
        props.onChange(
          next,
          options.filter((option) => next.includes(option.value)),
        )
      }
      searchable
      searchValue={props.searchValue}
      onSearchChange={props.onSearchChange}
      filter={({ options: all }) => all}
      nothingFoundMessage={props.isSearching ? t("containerForm.inputs.searching") : t("containerForm.inputs.nothingFound")}
      rightSection={props.isSearching ? <Loader size="xs" /> : undefined}
      clearable
    />
  );
}
