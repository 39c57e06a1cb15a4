// A reference property: containers of the types its details allow (any type when none), searched by label.
import { useDebouncedCallback } from "@mantine/hooks";
import { useState } from "react";
import { useContainerLabels, useContainerSearch, useRememberContainerLabels } from "./api.ts";
import { referenceTypesOf } from "./choice-options.ts";
import type { InputProps } from "./input-props.ts";
import { RemoteMultiSelect } from "./remote-multi-select.tsx";

/** Spec 1 §9: the default search input debounce. */
export const REFERENCE_SEARCH_DEBOUNCE_MS = 1000;

export function ReferenceInput({ property, label, value, onChange, required, disabled, error }: InputProps<"reference">) {
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const search = useDebouncedCallback((text: string) => setQuery(text.trim()), REFERENCE_SEARCH_DEBOUNCE_MS);
  const containers = useContainerSearch(referenceTypesOf(property), query);
  const labels = useContainerLabels(value);
  const remember = useRememberContainerLabels();
  const options = (containers.data ?? []).map((container) => ({ value: container.uuid, label: container.label }));

  return (
    <RemoteMultiSelect
      label={label}
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
      isSearching={containers.isFetching}
      required={required}
      disabled={disabled}
      error={error}
    />
  );
}
