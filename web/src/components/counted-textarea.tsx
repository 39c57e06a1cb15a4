// A growing multi-line input that counts its characters against its limit under the label ('20/255').
import { Textarea, type TextareaProps } from "@mantine/core";

type Props = Omit<TextareaProps, "maxLength" | "description" | "value"> & { value?: string; maxLength: number };

export function CountedTextarea({ value = "", maxLength, minRows = 2, ...props }: Props) {
  return (
    <Textarea autosize minRows={minRows} maxLength={maxLength} description={`${value.length}/${maxLength}`} value={value} {...props} />
  );
}
