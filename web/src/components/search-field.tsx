// A search box that reports its text after the user pauses typing (spec 1 §9: 1000 ms by default).
import { TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";

export const SEARCH_DEBOUNCE_MS = 1000;

type Props = { label: string; onSearch: (text: string) => void; delay?: number };

export function SearchField({ label, onSearch, delay = SEARCH_DEBOUNCE_MS }: Props) {
  const [text, setText] = useState("");
  const report = useDebouncedCallback((value: string) => onSearch(value.trim()), delay);
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
    />
  );
}
