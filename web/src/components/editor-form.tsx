// The body of an editor dialog: the save failure, the fields (read-only without the edit permission) and, for
// editors, the Delete/Save footer.
import { Alert, Fieldset, Stack, type StackProps } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { errorText } from "../api/errors.ts";
import { EditorFooter, type FooterRemoval } from "./editor-footer.tsx";
import { useFirstFieldFocus } from "./first-field-focus.ts";

/** The save mutation's state; an editor that toasts its failures passes no `error`. */
type SaveState = { isPending: boolean; error?: unknown };

type Props<K> = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  save: SaveState;
  canEdit: boolean;
  removal: FooterRemoval<K> | null;
  gap?: StackProps["gap"];
  children: ReactNode;
};

export function EditorForm<K>({ onSubmit, save, canEdit, removal, gap, children }: Props<K>) {
  const focusRef = useFirstFieldFocus();
  return (
    <form noValidate onSubmit={onSubmit} ref={focusRef}>
      <Stack>
        {save.error ? <Alert color="red">{errorText(save.error)}</Alert> : null}
        <Fieldset variant="unstyled" disabled={!canEdit}>
          <Stack gap={gap}>{children}</Stack>
        </Fieldset>
        {canEdit && <EditorFooter removal={removal} isSaving={save.isPending} />}
      </Stack>
    </form>
  );
}
