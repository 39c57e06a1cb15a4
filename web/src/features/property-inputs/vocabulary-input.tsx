// A vocabulary-flat property: terms of its vocabulary, searched on the server (spec 1 §5: more than 2 characters,
// 600 ms after the last key; an empty box lists the first terms again).
import { useDebouncedCallback } from "@mantine/hooks";
import { VOCABULARY_LIMITS } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { nextTermSearch } from "../vocabularies/term-search.ts";
import { useRememberTermLabels, useTermLabels, useTermSearch } from "./api.ts";
import { vocabularyOf } from "./choice-options.ts";
import type { InputProps } from "./input-props.ts";
import { RemoteMultiSelect } from "./remote-multi-select.tsx";

export function VocabularyInput({ property, label, value, onChange, required, disabled, error }: InputProps<"vocabulary-flat">) {
  const { t } = useTranslation();
  const vocabularyId = vocabularyOf(property);
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const search = useDebouncedCallback(
    (text: string) => setQuery((current) => nextTermSearch(text, current)),
    VOCABULARY_LIMITS.termSearchDebounceMs,
  );
  const terms = useTermSearch(vocabularyId, query);
  const labels = useTermLabels(vocabularyId, value);
  const remember = useRememberTermLabels(vocabularyId);
  const options = (terms.data?.content ?? []).map((term) => ({ value: term.termId, label: term.label }));

  return (
    <RemoteMultiSelect
      label={label}
      description={t("containerForm.inputs.termSearchHint", { min: VOCABULARY_LIMITS.termSearchMinLength })}
      value={value}
      onChange={(next, picked) => {
        remember(picked);
        onChange(next);
      }}
      options={options}
      chosenLabels={labels}
      searchValue={typed}
      onSearchChange={(text) => {
        setTyped(text);
        search(text);
      }}
      isSearching={terms.isFetching}
      required={required}
      disabled={disabled}
      error={error}
    />
  );
}
