// The layout of a type, each choice with a line on what the content area shows for it (spec 1 §4).
import { Radio, Stack } from "@mantine/core";
import { TYPE_LAYOUTS, type TypeLayout } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { TYPE_KINDS, type TypeKind } from "./type-kinds.ts";

const isLayout = (value: string): value is TypeLayout => (TYPE_LAYOUTS as readonly string[]).includes(value);

type Props = { kind: TypeKind; value: TypeLayout; onChange: (layout: TypeLayout) => void };

export function LayoutField({ kind, value, onChange }: Props) {
  const { t } = useTranslation();
  // A layout set elsewhere (import, the API) stays visible even if this kind does not offer it.
  const layouts = TYPE_KINDS[kind].layouts.includes(value) ? TYPE_KINDS[kind].layouts : [...TYPE_KINDS[kind].layouts, value];
  return (
    <Radio.Group
      label={t("contentTypes.layout")}
      value={value}
      onChange={(next) => {
        if (isLayout(next)) onChange(next);
      }}
    >
      <Stack gap="xs" mt="xs">
        {layouts.map((layout) => (
          <Radio
            key={layout}
            value={layout}
            label={t(`contentTypes.layouts.${layout}`)}
            description={t(`contentTypes.layoutHints.${kind}.${layout}`)}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
