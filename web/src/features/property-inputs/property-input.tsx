// The input of one property instance, chosen by the property's type.
import { Skeleton } from "@mantine/core";
import type { TypeProperty } from "@repox/contracts";
import { lazyComponent } from "../../components/lazy-component.tsx";
import { BooleanInput } from "./boolean-input.tsx";
import { DateInput } from "./date-input.tsx";
import { EnumInput } from "./enum-input.tsx";
import type { PropertyInputState } from "./input-state.ts";
import { IpAddressInput } from "./ip-address-input.tsx";
import { JsonInput } from "./json-input.tsx";
import { MultiSelectInput } from "./multi-select-input.tsx";
import { NumberInput } from "./number-input.tsx";
import { ReferenceInput } from "./reference-input.tsx";
import { TextAreaInput } from "./text-area-input.tsx";
import { TextInput } from "./text-input.tsx";
import { TimeInput } from "./time-input.tsx";
import { UrlInput } from "./url-input.tsx";
import { VocabularyInput } from "./vocabulary-input.tsx";

// The rich text editor (tiptap) and the map (Leaflet) are most of a form's code: fetched only when a type has them.
const RichTextInput = lazyComponent(async () => (await import("./rich-text-input.tsx")).RichTextInput, <Skeleton h={160} />);
const SpatialMapInput = lazyComponent(async () => (await import("./spatial-map-input.tsx")).SpatialMapInput, <Skeleton h={320} />);

export type PropertyInputProps = {
  property: TypeProperty;
  label: string;
  value: PropertyInputState;
  onChange: (value: PropertyInputState) => void;
  required: boolean;
  disabled: boolean;
  error?: string | boolean;
};

export function PropertyInput({ value, onChange, ...common }: PropertyInputProps) {
  switch (value.type) {
    case "boolean":
      return <BooleanInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
    case "url":
      return <UrlInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
    case "enum":
      return <EnumInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
    case "date":
      return <DateInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
    case "time":
      return <TimeInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
    case "ip-address-v4":
      return <IpAddressInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
    case "number":
      return <NumberInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
    case "text-area":
      return <TextAreaInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
    case "json":
      return <JsonInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
    case "text":
      return <TextInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
    case "rich-text":
      return <RichTextInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
    case "spatial-map":
      return <SpatialMapInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
    case "multi-select":
      return <MultiSelectInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
    case "vocabulary-flat":
      return <VocabularyInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
    case "reference":
      return <ReferenceInput {...common} value={value.state} onChange={(state) => onChange({ type: value.type, state })} />;
  }
}
