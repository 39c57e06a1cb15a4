// The values of an enum qualifier, picked from the ISO 639-1 languages (spec 2: name and iso639_1), each named in
// the UI language, in its alphabetical order, and found by typing that name or its code.
import { Alert, MultiSelect } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { intlLocale } from "../../../app/i18n/intl-locale.ts";
import { useLanguageName } from "../../../app/i18n/language-names.ts";
import { optionsWithChosen } from "../shared/options.ts";
import { statusFailureText } from "../shared/status-failure.ts";
import { useLanguages } from "./api.ts";

type Props = { value: string[]; onChange: (value: string[]) => void; error?: React.ReactNode; disabled?: boolean };

export function LanguageSelect({ value, onChange, error, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const languages = useLanguages();
  const languageName = useLanguageName();
  if (languages.error) return <Alert color="red">{statusFailureText(languages.error)}</Alert>;
  const options = (languages.data ?? []).map((language) => ({
    value: language.iso639_1,
    label: `${languageName(language.iso639_1, language.name)} (${language.iso639_1})`,
  }));
  const collator = new Intl.Collator(intlLocale(i18n.language));
  options.sort((a, b) => collator.compare(a.label, b.label));
  return (
    <MultiSelect
      label={t("contentModel.qualifiers.values")}
      placeholder={t("contentModel.qualifiers.valuesPlaceholder")}
      data={optionsWithChosen(options, value)}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled || languages.isLoading}
      searchable
      clearable
      withAsterisk
      nothingFoundMessage={t("contentModel.nothingFound")}
    />
  );
}
