// Adds a property to a type: a searchable select over the tenant's properties (searched on the server) and the
// group to put it in, 'No group' by default.
import { Button, Group, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { LIMITS, type Property, type PropertyGroup } from "@repox/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SEARCH_DEBOUNCE_MS } from "../../components/search-field.tsx";
import { useProperties } from "../content-model/properties/api.ts";
import { groupName } from "./group-name.ts";
import type { PropertyRow } from "./property-rows.ts";

const NO_GROUP = "none";

const optionLabel = (property: Property) => `${property.displayName} (${property.propertyKey})`;

type Props = { assigned: ReadonlySet<string>; groups: PropertyGroup[]; onAdd: (row: PropertyRow) => void };

export function AddProperty({ assigned, groups, onAdd }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Property | null>(null);
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [group, setGroup] = useState(NO_GROUP);
  // Once a property is chosen the box shows its label; that is not a search.
  const q = chosen && debouncedSearch === optionLabel(chosen) ? "" : debouncedSearch;
  const properties = useProperties({ page: 0, size: LIMITS.maxPageSize, q });
  const offered = (properties.data?.content ?? []).filter((property) => !assigned.has(property.propertyKey));
  if (chosen && !offered.some((property) => property.propertyKey === chosen.propertyKey)) offered.unshift(chosen);

  const add = () => {
    if (!chosen) return;
    const { propertyKey, displayName, propertyType, mandatory, editable, repeatable } = chosen;
    // A new assignment starts from the property's own flags.
    onAdd({ propertyKey, displayName, propertyType, mandatory, editable, repeatable, groupId: group === NO_GROUP ? null : Number(group) });
    setChosen(null);
    setSearch("");
  };

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t("contentTypes.property")}
        placeholder={t("contentTypes.propertyPlaceholder")}
        data={offered.map((property) => ({ value: property.propertyKey, label: optionLabel(property) }))}
        value={chosen?.propertyKey ?? null}
        onChange={(propertyKey) => setChosen(offered.find((property) => property.propertyKey === propertyKey) ?? null)}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage={t("contentTypes.noPropertyFound")}
        clearable
        style={{ flex: "1 1 18rem" }}
      />
      <Select
        label={t("contentTypes.group")}
        data={[
          { value: NO_GROUP, label: groupName(t, groups, null) },
          ...groups.map((candidate) => ({ value: String(candidate.id), label: candidate.name })),
        ]}
        value={group}
        onChange={(value) => setGroup(value ?? NO_GROUP)}
        allowDeselect={false}
        style={{ flex: "0 1 14rem" }}
      />
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} disabled={!chosen}>
        {t("contentTypes.addProperty")}
      </Button>
    </Group>
  );
}
