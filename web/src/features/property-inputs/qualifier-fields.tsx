// The qualifiers of one instance of a language-aware property (e.g. the language of a text): a select for a
// qualifier with listed values (language codes, named in the UI language and found by that name), a text box otherwise.
import { Group, Select, TextInput } from "@mantine/core";
import { parseQualifierDetails, type Qualifier } from "@repox/contracts";
import { useLanguageName } from "../../app/i18n/language-names.ts";
import type { QualifierState } from "./input-state.ts";

type Props = {
  /** The qualifier keys the property allows. */
  keys: readonly string[];
  catalogue: readonly Qualifier[];
  value: QualifierState;
  onChange: (value: QualifierState) => void;
  disabled: boolean;
  /** Names the property in the fields' labels, e.g. "Title: Language". */
  label: string;
};

export function QualifierFields({ keys, catalogue, value, onChange, disabled, label }: Props) {
  const languageName = useLanguageName();
  return (
    <Group grow align="flex-start">
      {keys.map((key) => {
        const qualifier = catalogue.find((candidate) => candidate.qualifierKey === key);
        const name = `${label}: ${qualifier?.qualifierName ?? key}`;
        const current = value[key] ?? "";
        const set = (text: string | null) => onChange({ ...value, [key]: text ?? "" });
        const details = qualifier ? parseQualifierDetails(qualifier.qualifierType, qualifier.qualifierDetails) : null;
        if (qualifier?.qualifierType === "enum" && details?.ok) {
          const values =
            current && !details.details.values.includes(current) ? [current, ...details.details.values] : details.details.values;
          const data = values.map((code) => {
            const name = languageName(code);
            return { value: code, label: name === code ? code : `${name} (${code})` };
          });
          return (
            <Select key={key} label={name} data={data} value={current || null} onChange={set} disabled={disabled} searchable clearable />
          );
        }
        return (
          <TextInput key={key} label={name} value={current} onChange={(event) => set(event.currentTarget.value)} disabled={disabled} />
        );
      })}
    </Group>
  );
}
