// The props every property input takes: the property it edits and the state of one of its instances.
import type { PropertyTypeCode, TypeProperty } from "@repox/contracts";
import type { InputStateByType } from "./input-state.ts";

export type InputProps<T extends PropertyTypeCode> = {
  property: TypeProperty;
  /** The label shown (the property's name, numbered for repeatable properties). */
  label: string;
  value: InputStateByType[T];
  onChange: (value: InputStateByType[T]) => void;
  required: boolean;
  disabled: boolean;
  /** A problem to show under the input; true only highlights it. */
  error?: string | boolean;
};
