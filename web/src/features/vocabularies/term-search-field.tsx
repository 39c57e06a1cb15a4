// The term search box: reports a search 600 ms after the last key, with 3 or more characters, or when emptied.
import { TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { VOCABULARY_LIMITS } from "@repox/contracts";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { nextTermSearch, TERM_SEARCH_DELAY_MS } from "./term-search.ts";

export function TermSearchField({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const report = useDebouncedCallback((typed: string) => onSearch(nextTermSearch(typed, value)), TERM_SEARCH_DELAY_MS);
  return (
    <TextInput
      aria-label={t("terms.search")}
      placeholder={t("terms.search")}
      title={t("terms.searchHint", { min: VOCABULARY_LIMITS.termSearchMinLength })}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
    />
  );
}
